import {
  buscarGeoQuerySchema,
  buscarGeoResponseSchema,
  errorBodySchema,
  inversaGeoQuerySchema,
  type MapaConfig,
  mapaConfigSchema,
  planoGeoQuerySchema,
  planoGeoSchema,
  ubicacionGeoSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planoDelGazetteer } from '../../adapters/geo/gazetteer-geo';
import type { GeoPort } from '../../adapters/geo/geo.port';

/**
 * Geocoding for the location picker, public (spec file 1, sections 2 to 4). The app mounts it
 * at `/api/geo` with the adapter its configuration chose.
 */
export const createGeoRoutes =
  (geo: GeoPort, capa: Omit<MapaConfig, 'buscaCalles'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/mapa',
      {
        schema: {
          operationId: 'obtenerCapaDeMapa',
          responseDescriptions: { 200: 'La capa de mapa' },
          tags: ['geo'],
          summary:
            'Capa de mapa configurada (plantilla de teselas y atribución) y si el geocodificador busca calles',
          response: { 200: mapaConfigSchema },
        },
      },
      async (): Promise<MapaConfig> => ({ ...capa, buscaCalles: geo.buscaCalles }),
    );

    app.get(
      '/buscar',
      {
        schema: {
          operationId: 'buscarDirecciones',
          responseDescriptions: {
            200: 'Las sugerencias',
            502: 'El servicio de direcciones no respondió',
          },
          tags: ['geo'],
          summary: 'Sugerencias de direcciones y localidades de Argentina',
          querystring: buscarGeoQuerySchema,
          response: { 200: buscarGeoResponseSchema, 400: errorBodySchema, 502: errorBodySchema },
        },
      },
      async (request) => ({
        sugerencias: await geo.buscar(request.query.q, request.query.limite),
      }),
    );

    app.get(
      '/inversa',
      {
        schema: {
          operationId: 'ubicarPunto',
          responseDescriptions: {
            200: 'La ubicación del punto',
            404: 'No hay dirección para ese punto',
            502: 'El servicio de direcciones no respondió',
          },
          tags: ['geo'],
          summary: 'Dirección, ciudad, provincia y código postal de un punto del mapa',
          querystring: inversaGeoQuerySchema,
          response: {
            200: ubicacionGeoSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      (request) => geo.inversa(request.query.lat, request.query.lng),
    );

    // The picker draws this when the map tiles cannot be loaded; it comes from the embedded
    // gazetteer whatever the provider, so it works with no network.
    app.get(
      '/plano',
      {
        schema: {
          operationId: 'obtenerPlano',
          responseDescriptions: { 200: 'El plano del área' },
          tags: ['geo'],
          summary: 'Barrios, localidades y límites de un área, para dibujar el mapa sin teselas',
          querystring: planoGeoQuerySchema,
          response: { 200: planoGeoSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { sur, oeste, norte, este } = request.query;
        // The same area always gives the same answer: the browser may keep it a day.
        reply.header('cache-control', 'public, max-age=86400');
        return planoDelGazetteer(sur, oeste, norte, este);
      },
    );
  };
