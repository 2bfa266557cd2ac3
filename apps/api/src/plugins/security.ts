import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The origin uploads are served from when it is not this one (STORAGE_PROVIDER=s3 with a
 * bucket or CDN elsewhere): pictures load from there, over plain http too (MinIO on a LAN).
 */
const origenDeUploads = (s3PublicUrl: string | undefined): string[] =>
  s3PublicUrl ? [new URL(s3PublicUrl).origin] : [];

/**
 * Security headers for everything the process serves, Swagger UI's own hashes included when
 * the docs page is served.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const uploads =
    app.config.STORAGE_PROVIDER === 's3' ? origenDeUploads(app.config.S3_PUBLIC_URL) : [];
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
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...uploads],
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
