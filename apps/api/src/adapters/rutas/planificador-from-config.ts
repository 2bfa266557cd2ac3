import type { Config } from '../../config';
import { createPlanificadorEmbebido } from './planificador-embebido';
import { createPlanificadorOsrm } from './planificador-osrm';
import type { PlanificadorDeRutas } from './rutas.port';

/** The embedded planner (offline) by default; an OSRM server's streets with RUTAS_OSRM_URL. */
export const createPlanificadorDeRutas = (
  config: Pick<Config, 'RUTAS_OSRM_URL'>,
  log: { warn(object: object, message: string): void },
): PlanificadorDeRutas =>
  config.RUTAS_OSRM_URL
    ? createPlanificadorOsrm({ baseUrl: config.RUTAS_OSRM_URL, log })
    : createPlanificadorEmbebido();
