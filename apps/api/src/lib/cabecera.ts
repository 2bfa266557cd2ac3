/**
 * The one writer of a page's head tags (docs/decisions/043). Tags are described in the shape of
 * React Router 7's `MetaDescriptor` (`{ title }`, `{ name, content }`, `{ property, content }`,
 * `{ tagName: 'link', rel, href }`, `{ 'script:ld+json': … }`), so the server-rendered routes
 * can later return the same list from their `meta` export; until then the server writes it
 * into the built index.html here.
 */
export type EtiquetaDeCabecera =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: 'canonical'; href: string }
  | { 'script:ld+json': Record<string, unknown> };

/** Text for HTML, in an element or a quoted attribute. */
export const escapeHtml = (texto: string) =>
  texto.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * JSON for inside `<script type="application/ld+json">`: no `<`, `>` or `&` (so no `</script>`
 * nor `<!--` can end or bend the element) and no line separators JavaScript would refuse.
 * Still valid JSON: a parser reads the same value back.
 */
export const jsonEnScript = (valor: unknown): string =>
  JSON.stringify(valor).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function etiquetaHtml(etiqueta: EtiquetaDeCabecera): string {
  if ('title' in etiqueta) return `<title>${escapeHtml(etiqueta.title)}</title>`;
  if ('script:ld+json' in etiqueta) {
    return `<script type="application/ld+json">${jsonEnScript(etiqueta['script:ld+json'])}</script>`;
  }
  if ('tagName' in etiqueta) {
    return `<link rel="${escapeHtml(etiqueta.rel)}" href="${escapeHtml(etiqueta.href)}">`;
  }
  if ('property' in etiqueta) {
    return `<meta property="${escapeHtml(etiqueta.property)}" content="${escapeHtml(etiqueta.content)}">`;
  }
  return `<meta name="${escapeHtml(etiqueta.name)}" content="${escapeHtml(etiqueta.content)}">`;
}

const TITULO = /<title>[\s\S]*?<\/title>/;
/** The built page's own description (index.html), replaced when the page names its own. */
const DESCRIPCION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * `html` (the built index.html) with `etiquetas` in its head: the title replaces the built one,
 * a description replaces the built description, everything else goes right before `</head>`.
 * Every value is escaped here and nowhere else.
 */
export function conCabecera(html: string, etiquetas: readonly EtiquetaDeCabecera[]): string {
  let pagina = html;
  const titulo = etiquetas.find((e): e is { title: string } => 'title' in e);
  if (titulo) {
    const tag = etiquetaHtml(titulo);
    pagina = TITULO.test(pagina)
      ? pagina.replace(TITULO, () => tag)
      : pagina.replace('</head>', () => `${tag}</head>`);
  }
  if (etiquetas.some((e) => 'name' in e && e.name === 'description')) {
    pagina = pagina.replace(DESCRIPCION, '');
  }
  const resto = etiquetas
    .filter((e) => !('title' in e))
    .map(etiquetaHtml)
    .join('');
  return pagina.replace('</head>', () => `${resto}</head>`);
}

/**
 * A public page's head as the server knows it: 200 with its tags, or 404 (unknown, disabled,
 * withdrawn) with the not-found title and `noindex`. The body is always the app's shell.
 */
export interface PaginaPublica {
  estado: 200 | 404;
  etiquetas: EtiquetaDeCabecera[];
}
