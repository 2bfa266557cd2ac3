import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ERROR_CODES } from '@compra-grupal/contracts';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError } from './lib/app-error';
import { categoriaRoutes } from './modules/categoria/categoria.routes';
import { coberturaRoutes } from './modules/cobertura/cobertura.routes';
import { healthRoutes } from './modules/health/health.routes';
import { defaultWebDistDir } from './paths';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import type { RealtimePort } from './realtime/realtime.port';
import { attachRealtime } from './realtime/socket-server';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    realtime: RealtimePort;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
}

/** Builds the whole application: plugins first, then the API modules, then errors and 404s. */
export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('realtime', attachRealtime(app).port);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerOpenApi(app);
  await registerSecurityHeaders(app);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_MAX,
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        errorResponseBuilder: () =>
          new AppError(
            429,
            ERROR_CODES.demasiadasSolicitudes,
            'Demasiadas solicitudes. Esperá un momento y volvé a intentar.',
          ),
      });
      await api.register(healthRoutes);
      await api.register(categoriaRoutes, { prefix: '/categoria' });
      await api.register(coberturaRoutes, { prefix: '/cobertura' });
    },
    { prefix: '/api' },
  );

  const uploadsDir = join(resolve(config.DATA_DIR), 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await registerWebApp(app, {
    webDistDir: config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : defaultWebDistDir,
    uploadsDir,
  });

  return app;
}
