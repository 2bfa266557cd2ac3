import type { FastifyRequest } from 'fastify';

/** Roles the product team grants (DESIGN.md section 3). A seller is whoever owns the store. */
export type Rol = 'admin' | 'repartidor';

/**
 * The caller of a service method: the signed-in user and their roles, or `null` for an
 * anonymous request. Built once per request by the `authenticate` guard.
 */
export interface Actor {
  readonly id: string;
  readonly roles: readonly Rol[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the caller, with the roles read from the database. */
    actor?: Actor;
  }
}

/** The caller of this request (`null` when it is anonymous), for the first service argument. */
export const actorOf = (request: FastifyRequest): Actor | null => request.actor ?? null;
