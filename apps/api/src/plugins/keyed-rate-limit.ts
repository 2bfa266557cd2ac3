import { ERROR_CODES } from '@compra-grupal/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/*
 * Counters keyed by what a request names (an address, an email, an order and a caller…), for
 * the limits a global per-address limit cannot express: sign-in attempts, and next the
 * delivery-code checks (429 after a few wrong codes per order and per caller).
 */

const demasiadosIntentos = () =>
  new AppError(
    429,
    ERROR_CODES.demasiadasSolicitudes,
    'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  );

export type KeyOf = (request: FastifyRequest) => string;

/** Lets a scope create limiters: the /api scope already can, the local issuer's cannot. */
export async function enableRateLimits(scope: FastifyInstance): Promise<void> {
  if (!scope.hasDecorator('createRateLimit')) await scope.register(rateLimit, { global: false });
}

/**
 * One counter of @fastify/rate-limit (its in-memory LRU store, bounded) with two ways to use
 * it: `hook`, a preHandler where every request counts; or `check` before the attempt (reads,
 * does not count) plus `record` after a failure, so that only failures count.
 */
export function keyedCounter(
  scope: FastifyInstance,
  name: string,
  { max, windowMs }: { max: number; windowMs: number },
  keyOf: KeyOf,
) {
  const limiter = scope.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${request.routeOptions.url}:${keyOf(request)}`,
  });
  const refuse = (reply: FastifyReply, ttlInSeconds: number) => {
    reply.header('retry-after', ttlInSeconds);
    return demasiadosIntentos();
  };
  return {
    async hook(request: FastifyRequest, reply: FastifyReply) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw refuse(reply, result.ttlInSeconds);
    },
    /** Refuses once the failures counted in the window reached the limit. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      const result = await limiter(request, { increment: false });
      if (result.isAllowed || result.remaining > 0) return;
      throw refuse(reply, result.ttlInSeconds);
    },
    /** Counts one failure; answers the failures in the window so far. */
    async record(request: FastifyRequest): Promise<number> {
      const result = await limiter(request);
      return result.isAllowed ? 0 : result.max - result.remaining;
    },
  };
}
