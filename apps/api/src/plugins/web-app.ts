import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@compra-grupal/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler';
import {
  grupoIdDeLaPagina,
  indexPageConVistaPrevia,
  indexPageFor,
  type VistaPrevia,
} from './web-app-hints';

const notFoundBody = errorBody(ERROR_MESSAGES.RUTA_NO_ENCONTRADA, ERROR_CODES.rutaNoEncontrada);

/**
 * Paths that only ever name files, and the server's own development pages (/dev/correos when
 * it is off): a missing one is a JSON 404, never the SPA's index.html (a browser would take
 * the page for a broken image or script, or a missing page for one that exists).
 */
const soloArchivos = /^\/(api|uploads|assets|dev)(\/|\?|$)/;

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never cached, brotli or gzip
 * when the browser takes them) and the
 * uploaded files, and answers unknown paths: JSON 404 under /api, /uploads and /assets, the
 * SPA everywhere else so that the client router shows its own not-found screen.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    uploadsDir: string;
    /**
     * The preview of a shared group link (`/group/<id>`): its Open Graph tags, absolute URLs
     * included; undefined for an unknown group. Without it the page goes out as built.
     */
    vistaPreviaDeGrupo?: (grupoId: string) => Promise<VistaPrevia | undefined>;
    /** Where a page asked for on another origin than PUBLIC_URL's goes (./origen-publico). */
    redireccionAlOrigenPublico?: (request: FastifyRequest) => string | undefined;
  },
): Promise<void> {
  const indexPath = join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexPath);
  // Read once, like the assets: a new build comes with a restart.
  const indexHtml = hasWebApp ? readFileSync(indexPath, 'utf8') : null;

  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: !hasWebApp,
    immutable: true,
    maxAge: '365d',
  });

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join(options.webDistDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No se encontró la app web en ${options.webDistDir}; solo se sirve la API`);
  }

  /** The page for `url`: with a shared group's preview when it names one, else with hints. */
  const pagina = async (html: string, url: string): Promise<string> => {
    const grupoId = options.vistaPreviaDeGrupo ? grupoIdDeLaPagina(url) : undefined;
    if (grupoId && options.vistaPreviaDeGrupo) {
      // A preview that cannot be read (the database is down) must not take the page down.
      const vista = await options.vistaPreviaDeGrupo(grupoId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'no se pudo leer la vista previa del grupo');
        return undefined;
      });
      if (vista) return indexPageConVistaPrevia(html, vista);
    }
    return indexPageFor(html, url);
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (
      !soloArchivos.test(request.url) &&
      indexHtml !== null &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      const destino = options.redireccionAlOrigenPublico?.(request);
      if (destino) return reply.header('cache-control', 'no-store').redirect(destino, 302);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await pagina(indexHtml, request.url));
    }
    return reply.status(404).send(notFoundBody);
  });
}
