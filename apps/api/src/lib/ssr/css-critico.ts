import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type Beasties from 'beasties';

type OpcionesDeBeasties = ConstructorParameters<typeof Beasties>[0];

/**
 * Beasties reading the web build's files once: they are named by their content hash, so a
 * name read is never stale. Parsed selectors are cached by the instance across pages. Loaded
 * with the first page drawn, not with the server.
 */
async function nuevoBeasties(opciones: OpcionesDeBeasties): Promise<Beasties> {
  const { default: Beasties } = await import('beasties');
  class BeastiesDeLaWeb extends Beasties {
    readonly #hojas = new Map<string, Promise<string>>();

    override readFile(filename: string): Promise<string> {
      let hoja = this.#hojas.get(filename);
      if (!hoja) {
        hoja = readFile(filename, 'utf8');
        // A failed read is tried again next time (the build may be on its way).
        hoja.catch(() => this.#hojas.delete(filename));
        this.#hojas.set(filename, hoja);
      }
      return hoja;
    }
  }
  return new BeastiesDeLaWeb(opciones);
}

/** One instance per web build folder. */
const instancias = new Map<string, Promise<Beasties>>();

const beastiesPara = (distDir: string) => {
  const path = resolve(distDir);
  let beasties = instancias.get(path);
  if (!beasties) {
    beasties = nuevoBeasties({
      path,
      publicPath: '/',
      // The full stylesheet moves to the end of <body>, where it applies the rest without a
      // script (the CSP allows no inline script, so none of the `onload` strategies) and is
      // fetched after the page's picture, which its preload in the head asks for first.
      preload: 'body',
      // The @font-face rules of the fonts the page's text uses. Their files are not preloaded:
      // the text paints at once in the fallback font (font-display: swap) and the picture gets
      // the bandwidth first.
      inlineFonts: true,
      preloadFonts: false,
      keyframes: 'critical',
      // Never rewrite the built stylesheet: other pages need all of it.
      pruneSource: false,
      compress: true,
      logLevel: 'silent',
    });
    instancias.set(path, beasties);
  }
  return beasties;
};

/**
 * The server-rendered page with the CSS its markup needs inlined in a `<style>` of the head,
 * and the full stylesheet no longer blocking the first paint. `html` is the whole document
 * (the web build's index.html with the rendered markup in `<div id="root">`); `distDir` is the
 * web build folder its stylesheet links point into. Fail-safe: on any error the page is
 * answered as it came (slower to paint, but whole).
 */
export async function inlinarCssCritico(
  html: string,
  distDir: string,
  alFallar?: (error: unknown) => void,
): Promise<string> {
  try {
    const conCssCritico = await (await beastiesPara(distDir)).process(html);
    // Beasties marks the whole document as its container when none is marked: not ours to send.
    return conCssCritico.replace(MARCA_DE_CONTENEDOR, '$1');
  } catch (error) {
    alFallar?.(error);
    return html;
  }
}

const MARCA_DE_CONTENEDOR = /(<html\b[^>]*?) data-beasties-container(?:="")?/;
