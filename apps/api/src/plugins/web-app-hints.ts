import { ID_PATTERN } from '@compra-grupal/contracts';

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
}

const escapeHtml = (texto: string) =>
  texto.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page of a shared group link with its preview: Open Graph and Twitter tags and a title
 * that names the product, every value HTML-escaped. Link previews are made by crawlers that
 * run no script, so the tags must come in the page itself.
 */
export function indexPageConVistaPrevia(html: string, vista: VistaPrevia): string {
  const meta = (atributo: 'property' | 'name', clave: string, valor: string) =>
    `<meta ${atributo}="${clave}" content="${escapeHtml(valor)}">`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Compra Grupal'),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:title', vista.titulo),
    meta('property', 'og:description', vista.descripcion),
    meta('property', 'og:url', vista.url),
    ...(vista.imagen ? [meta('property', 'og:image', vista.imagen)] : []),
    meta('name', 'twitter:card', vista.imagen ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', vista.titulo),
    meta('name', 'twitter:description', vista.descripcion),
    ...(vista.imagen ? [meta('name', 'twitter:image', vista.imagen)] : []),
    meta('name', 'description', vista.descripcion),
  ].join('');
  const titulo = `<title>${escapeHtml(vista.titulo)}</title>`;
  const conTitulo = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, () => titulo)
    : html.replace('</head>', () => `${titulo}</head>`);
  return conTitulo.replace('</head>', () => `${tags}</head>`);
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
