import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Beasties from 'beasties';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inlinarCssCritico } from './css-critico';

/** A web build in miniature: its index.html shape, one hashed stylesheet, one font. */
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'cg-css-critico-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'assets/index-Ab12.css'),
    [
      '@font-face{font-family:Inter Variable;font-display:swap;src:url(/assets/inter-latin.woff2) format("woff2-variations");unicode-range:U+0000-00FF}',
      '@font-face{font-family:Otra Fuente;src:url(/assets/otra.woff2) format("woff2")}',
      'html{font-family:Inter Variable,sans-serif}',
      '.precio{color:green;font-weight:800}',
      '.grid{display:grid}',
      '@media (min-width:768px){.md\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}',
      '.dialogo-abierto{position:fixed}',
      '.nunca-usada{color:blue}',
      '@keyframes girar{to{transform:rotate(1turn)}}',
      '.cargando{animation:girar 1s}',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const pagina = (root: string, hoja = '/assets/index-Ab12.css') => `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <title>Compra Grupal</title>
    <script type="module" crossorigin src="/assets/index-Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="${hoja}">
  </head>
  <body>
    <div id="root">${root}</div>
  </body>
</html>`;

const MARKUP =
  '<!--$--><div class="grid md:grid-cols-2"><h1>Yerba &amp; mate</h1>' +
  '<p class="precio">$ 4.890</p></div><!--/$-->' +
  '<script>window.__datos = JSON.parse("{\\"a\\":\\"\\u003c/script>&amp;\\"}");</script>';

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('<body>'));
const estiloEnLinea = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(head(html))?.[1] ?? '';

describe('inlinarCssCritico', () => {
  it('inlines the rules the markup uses, and only those, in a <style> of the head', async () => {
    const css = estiloEnLinea(await inlinarCssCritico(pagina(MARKUP), dist));
    expect(css).toContain('.precio{color:green;font-weight:800}');
    expect(css).toContain('.grid{display:grid}');
    expect(css).toContain('@media (min-width:768px){.md\\:grid-cols-2{');
    expect(css).toContain('html{font-family:Inter Variable');
    expect(css).not.toContain('.nunca-usada');
    expect(css).not.toContain('.dialogo-abierto');
    // Keyframes only when a used rule animates with them.
    expect(css).not.toContain('@keyframes');
    expect(
      estiloEnLinea(await inlinarCssCritico(pagina('<i class="cargando"></i>'), dist)),
    ).toMatch(/@keyframes girar/);
  });

  it('keeps the @font-face of the family the page uses, not the others, and preloads no font', async () => {
    const html = await inlinarCssCritico(pagina(MARKUP), dist);
    const css = estiloEnLinea(html);
    expect(css).toMatch(/@font-face\{font-family:Inter Variable;font-display:swap;/);
    expect(css).not.toContain('Otra Fuente');
    // The text paints in the fallback font (swap): the picture gets the bandwidth first.
    expect(html).not.toContain('as="font"');
    expect(html).not.toContain('otra.woff2');
  });

  it('makes the full stylesheet wait without blocking and without a script: applied from the end of the body', async () => {
    const html = await inlinarCssCritico(pagina(MARKUP), dist);
    expect(head(html)).not.toMatch(/rel="stylesheet"|as="style"/);
    expect(body(html)).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/index-Ab12\.css"><\/body>/,
    );
    // The CSP allows no inline script: nothing to run, no handler attribute.
    expect(html).not.toMatch(/\sonload=|<noscript>/);
    expect(html.match(/<script/g)).toHaveLength(2);
    // No mark of the tool left on the document.
    expect(html).not.toContain('data-beasties');
  });

  it('leaves the rendered markup as React wrote it (comments, entities, the data script)', async () => {
    const html = await inlinarCssCritico(pagina(MARKUP), dist);
    expect(html).toContain(`<div id="root">${MARKUP}</div>`);
  });

  it('answers the page as it came when the stylesheet is missing', async () => {
    const entrada = pagina(MARKUP, '/assets/no-existe.css');
    const html = await inlinarCssCritico(entrada, dist);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/no-existe.css">');
    expect(html).not.toContain('<style>');
  });

  it('answers the page as it came, and says why, when inlining fails', async () => {
    const error = new Error('falla de prueba');
    const process = vi.spyOn(Beasties.prototype, 'process').mockRejectedValueOnce(error);
    try {
      const entrada = pagina(MARKUP);
      const alFallar = vi.fn();
      expect(await inlinarCssCritico(entrada, dist, alFallar)).toBe(entrada);
      expect(alFallar).toHaveBeenCalledWith(error);
      // The next page is processed again.
      expect(estiloEnLinea(await inlinarCssCritico(entrada, dist))).toContain('.precio');
    } finally {
      process.mockRestore();
    }
  });
});
