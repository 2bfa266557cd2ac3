import type { Config } from '../../config';
import type { ShippingPort } from './shipping.port';
import { createTarifarioEnvio } from './tarifario-shipping';

/**
 * The embedded rate table. No carrier API is wired yet; one would be chosen here by a
 * configuration variable, as `geo-from-config.ts` does (docs/decisions/023).
 */
export const createShipping = (_config: Config): ShippingPort => createTarifarioEnvio();
