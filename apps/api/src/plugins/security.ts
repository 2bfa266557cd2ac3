import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for everything the process serves, Swagger UI's own hashes included when
 * the docs page is served.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, (instance) => {
    const swaggerCSP = instance.hasDecorator('swaggerCSP')
      ? instance.swaggerCSP
      : { script: [], style: [] };
    return {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...swaggerCSP.script],
          styleSrc: ["'self'", "'unsafe-inline'", ...swaggerCSP.style],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    };
  });
}
