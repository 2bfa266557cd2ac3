import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requireOwner } from '../lib/access';
import { type AccessTokens, tokenErrors } from '../modules/usuario/access-token';
import type { UsuarioService } from '../modules/usuario/usuario.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the caller's user id from the Bearer token. */
    auth?: { usuarioId: string };
  }
}

export interface Guards {
  /**
   * Requires a valid Bearer access token, and sets `request.actor` (the caller and roles) that
   * routes hand to the services (`actorOf(request)`).
   */
  authenticate: preHandlerAsyncHookHandler;
  /**
   * The ownership rule as a first line, before the body reaches the service: the `userId` a
   * route names (path or body) must be the caller's own, unless the caller is an admin. The
   * service checks it again (lib/access.ts). Use after `authenticate`.
   */
  requireSelfOrAdmin(userIdOf: (request: FastifyRequest) => string): preHandlerAsyncHookHandler;
  /** `authenticate`, then the ownership rule for a `userId` path parameter. */
  ownUserInParams: preHandlerAsyncHookHandler[];
  /** `authenticate`, then the ownership rule for a `userId` in the JSON body. */
  ownUserInBody: preHandlerAsyncHookHandler[];
}

export function createGuards(accessTokens: AccessTokens, usuarios: UsuarioService): Guards {
  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw tokenErrors.ausente();
    const { userId: usuarioId } = await accessTokens.verify(match[1]);
    request.auth = { usuarioId };
    request.actor = await usuarios.actor(usuarioId);
  };
  const requireSelfOrAdmin: Guards['requireSelfOrAdmin'] = (userIdOf) => async (request) => {
    requireOwner(request.actor ?? null, userIdOf(request));
  };
  return {
    authenticate,
    requireSelfOrAdmin,
    ownUserInParams: [
      authenticate,
      requireSelfOrAdmin((request) => (request.params as { userId: string }).userId),
    ],
    ownUserInBody: [
      authenticate,
      requireSelfOrAdmin((request) => (request.body as { userId: string }).userId),
    ],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    guards: Guards;
  }
}
