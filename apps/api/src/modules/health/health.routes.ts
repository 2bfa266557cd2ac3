import { errorBodySchema, healthSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'la base de datos no responde');
        throw appError(503, 'BASE_DE_DATOS_NO_DISPONIBLE');
      }
      return { ok: true as const, db: app.database.kind };
    },
  );
};
