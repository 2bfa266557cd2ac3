import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a JSON body, in scopes that registered `keepRawJsonBody`. */
    rawBody?: Buffer;
  }
}

/**
 * For webhooks, which verify a signature over the exact bytes they were sent: in the scope
 * it is registered in (a route plugin, so the rest of the API keeps the default parser), JSON
 * bodies are read as bytes, kept as `request.rawBody`, and then parsed by Fastify's own JSON
 * parser (same prototype-poisoning protection, same errors, same body limit).
 */
export function keepRawJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    parseJson(request, bytes.toString('utf8'), done);
  });
}
