import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

/**
 * Text drawn into SVG as paths from Inter (an npm package, @fontsource/inter), so that sharp
 * renders it the same on every machine: the production image has no system fonts, and nothing
 * is downloaded at run time. Used by the demo's pictures and the share cards.
 */
export type PesoDeFuente = 400 | 600 | 700 | 800;

const require = createRequire(import.meta.url);
const fuentes = new Map<PesoDeFuente, opentype.Font>();

/** Inter latin at `peso`, parsed once. */
export function fuente(peso: PesoDeFuente): opentype.Font {
  let f = fuentes.get(peso);
  if (!f) {
    const file = readFileSync(
      require.resolve(`@fontsource/inter/files/inter-latin-${peso}-normal.woff`),
    );
    f = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    fuentes.set(peso, f);
  }
  return f;
}

export const anchoDeTexto = (texto: string, tamanio: number, peso: PesoDeFuente) =>
  fuente(peso).getAdvanceWidth(texto, tamanio);

/**
 * `texto` as an SVG path, its baseline at `y`: starting at `x` (`ancla` 'inicio'), centred on
 * it ('medio') or ending there ('fin'); shrunk to fit `anchoMaximo` when given.
 */
export function trazoDeTexto(
  texto: string,
  {
    x,
    y,
    tamanio,
    peso,
    color,
    ancla = 'inicio',
    anchoMaximo,
  }: {
    x: number;
    y: number;
    tamanio: number;
    peso: PesoDeFuente;
    color: string;
    ancla?: 'inicio' | 'medio' | 'fin';
    anchoMaximo?: number;
  },
): string {
  const f = fuente(peso);
  const ancho = f.getAdvanceWidth(texto, tamanio);
  const ajustado =
    anchoMaximo !== undefined && ancho > anchoMaximo ? (tamanio * anchoMaximo) / ancho : tamanio;
  const final = f.getAdvanceWidth(texto, ajustado);
  const inicio = ancla === 'inicio' ? x : ancla === 'medio' ? x - final / 2 : x - final;
  return `<path d="${f.getPath(texto, inicio, y, ajustado).toPathData(1)}" fill="${color}"/>`;
}

/**
 * `texto` in at most `maximo` lines of at most `anchoMaximo`, split between words; what does
 * not fit ends the last line with '…'.
 */
export function enLineas(
  texto: string,
  {
    tamanio,
    peso,
    anchoMaximo,
    maximo,
  }: {
    tamanio: number;
    peso: PesoDeFuente;
    anchoMaximo: number;
    maximo: number;
  },
): string[] {
  const cabe = (linea: string) => anchoDeTexto(linea, tamanio, peso) <= anchoMaximo;
  const palabras = texto.trim().split(/\s+/);
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of palabras) {
    const con = actual ? `${actual} ${palabra}` : palabra;
    if (cabe(con) || !actual) actual = con;
    else {
      lineas.push(actual);
      actual = palabra;
    }
  }
  if (actual) lineas.push(actual);
  if (lineas.length <= maximo && lineas.every(cabe)) return lineas;
  const recortadas = lineas.slice(0, maximo);
  let ultima = recortadas[maximo - 1] ?? '';
  if (lineas.length > maximo || !cabe(ultima)) {
    while (ultima.length > 1 && !cabe(`${ultima}…`)) ultima = ultima.slice(0, -1).trimEnd();
    recortadas[maximo - 1] = `${ultima.replace(/[\s,;:.-]+$/, '')}…`;
  }
  return recortadas;
}
