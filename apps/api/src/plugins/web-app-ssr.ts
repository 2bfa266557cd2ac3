import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ID_DEL_ESTADO_SSR } from '@compra-grupal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { conCabecera, jsonEnScript, type PaginaPublica } from '../lib/cabecera';
import { crearCacheDePaginas } from '../lib/ssr/cache-de-paginas';
import { inlinarCssCritico } from '../lib/ssr/css-critico';
import type { MetricsPort } from '../metrics/metrics.port';
import {
  type DatosConSalas,
  type RutaDibujable,
  salasDeLaRuta,
} from '../modules/vitrina/vitrina.datos';

/** The web app's server entry (apps/web/src/entry-server.tsx), as `vite build --ssr` writes it. */
interface EntradaDelServidor {
  renderizarPagina(
    url: string,
    datos: DatosConSalas['datos'],
  ): Promise<{ html: string; estado: unknown }>;
}

/** Rendered pages kept at most (about 30 KB each). */
const PAGINAS_MAXIMAS = 500;
/** 404s kept at most, apart from the real pages (a head only, a few KB each). */
const PAGINAS_AUSENTES_MAXIMAS = 200;

/** Image preloads React writes before the markup (they belong in the head, see below). */
const PRECARGAS_AL_PRINCIPIO = /^(?:<link [^>]*>)+/;
/** The document's element: `data-dibujada` marks a page drawn here (no screen rises in). */
const HTML = /<html\b[^>]*>/i;
/**
 * Where the preloads go: right after the viewport. Read before it, a `srcset` preload was
 * chosen for another width than the picture's own, and Lighthouse's phone downloaded each first
 * picture twice (320 and 640 px). After the charset in a page without one.
 */
const VIEWPORT = /<meta name="viewport"[^>]*>/i;
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

export interface PaginaDibujada {
  estado: number;
  html: string;
}

export interface DibujoDePaginas {
  /**
   * `indexHtml` with `ruta`'s page drawn in `#root` and its head, from the cache or rendered
   * now; a page that does not exist goes out with its head only (its 404). Throws when the page
   * cannot be drawn: the caller sends the client-rendered shell.
   */
  pagina(
    ruta: RutaDibujable,
    pathname: string,
    indexHtml: string,
    cabecera: () => Promise<PaginaPublica | undefined>,
  ): Promise<PaginaDibujada>;
  /** An event reached `sala`: the pages that show it are drawn anew. */
  invalidarSala(sala: string): void;
}

/**
 * The server rendering of the public pages (docs/decisions/044), or undefined when the web
 * app's server build is not there (the API alone, or a build without it: the client-rendered
 * shell goes out, with a warning).
 */
export async function crearDibujoDePaginas({
  webDistDir,
  datosDePagina,
  log,
  ttlMs,
  metrics,
}: {
  webDistDir: string;
  /** How long a drawn page is kept, at most, if no event changes it first. */
  ttlMs: number;
  datosDePagina: (ruta: RutaDibujable) => Promise<DatosConSalas>;
  log: FastifyBaseLogger;
  /** Counts the page cache's hits, misses and drops (GET /metrics). */
  metrics?: Pick<MetricsPort, 'paginaConsultada' | 'paginaDescartada'>;
}): Promise<DibujoDePaginas | undefined> {
  const archivo = join(webDistDir, '..', 'web-server', 'entry-server.js');
  if (!existsSync(archivo)) {
    log.warn(`No se encontró ${archivo}: las páginas públicas se dibujan en el navegador`);
    return undefined;
  }
  const entrada = (await import(pathToFileURL(archivo).href)) as EntradaDelServidor;
  const assets = join(webDistDir, 'assets');
  const arranque = (existsSync(assets) ? readdirSync(assets) : []).find((nombre) =>
    /^arranque-[\w-]+\.js$/.test(nombre),
  );
  const cache = crearCacheDePaginas<PaginaDibujada>({
    ttlMs,
    maximo: PAGINAS_MAXIMAS,
    maximoAusentes: PAGINAS_AUSENTES_MAXIMAS,
    metrics,
  });

  return {
    pagina: (ruta, pathname, indexHtml, cabecera) =>
      cache.obtener(pathname, async () => {
        const encabezado = await cabecera();
        const conSuCabecera = encabezado ? conCabecera(indexHtml, encabezado.etiquetas) : indexHtml;
        if (encabezado && encabezado.estado !== 200) {
          return {
            valor: { estado: encabezado.estado, html: conSuCabecera },
            salas: salasDeLaRuta(ruta),
            ausente: true,
          };
        }
        const { datos, salas } = await datosDePagina(ruta);
        const dibujo = await entrada.renderizarPagina(pathname, datos);
        // The CSS the markup uses travels with it; the rest of the stylesheet blocks nothing.
        const dibujada = conDibujo(conSuCabecera, dibujo);
        const html = await inlinarCssCritico(conArranque(dibujada, arranque), webDistDir, (err) =>
          log.warn({ err }, 'no se pudo extraer el CSS crítico; la página va con su hoja entera'),
        );
        return { valor: { estado: 200, html }, salas };
      }),
    invalidarSala: (sala) => cache.invalidarSala(sala),
  };
}

/**
 * The page with the markup in `#root` and the state the browser hydrates from. React writes the
 * picture's preload (`fetchpriority="high"`) before the markup, since it does not render the
 * head: it is moved into the head, where the browser finds it before any stylesheet or script.
 */
function conDibujo(html: string, dibujo: { html: string; estado: unknown }): string {
  const precargas = PRECARGAS_AL_PRINCIPIO.exec(dibujo.html)?.[0] ?? '';
  const marcado = dibujo.html.slice(precargas.length);
  const estado = `<script type="application/json" id="${ID_DEL_ESTADO_SSR}">${jsonEnScript(dibujo.estado)}</script>`;
  return html
    .replace(HTML, (etiqueta) => `${etiqueta.slice(0, -1)} data-dibujada>`)
    .replace(VIEWPORT.test(html) ? VIEWPORT : CHARSET, (meta) => `${meta}${precargas}`)
    .replace('<div id="root"></div>', () => `<div id="root">${marcado}</div>${estado}`);
}

/** The app's entry script as Vite writes it in index.html, and the preloads of its imports. */
const SCRIPT_DE_LA_APP =
  /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const PRECARGAS_DE_MODULOS = /<link rel="modulepreload" crossorigin href="[^"]*">\s*/g;

/**
 * The drawn page starts the app once it has loaded (apps/web/src/arranque.ts): its picture
 * and text paint without waiting for, or sharing the network with, the app's code. Without
 * the starter in the build the page loads the app as index.html does.
 */
function conArranque(html: string, arranque: string | undefined): string {
  if (!arranque || !SCRIPT_DE_LA_APP.test(html)) return html;
  return html
    .replace(PRECARGAS_DE_MODULOS, '')
    .replace(
      SCRIPT_DE_LA_APP,
      (_script, app: string) =>
        `<script type="module" crossorigin src="/assets/${arranque}" data-app="${app}"></script>`,
    );
}
