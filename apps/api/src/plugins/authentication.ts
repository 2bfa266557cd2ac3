import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
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
    // Already done before the body was validated (see `autenticarAntesDelCuerpo`).
    if (request.actor) return;
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

/**
 * A secured route answers an anonymous or forged request 401 before it judges the body: a
 * route whose preHandler authenticates also authenticates at preValidation, so nobody learns a
 * route's field rules without a session (issue 34). The preHandler's pass then finds the actor
 * set and does nothing. Registered before the routes (an `onRoute` hook sees those after it).
 */
export function autenticarAntesDelCuerpo(app: FastifyInstance, guards: Guards) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandler = [route.preHandler ?? []].flat();
    if (!preHandler.includes(guards.authenticate)) return;
    route.preValidation = [guards.authenticate, ...[route.preValidation ?? []].flat()];
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    guards: Guards;
  }
}
