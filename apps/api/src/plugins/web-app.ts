import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES } from '@compra-grupal/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conCabecera, type PaginaPublica } from '../lib/cabecera';
import { codificacionAceptada, crearHtmlComprimido } from '../lib/html-comprimido';
import type { RutaDibujable } from '../modules/vitrina/vitrina.datos';
import { errorBody } from './error-handler';
import {
  etiquetasDeVistaPrevia,
  grupoIdDeLaPagina,
  indexPageConVistaPrevia,
  indexPageFor,
  indexPageSinIndexar,
  paginaPublicaDeLaRuta,
  rutaDibujable,
  type VistaPrevia,
} from './web-app-hints';
import type { DibujoDePaginas } from './web-app-ssr';

/** The head of a group page that does not exist: its own title, and kept out of search. */
const GRUPO_NO_ENCONTRADO = [
  { title: 'Grupo no encontrado · Compra Grupal' },
  { name: 'robots', content: 'noindex' },
];

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
/** The answer to an address past its page limit: small, and drawn from nothing. */
const DEMASIADAS_PAGINAS = `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Demasiadas solicitudes · Compra Grupal</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#18181b"><h1 style="font-size:1.25rem">Demasiadas solicitudes</h1><p>Pediste demasiadas páginas seguidas. Espera un momento y vuelve a intentarlo.</p></body></html>`;

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
    /**
     * The head of a store's or a product's page (`/store/<id>`, `/product/<id>`, the id as
     * written): share tags, canonical URL and JSON-LD, or a 404 with `noindex`
     * (docs/decisions/043). Without it those pages go out as built.
     */
    paginaPublica?: (tipo: 'tienda' | 'producto', id: string) => Promise<PaginaPublica>;
    /**
     * The public pages drawn on the server (./web-app-ssr.ts, docs/decisions/044). Without it,
     * or when a page cannot be drawn, the client-rendered shell goes out.
     */
    dibujo?: DibujoDePaginas;
    /** A demo or sandbox site: every page says `noindex` (tag and X-Robots-Tag header). */
    sinIndexar?: boolean;
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

  /**
   * The page for `url` and its status: a store's or a product's with its head (or a 404), a
   * shared group's with its preview, else with hints. A head that cannot be built (the
   * database is down) must not take the page down: the shell goes out as built, with a log.
   */
  const pagina = async (html: string, url: string): Promise<{ estado: number; html: string }> => {
    const ruta = options.dibujo ? rutaDibujable(url) : undefined;
    if (ruta && options.dibujo) {
      const pathname = url.split('?')[0] ?? url;
      const dibujada = await options.dibujo
        .pagina(ruta, pathname, html, () => cabeceraDe(ruta))
        .catch((error: unknown) => {
          app.log.error(
            { err: error, pagina: ruta.pagina },
            'no se pudo dibujar la página en el servidor; va la del navegador',
          );
          return undefined;
        });
      if (dibujada) return dibujada;
    }
    const publica = options.paginaPublica ? paginaPublicaDeLaRuta(url) : undefined;
    if (publica && options.paginaPublica) {
      const cabecera = await options
        .paginaPublica(publica.tipo, publica.id)
        .catch((error: unknown) => {
          app.log.warn(
            { err: error, pagina: publica.tipo },
            'no se pudo armar la cabecera de la página',
          );
          return undefined;
        });
      if (cabecera) {
        return {
          estado: cabecera.estado,
          html: conCabecera(indexPageFor(html, url), cabecera.etiquetas),
        };
      }
      return { estado: 200, html: indexPageFor(html, url) };
    }
    const grupoId = options.vistaPreviaDeGrupo ? grupoIdDeLaPagina(url) : undefined;
    if (grupoId && options.vistaPreviaDeGrupo) {
      // A preview that cannot be read (the database is down) must not take the page down.
      const vista = await options.vistaPreviaDeGrupo(grupoId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'no se pudo leer la vista previa del grupo');
        return undefined;
      });
      if (vista) return { estado: 200, html: indexPageConVistaPrevia(html, vista) };
    }
    return { estado: 200, html: indexPageFor(html, url) };
  };

  /** The head of a page the server draws: share tags, or the 404 of one that does not exist. */
  const cabeceraDe = async (ruta: RutaDibujable): Promise<PaginaPublica | undefined> => {
    if (ruta.pagina === 'inicio') return undefined;
    if (ruta.pagina === 'grupo') {
      const vista = await options.vistaPreviaDeGrupo?.(ruta.id);
      return vista
        ? { estado: 200, etiquetas: etiquetasDeVistaPrevia(vista) }
        : { estado: 404, etiquetas: GRUPO_NO_ENCONTRADO };
    }
    return options.paginaPublica?.(ruta.pagina, ruta.id);
  };

  // Pages travel compressed, like the built assets: a drawn page is 40–60 KB of HTML.
  const comprimido = crearHtmlComprimido();

  /**
   * Pages count against their address like API calls do (RATE_LIMIT_MAX per
   * RATE_LIMIT_WINDOW_MS, in the shared limiter store): each may read the database and draw,
   * and 1,500 random store ids from one address must not cost the server more than the
   * attacker (docs/decisions/050). Answers the seconds to wait, or undefined to go on; a store
   * that does not answer (its circuit open) lets the page through uncounted.
   */
  const esperaPorPaginas = async (request: FastifyRequest): Promise<number | undefined> => {
    const { RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS } = app.config;
    const clave = `limite:paginas:${createHash('sha256').update(request.ip).digest('base64url').slice(0, 22)}`;
    const cuenta = await app.limiterStore.hit(clave, RATE_LIMIT_WINDOW_MS).catch(() => undefined);
    if (!cuenta || cuenta.count <= RATE_LIMIT_MAX) return undefined;
    return Math.max(1, Math.ceil(cuenta.ttlMs / 1000));
  };

  app.setNotFoundHandler(async (request, reply) => {
    // A path the API has, asked with a method it does not take.
    const permitidos = app.metodosPermitidos(request);
    if (permitidos.length > 0) {
      return reply
        .status(405)
        .header('allow', permitidos.join(', '))
        .send(errorBody(ERROR_MESSAGES.METODO_NO_PERMITIDO, ERROR_CODES.metodoNoPermitido));
    }
    if (
      !soloArchivos.test(request.url) &&
      indexHtml !== null &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      const destino = options.redireccionAlOrigenPublico?.(request);
      if (destino) return reply.header('cache-control', 'no-store').redirect(destino, 302);
      const espera = await esperaPorPaginas(request);
      if (espera !== undefined) {
        return reply
          .status(429)
          .header('retry-after', espera)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(DEMASIADAS_PAGINAS);
      }
      const { estado, html } = await pagina(indexHtml, request.url);
      if (options.sinIndexar) reply.header('x-robots-tag', 'noindex');
      const codificacion = codificacionAceptada(request.headers['accept-encoding']);
      const cuerpo = comprimido(
        options.sinIndexar ? indexPageSinIndexar(html) : html,
        codificacion,
      );
      if (typeof cuerpo !== 'string' && codificacion)
        reply.header('content-encoding', codificacion);
      return reply
        .status(estado)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(cuerpo);
    }
    return reply.status(404).send(notFoundBody);
  });
}
