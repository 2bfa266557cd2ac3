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
