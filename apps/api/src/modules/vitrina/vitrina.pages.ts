import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How long a crawler or a proxy may keep the sitemap and robots.txt. */
const CACHE = 'public, max-age=300';

/**
 * `/sitemap.xml` and `/robots.txt` (docs/decisions/043), at the root where crawlers look for
 * them. The sitemap is streamed as the rows are read; neither is per visitor.
 */
export const vitrinaPages: FastifyPluginAsyncZod = async (app) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(Readable.from(app.services.vitrina.sitemap(null))),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(app.services.vitrina.robots(null)),
  );
};
