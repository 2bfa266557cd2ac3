import type { Config } from '../../config';
import { createGazetteerGeo } from './gazetteer-geo';
import type { GeoPort } from './geo.port';
import { createGeorefGeo } from './georef-geo';

/** The offline gazetteer by default; the national Georef API with GEO_PROVIDER=georef. */
export const createGeo = (
  config: Config,
  log: { warn(object: object, message: string): void },
): GeoPort =>
  config.GEO_PROVIDER === 'georef'
    ? createGeorefGeo({ baseUrl: config.GEOREF_BASE_URL, log })
    : createGazetteerGeo();
