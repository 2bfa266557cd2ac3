import {
  ERROR_CODES,
  errorBodySchema,
  healthSchema,
  livenessSchema,
  readinessSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMigrationStatus } from '../../db/migration-status';
import { AppError, appError } from '../../lib/app-error';
import { conPlazo } from '../../lib/con-plazo';

/**
 * How long the probes wait for the database: a balancer asks with a timeout of a few seconds
 * (compose.yaml: 3 s), and a probe that answers nothing tells it less than a 503 with a reason.
 */
const PLAZO_DE_LA_BASE_MS = 1_500;

const noListo = (mensaje: string) => new AppError(503, ERROR_CODES.servicioNoListo, mensaje);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const pendingMigrations = createMigrationStatus(app.database.db);

  app.get(
    '/health',
    {
      schema: {
        operationId: 'estadoDelServicio',
        responseDescriptions: {
          200: 'El servicio y su base de datos responden',
          503: 'La base de datos no responde',
        },
        tags: ['sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await conPlazo(app.database.ping(), PLAZO_DE_LA_BASE_MS);
      } catch (error) {
        request.log.error({ err: error }, 'la base de datos no responde');
        throw appError(503, 'BASE_DE_DATOS_NO_DISPONIBLE');
      }
      return { ok: true as const, db: app.database.kind };
    },
  );

  // Probes are not rate limited: a load balancer asks every few seconds from one address.
  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'procesoVivo',
        responseDescriptions: { 200: 'El proceso está en marcha' },
        tags: ['sistema'],
        summary:
          'Vida del proceso (liveness): responde mientras el proceso corre, sin consultar dependencias',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ vivo: true as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'servicioListo',
        responseDescriptions: {
          200: 'Listo para recibir tráfico',
          503: 'No enviar tráfico: la base de datos no responde (BASE_DE_DATOS_NO_DISPONIBLE), faltan migraciones o el servidor se está apagando (SERVICIO_NO_LISTO); `mensaje` dice cuál',
        },
        tags: ['sistema'],
        summary:
          'Disponibilidad (readiness): base de datos alcanzable, migraciones aplicadas y sin apagado en curso',
        response: { 200: readinessSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      if (app.lifecycle.draining) {
        throw noListo('El servidor se está apagando: envía el tráfico a otro nodo');
      }
      let pendientes: number;
      try {
        pendientes = await conPlazo(
          app.database.ping().then(() => pendingMigrations()),
          PLAZO_DE_LA_BASE_MS,
        );
      } catch (error) {
        request.log.error({ err: error }, 'la base de datos no responde');
        throw appError(503, 'BASE_DE_DATOS_NO_DISPONIBLE');
      }
      if (pendientes > 0) {
        throw noListo(`Faltan aplicar ${pendientes} migraciones de la base de datos`);
      }
      return { listo: true as const, db: app.database.kind };
    },
  );
};
