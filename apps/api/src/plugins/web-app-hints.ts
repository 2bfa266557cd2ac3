import { ID_PATTERN } from '@compra-grupal/contracts';
import { conCabecera, type EtiquetaDeCabecera } from '../lib/cabecera';
import type { RutaDibujable } from '../modules/vitrina/vitrina.datos';

const ID = ID_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * Screens a shared link or a reload often opens directly, and the first answer each asks for.
 * The screen asks only once its code has arrived and run; named in the page, the answer
 * travels while that code is still on its way (decision 016).
 */
const FIRST_ANSWERS: { path: RegExp; answer: (id: string) => string }[] = [
  {
    path: new RegExp(`^/store/(${ID})/?$`),
    answer: (id) => `/api/tienda/con-productos/${id}`,
  },
  {
    path: new RegExp(`^/product/(${ID})/?$`),
    answer: (id) => `/api/producto/${id}`,
  },
];

/** A group page's path (`/group/<id>`, a shared link): the group id, checked. */
const GRUPO_PATH = new RegExp(`^/group/(${ID})/?$`);

export function grupoIdDeLaPagina(url: string): string | undefined {
  return GRUPO_PATH.exec(url.split('?')[0] ?? url)?.[1];
}

/** What a shared group link shows in WhatsApp, Telegram, social networks (Open Graph). */
export interface VistaPrevia {
  titulo: string;
  descripcion: string;
  /** Absolute URL of the picture, or null. */
  imagen: string | null;
  /** Absolute URL of the page. */
  url: string;
  /** The picture's size and type, when known (the share card's, docs/decisions/053). */
  imagenMedidas?: { ancho: number; alto: number; tipo: string };
}

/**
 * The page of a shared group link with its preview: Open Graph and Twitter tags and a title
 * that names the product, every value HTML-escaped (lib/cabecera.ts). Link previews are made by
 * crawlers that run no script, so the tags must come in the page itself.
 */
export function indexPageConVistaPrevia(html: string, vista: VistaPrevia): string {
  return conCabecera(html, etiquetasDeVistaPrevia(vista));
}

/** The head tags of a shared group link's preview. */
export function etiquetasDeVistaPrevia(vista: VistaPrevia): EtiquetaDeCabecera[] {
  return [
    { title: vista.titulo },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Compra Grupal' },
    { property: 'og:locale', content: 'es_AR' },
    { property: 'og:title', content: vista.titulo },
    { property: 'og:description', content: vista.descripcion },
    { property: 'og:url', content: vista.url },
    ...(vista.imagen ? [{ property: 'og:image', content: vista.imagen }] : []),
    ...(vista.imagen && vista.imagenMedidas
      ? [
          { property: 'og:image:type', content: vista.imagenMedidas.tipo },
          { property: 'og:image:width', content: String(vista.imagenMedidas.ancho) },
          { property: 'og:image:height', content: String(vista.imagenMedidas.alto) },
          { property: 'og:image:alt', content: vista.titulo },
        ]
      : []),
    { name: 'twitter:card', content: vista.imagen ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: vista.titulo },
    { name: 'twitter:description', content: vista.descripcion },
    ...(vista.imagen ? [{ name: 'twitter:image', content: vista.imagen }] : []),
    { name: 'description', content: vista.descripcion },
  ];
}

/**
 * A store's or a product's page (`/store/<id>`, `/product/<id>`): which, and the path's id as
 * written (checked by whoever reads it: a malformed id is a page that does not exist).
 */
const PAGINA_PUBLICA = /^\/(store|product)\/([^/]+)\/?$/;

export function paginaPublicaDeLaRuta(
  url: string,
): { tipo: 'tienda' | 'producto'; id: string } | undefined {
  const match = PAGINA_PUBLICA.exec(url.split('?')[0] ?? url);
  if (!match?.[2]) return undefined;
  return { tipo: match[1] === 'store' ? 'tienda' : 'producto', id: match[2] };
}

/**
 * The public page the server renders for `url` (docs/decisions/044): home, a store's, a
 * product's or a group's, the id as written (checked by whoever reads it).
 */
export function rutaDibujable(url: string): RutaDibujable | undefined {
  const path = url.split('?')[0] ?? url;
  if (path === '/') return { pagina: 'inicio' };
  const publica = paginaPublicaDeLaRuta(path);
  if (publica) return { pagina: publica.tipo, id: publica.id };
  const grupoId = grupoIdDeLaPagina(path);
  return grupoId ? { pagina: 'grupo', id: grupoId } : undefined;
}

/** `html` with `noindex` (demo and sandbox sites), unless the page already says so. */
export function indexPageSinIndexar(html: string): string {
  return /<meta name="robots"/.test(html)
    ? html
    : conCabecera(html, [{ name: 'robots', content: 'noindex' }]);
}

/**
 * The SPA's index.html for `url`: as built, or with a `preload` of the screen's first answer.
 * The preload makes the same request the screen makes (same URL, CORS mode, same-origin
 * credentials), so the browser hands the screen the answer it already has. Ids are checked
 * against the id format before they are written into the page.
 */
export function indexPageFor(html: string, url: string): string {
  const path = url.split('?')[0] ?? url;
  for (const { path: pattern, answer } of FIRST_ANSWERS) {
    const id = pattern.exec(path)?.[1];
    if (!id) continue;
    const hint = `<link rel="preload" as="fetch" crossorigin="anonymous" href="${answer(id)}">`;
    return html.replace('</head>', `${hint}</head>`);
  }
  return html;
}
