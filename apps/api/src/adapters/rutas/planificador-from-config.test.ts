import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { type OsrmFake, startOsrmFake } from './osrm-fake.test-server';
import { planificarSinCalles } from './planificador-embebido';
import { createPlanificadorDeRutas } from './planificador-from-config';

const solicitud = {
  origen: { latitud: -34.58, longitud: -58.42 },
  paradas: [
    { id: 'a', latitud: -34.59, longitud: -58.41 },
    { id: 'b', latitud: -34.6, longitud: -58.43 },
  ],
  destino: { latitud: -34.58, longitud: -58.42 },
};
const log = { warn: () => undefined };

describe('the route planner chosen by configuration', () => {
  let fake: OsrmFake;
  beforeAll(async () => {
    fake = await startOsrmFake();
  });
  afterAll(() => fake.close());

  it('is the embedded one without RUTAS_OSRM_URL (empty counts as unset)', async () => {
    for (const env of [{}, { RUTAS_OSRM_URL: '' }]) {
      const config = loadConfig(env);
      expect(config.RUTAS_OSRM_URL).toBeUndefined();
      const ruta = await createPlanificadorDeRutas(config, log).planificar(solicitud);
      expect(ruta).toEqual(planificarSinCalles(solicitud));
    }
    expect(fake.solicitudes).toHaveLength(0);
  });

  it('asks OSRM with RUTAS_OSRM_URL', async () => {
    const config = loadConfig({ RUTAS_OSRM_URL: fake.baseUrl });
    const ruta = await createPlanificadorDeRutas(config, log).planificar(solicitud);
    expect(fake.solicitudes).toHaveLength(1);
    expect(ruta.orden).toHaveLength(2);
  });

  it('refuses a RUTAS_OSRM_URL that is not an http(s) URL, naming it', () => {
    for (const RUTAS_OSRM_URL of ['osrm:5000', 'ftp://osrm']) {
      expect(() => loadConfig({ RUTAS_OSRM_URL })).toThrow(ConfigError);
      expect(() => loadConfig({ RUTAS_OSRM_URL })).toThrow(/RUTAS_OSRM_URL/);
    }
  });
});
