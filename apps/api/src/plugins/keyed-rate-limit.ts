import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@compra-grupal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LimiterStore } from '../adapters/limits/limiter-store.port';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the limiters count: shared by every node with Redis or PostgreSQL (app.ts). */
    limiterStore: LimiterStore;
  }
}

/*
 * Counters keyed by what a request names (an address, an email…), for the limits a global
 * per-address limit cannot express: sign-in attempts on every node at once, in the app's
 * limiter store. (The delivery-code tries count in their own table, entrega.repository.ts.)
 */

const demasiadosIntentos = () =>
  new AppError(
    429,
    ERROR_CODES.demasiadasSolicitudes,
    'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  );

export type KeyOf = (request: FastifyRequest) => string;

/** What a store keeps of a request's key: a digest, so no email or address is stored. */
const digest = (value: string) =>
  createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * One counter with two ways to use it: `hook`, a preHandler where every request counts; or
 * `take`, which counts one now and can take it back once the request turns out not to count
 * (counting first, so that requests in flight at once cannot all pass). Each route counts
 * apart.
 */
export function keyedCounter(
  scope: FastifyInstance,
  name: string,
  { max, windowMs }: { max: number; windowMs: number },
  keyOf: KeyOf,
) {
  const keyFor = (request: FastifyRequest) =>
    `limite:${name}:${request.routeOptions.url}:${digest(keyOf(request))}`;
  const refuse = (reply: FastifyReply, ttlMs: number) => {
    reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
    return demasiadosIntentos();
  };
  return {
    async hook(request: FastifyRequest, reply: FastifyReply) {
      const { count, ttlMs } = await scope.limiterStore.hit(keyFor(request), windowMs);
      if (count > max) throw refuse(reply, ttlMs);
    },
    /**
     * Counts one: `count` in the window with it, `over` past the limit, `refusal()` the 429 to
     * throw then, and `undo()` to take it back (once).
     */
    async take(request: FastifyRequest, reply: FastifyReply) {
      const key = keyFor(request);
      const { count, ttlMs } = await scope.limiterStore.hit(key, windowMs);
      let undone = false;
      return {
        count,
        over: count > max,
        refusal: () => refuse(reply, ttlMs),
        async undo() {
          if (undone) return;
          undone = true;
          await scope.limiterStore.decrement(key);
        },
      };
    },
  };
}
