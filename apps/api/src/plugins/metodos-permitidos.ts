import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

const METODOS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The methods the route table answers on this request's path, when its own method is not
     * one of them (for a 405 with `Allow`); empty when the path has no route at all.
     */
    metodosPermitidos(request: FastifyRequest): string[];
  }
}

/**
 * Keeps a copy of the route table by path (find-my-way, the router Fastify itself uses, with
 * its `maxParamLength`), so that a request whose path exists with other methods is answered
 * 405 with `Allow` instead of 404 (issue 34). Registered before the routes: an `onRoute` hook
 * sees those after it.
 */
export function registrarMetodosPermitidos(app: FastifyInstance, maxParamLength: number) {
  const tabla = FindMyWay({ maxParamLength });
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const metodo of [route.method].flat() as HTTPMethod[]) {
      if (tabla.hasRoute(metodo, route.url)) continue;
      tabla.on(metodo, route.url, () => undefined);
    }
  });
  app.decorate('metodosPermitidos', (request: FastifyRequest) => {
    const ruta = request.url.split('?')[0] ?? '/';
    const permitidos = METODOS.filter((metodo) => tabla.find(metodo, ruta) !== null);
    return permitidos.includes(request.method as HTTPMethod) ? [] : permitidos;
  });
}
