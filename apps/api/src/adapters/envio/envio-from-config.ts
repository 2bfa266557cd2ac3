import type { Config } from '../../config';
import type { EnvioPort } from './envio.port';
import { createTarifarioEnvio } from './tarifario-envio';

/**
 * The embedded rate table. No carrier API is wired yet; one would be chosen here by a
 * configuration variable, as `geo-from-config.ts` does (docs/decisions/023).
 */
export const createEnvio = (_config: Config): EnvioPort => createTarifarioEnvio();
