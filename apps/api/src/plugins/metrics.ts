import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES } from '@compra-grupal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics/prometheus-metrics';
import { errorBody } from './error-handler';

const hash = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (Prometheus text format), outside /api and outside the OpenAPI document: it is
 * for the operator's scraper, not for the app's clients. With METRICS_TOKEN it asks for
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); in production it is served only
 * then (without a token it does not exist: 404). Every request's duration is observed by its
 * route pattern (never the raw URL, which would make a series per id).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  { token, production }: { token: string | undefined; production: boolean },
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'sin_ruta';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (production && !token) {
    app.log.warn('métricas desactivadas: en producción GET /metrics necesita METRICS_TOKEN');
    return;
  }
  const expected = token ? hash(`Bearer ${token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = request.headers.authorization;
      if (!given || !timingSafeEqual(hash(given), expected)) {
        reply.header('www-authenticate', 'Bearer');
        return reply
          .status(401)
          .send(
            errorBody(
              given ? ERROR_MESSAGES.TOKEN_INVALIDO : ERROR_MESSAGES.TOKEN_AUSENTE,
              given ? ERROR_CODES.tokenInvalido : ERROR_CODES.tokenAusente,
            ),
          );
      }
    }
    reply.header('content-type', metrics.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.render();
  });
}
