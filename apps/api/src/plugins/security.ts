import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers for everything the process serves, Swagger UI's own hashes included. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, (instance) => ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...instance.swaggerCSP.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...instance.swaggerCSP.style],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  }));
}
