import sharp, { type Sharp } from 'sharp';
import { altoAlAncho, MEDIANA_ANCHO, MINIATURA_LADO } from '../lib/images/image-pipeline';
import { fuente } from '../lib/images/texto-en-trazos';
import { type Colores, type Dibujo, dibujar, type Emblema, enPack } from './demo-dibujos';

/**
 * Product photos and store logos drawn at seed time, with nothing downloaded: a studio-like
 * backdrop, an object whose shape follows the product's kind (bottle, can, bag, fruit, loaf,
 * cut of meat, box) in the product's colours, and a label with its name; logos carry the
 * store's monogram. Text is drawn as paths from Inter (an npm package), so no system font is
 * needed.
 */
export interface Paleta {
  fondo: [string, string];
  formas: string[];
}

export const PALETAS: Record<string, Paleta> = {
  verde: { fondo: ['#d9f99d', '#4d7c0f'], formas: ['#65a30d', '#a3e635', '#fef08a'] },
  naranja: { fondo: ['#fed7aa', '#c2410c'], formas: ['#f97316', '#fdba74', '#fef3c7'] },
  rojo: { fondo: ['#fecaca', '#991b1b'], formas: ['#dc2626', '#f87171', '#fde68a'] },
  marron: { fondo: ['#fde68a', '#92400e'], formas: ['#b45309', '#f59e0b', '#fffbeb'] },
  azul: { fondo: ['#bae6fd', '#1e3a8a'], formas: ['#2563eb', '#7dd3fc', '#e0f2fe'] },
  violeta: { fondo: ['#e9d5ff', '#5b21b6'], formas: ['#7c3aed', '#c4b5fd', '#fae8ff'] },
  turquesa: { fondo: ['#ccfbf1', '#115e59'], formas: ['#0d9488', '#5eead4', '#f0fdfa'] },
  gris: { fondo: ['#e5e7eb', '#374151'], formas: ['#6b7280', '#d1d5db', '#f9fafb'] },
};

export type Forma = 'botella' | 'lata' | 'paquete' | 'fruta' | 'pan' | 'carne' | 'caja';

/** The object drawn for a product, by its local category (a box when none fits). */
const FORMA_POR_CATEGORIA: Record<string, Forma> = {
  Aceites: 'botella',
  Vinos: 'botella',
  'Sin alcohol': 'botella',
  Hogar: 'botella',
  Ropa: 'botella',
  Conservas: 'lata',
  Cervezas: 'lata',
  Secos: 'paquete',
  Infusiones: 'paquete',
  Perros: 'paquete',
  Gatos: 'paquete',
  'Frutos secos': 'paquete',
  'Higiene personal': 'paquete',
  Frutas: 'fruta',
  Verduras: 'fruta',
  Hierbas: 'fruta',
  Panes: 'pan',
  Facturas: 'pan',
  Tortas: 'pan',
  Regionales: 'pan',
  Vacuno: 'carne',
  Cerdo: 'carne',
  Pollo: 'carne',
  Embutidos: 'carne',
};

export const formaDeCategoria = (categoria: string): Forma =>
  FORMA_POR_CATEGORIA[categoria] ?? 'caja';

/** Inter Bold (lib/images/texto-en-trazos.ts). */
const font = () => fuente(700);

/** `text` as an SVG path, centred on `cx`, its baseline at `y`, no wider than `maxWidth`. */
function textPath(
  text: string,
  cx: number,
  y: number,
  size: number,
  maxWidth: number,
  fill: string,
) {
  const f = font();
  const width = f.getAdvanceWidth(text, size);
  const fitted = width > maxWidth ? (size * maxWidth) / width : size;
  const x = cx - f.getAdvanceWidth(text, fitted) / 2;
  return `<path d="${f.getPath(text, x, y, fitted).toPathData(1)}" fill="${fill}"/>`;
}

/** One or two lines of at most `maxWidth`, split between words. */
function lines(text: string, size: number, maxWidth: number): string[] {
  if (font().getAdvanceWidth(text, size) <= maxWidth) return [text];
  const words = text.split(' ');
  let best: [string, string] = [text, ''];
  let bestWidth = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...pair.map((line) => font().getAdvanceWidth(line, size)));
    if (width < bestWidth) [best, bestWidth] = [pair, width];
  }
  return best[1] ? best : [text];
}

// A small deterministic generator so that every install draws the same pictures.
function random(seed: number) {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

/** What a product's name says it is, before its category: 'Bananas 2 kg' is a bunch. */
const DIBUJO_POR_NOMBRE: [RegExp, Dibujo, Emblema?][] = [
  [/malbec|torront|vino/i, 'vino'],
  [/aceite/i, 'aceite'],
  [/sif[oó]n/i, 'sifon'],
  [/agua|gaseosa/i, 'pet'],
  [/cerveza/i, 'lata'],
  [/at[uú]n/i, 'lata-baja'],
  [/tomate triturado|pur[eé]/i, 'tetra'],
  [/yerba|^t[eé] /i, 'paquete', 'hoja'],
  [/caf[eé]/i, 'paquete', 'grano'],
  [/arroz/i, 'paquete', 'arroz'],
  [/fideos/i, 'paquete', 'fideos'],
  [/harina/i, 'paquete', 'espiga'],
  [/almendra|nuez|man[ií]/i, 'frasco'],
  [/papel/i, 'rollos'],
  [/perro/i, 'bolsa-grande', 'pata'],
  [/gato adulto|alimento gato/i, 'bolsa-grande', 'gato'],
  [/piedras/i, 'bolsa-grande', 'piedras'],
  [/snack/i, 'paquete', 'hueso'],
  [/rascador/i, 'rascador'],
  [/naranja/i, 'naranjas'],
  [/manzana/i, 'manzanas'],
  [/tomate/i, 'tomates'],
  [/banana/i, 'bananas'],
  [/palta/i, 'paltas'],
  [/albahaca|perejil|hierba/i, 'hierbas'],
  [/bols[oó]n/i, 'bolson'],
  [/asado|costilla/i, 'costillar'],
  [/milanesa/i, 'milanesas'],
  [/bondiola/i, 'bondiola'],
  [/pollo/i, 'pollo'],
  [/chorizo/i, 'chorizos'],
  [/salame/i, 'salame'],
  [/masa madre/i, 'hogaza'],
  [/medialuna|factura/i, 'medialunas'],
  [/chocotorta|torta/i, 'torta'],
  [/pastafrola|tarta/i, 'tarta'],
  [/alfajor/i, 'alfajores'],
  [/bizcochito|galletita/i, 'galletitas'],
  [/suavizante/i, 'bidon', 'hoja'],
  [/detergente|lavandina|jab[oó]n/i, 'bidon', 'gota'],
];

/** The drawing by category when the name says nothing. */
const DIBUJO_POR_FORMA: Record<Forma, Dibujo> = {
  botella: 'bidon',
  lata: 'lata',
  paquete: 'paquete',
  fruta: 'manzanas',
  pan: 'pan',
  carne: 'corte',
  caja: 'caja',
};

export function dibujoDe(producto: { nombre: string; categoria: string }): {
  dibujo: Dibujo;
  emblema: Emblema;
} {
  const porNombre = DIBUJO_POR_NOMBRE.find(([patron]) => patron.test(producto.nombre));
  if (porNombre) return { dibujo: porNombre[1], emblema: porNombre[2] ?? 'gota' };
  const forma = formaDeCategoria(producto.categoria);
  return { dibujo: DIBUJO_POR_FORMA[forma], emblema: forma === 'paquete' ? 'hoja' : 'gota' };
}

const coloresDe = (p: Paleta): Colores => ({
  cuerpo: p.formas[0] ?? '#6b7280',
  claro: p.formas[1] ?? '#d1d5db',
  acento: p.formas[2] ?? '#f9fafb',
  oscuro: p.fondo[1],
});

const PACKS: Dibujo[] = ['vino', 'pet', 'lata'];

function productSvg(
  producto: { nombre: string; categoria: string },
  paleta: Paleta,
  seed: number,
): string {
  const rnd = random(seed);
  const { dibujo, emblema } = dibujoDe(producto);
  const etiqueta = lines(producto.nombre, 50, 620);
  const alto = etiqueta.length === 1 ? 92 : 146;
  const top = 800 - alto - 32;
  const texto = etiqueta
    .map((linea, i) => textPath(linea, 400, top + 64 + i * 54, 50, 620, '#1f2937'))
    .join('');
  const escala = etiqueta.length === 1 ? 1 : 0.92;
  const suelo = top - 40;
  const giro = ((rnd() - 0.5) * 4).toFixed(1);
  const objeto = dibujar(dibujo, coloresDe(paleta), emblema, rnd);
  const pack = PACKS.includes(dibujo) && /x\s?\d+/i.test(producto.nombre);
  const halo = { x: 330 + rnd() * 140, r: 250 + rnd() * 60 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="fondo" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${paleta.fondo[0]}"/><stop offset="0.7" stop-color="#ffffff"/></linearGradient>
<radialGradient id="halo"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="sombra"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="volumen" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#fondo)"/>
<rect y="${suelo}" width="800" height="${800 - suelo}" fill="${paleta.fondo[0]}" fill-opacity="0.35"/>
<circle cx="${halo.x.toFixed(0)}" cy="${(suelo - 200).toFixed(0)}" r="${halo.r.toFixed(0)}" fill="url(#halo)"/>
<ellipse cx="400" cy="${suelo}" rx="${pack ? 330 : 250}" ry="34" fill="url(#sombra)"/>
<g transform="translate(400 ${suelo}) scale(${escala}) rotate(${giro}) translate(-400 -560)">${pack ? enPack(objeto) : objeto}</g>
<rect x="40" y="${top}" width="720" height="${alto}" rx="24" fill="#ffffff"/>
<rect x="40" y="${top}" width="720" height="${alto}" rx="24" fill="none" stroke="${paleta.fondo[1]}" stroke-opacity="0.15" stroke-width="2"/>
<rect x="64" y="${top + 22}" width="10" height="${alto - 44}" rx="5" fill="${paleta.formas[0]}"/>
${texto}</svg>`;
}

/** Two initials of the store's name, its small words aside ('Almacén Don Ramón' → 'AD'). */
export function monograma(nombre: string): string {
  const palabras = nombre
    .split(/\s+/)
    .filter((palabra) => !/^(de|del|la|las|el|los|y)$/i.test(palabra));
  return palabras
    .slice(0, 2)
    .map((palabra) => palabra[0]?.toLocaleUpperCase('es-AR') ?? '')
    .join('');
}

/** A logo's shape, in a 256 × 256 box: a circle, a rounded square, a hexagon or a shield. */
const FORMAS_DE_LOGO = [
  '<circle cx="128" cy="128" r="120" fill="url(#g)"/>',
  '<rect x="8" y="8" width="240" height="240" rx="56" fill="url(#g)"/>',
  '<path d="M128 6l106 61v122l-106 61l-106-61v-122z" fill="url(#g)"/>',
  '<path d="M20 20h216v110q0 86-108 120q-108-34-108-120z" fill="url(#g)"/>',
];

function logoSvg(nombre: string, paleta: Paleta, seed: number): string {
  const rnd = random(seed);
  const forma = FORMAS_DE_LOGO[seed % FORMAS_DE_LOGO.length];
  const giro = Math.round(rnd() * 90);
  const [claro = '#fff', , acento = '#fff'] = [paleta.formas[1], undefined, paleta.formas[2]];
  const texto = monograma(nombre);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" gradientTransform="rotate(${giro} 0.5 0.5)">
<stop offset="0" stop-color="${paleta.formas[0]}"/><stop offset="1" stop-color="${paleta.fondo[1]}"/></linearGradient></defs>
${forma}
<path d="M72 ${seed % 2 ? 184 : 80}h112" stroke="${claro}" stroke-opacity="0.7" stroke-width="6" stroke-linecap="round"/>
${textPath(texto, 128, seed % 2 ? 160 : 176, 92, 160, acento)}</svg>`;
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();

const toJpeg = (svg: string, size: number) =>
  jpeg(sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).resize(size, size));

/**
 * The photo, its card-size copy and its phone-size copy (the image pipeline's 640 px
 * variant): the SVG is rasterised once, then scaled down.
 */
export async function drawProductImages(
  producto: { nombre: string; categoria: string },
  paleta: Paleta,
  seed: number,
) {
  const svg = productSvg(producto, paleta, seed);
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [imagen, miniatura, mediana] = await Promise.all([
    jpeg(sharp(data, raw)),
    jpeg(sharp(data, raw).resize(MINIATURA_LADO, MINIATURA_LADO)),
    jpeg(
      sharp(data, raw).resize(MEDIANA_ANCHO, altoAlAncho(info.width, info.height, MEDIANA_ANCHO)),
    ),
  ]);
  return { imagen, miniatura, mediana, ancho: info.width, alto: info.height };
}

export const drawStoreLogo = (nombre: string, paleta: Paleta, seed: number) =>
  toJpeg(logoSvg(nombre, paleta, seed), 256);
