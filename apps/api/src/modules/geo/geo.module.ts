import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeo } from '../../adapters/geo/geo-from-config';
import { defineModule } from '../api-module';
import { createGeoRoutes } from './geo.routes';

/** The geocoder from the configuration, with the map tiles the screens draw. */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    createGeoRoutes(createGeo(app.config, app.log), {
      tileUrl: app.config.MAP_TILE_URL,
      atribucion: app.config.MAP_TILE_ATTRIBUTION,
    }),
  );
};

export const geoModule = defineModule({
  name: 'geo',
  routes: [{ prefix: '/geo', plugin: geoRoutes }],
});
