import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';

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

const require = createRequire(import.meta.url);
let inter: opentype.Font | undefined;
/** Inter Bold, parsed once. */
function font(): opentype.Font {
  if (!inter) {
    const file = readFileSync(
      require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
    );
    inter = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  }
  return inter;
}

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

/** The object, drawn in a 800 × 800 box around (400, 360). */
function objeto(forma: Forma, p: Paleta, rnd: () => number): string {
  const [cuerpo = '#999', claro = '#ccc', acento = '#fff'] = p.formas;
  const oscuro = p.fondo[1];
  switch (forma) {
    case 'botella':
      return `<path d="M370 120h60v70q0 20 25 45q45 45 45 110v300q0 35-35 35h-130q-35 0-35-35v-300q0-65 45-110q25-25 25-45z" fill="${cuerpo}"/>
<rect x="362" y="96" width="76" height="40" rx="10" fill="${oscuro}"/>
<rect x="318" y="400" width="164" height="150" rx="14" fill="${acento}" fill-opacity="0.92"/>
<rect x="338" y="430" width="124" height="14" rx="7" fill="${cuerpo}"/><rect x="352" y="460" width="96" height="10" rx="5" fill="${claro}"/>
<path d="M330 300q0-40 30-70" stroke="#fff" stroke-opacity="0.45" stroke-width="16" stroke-linecap="round" fill="none"/>`;
    case 'lata':
      return `<rect x="290" y="170" width="220" height="400" rx="26" fill="${cuerpo}"/>
<ellipse cx="400" cy="172" rx="110" ry="28" fill="${claro}"/><ellipse cx="400" cy="168" rx="92" ry="20" fill="${acento}" fill-opacity="0.7"/>
<ellipse cx="400" cy="568" rx="110" ry="26" fill="${oscuro}" fill-opacity="0.55"/>
<rect x="290" y="300" width="220" height="150" fill="${acento}" fill-opacity="0.9"/>
<circle cx="400" cy="375" r="46" fill="${cuerpo}"/><rect x="312" y="200" width="18" height="340" rx="9" fill="#fff" fill-opacity="0.3"/>`;
    case 'paquete':
      return `<path d="M285 190q115-40 230 0l25 380q-140 40-280 0z" fill="${cuerpo}"/>
<path d="M285 190q115-40 230 0l-8 40q-107-34-214 0z" fill="${oscuro}" fill-opacity="0.45"/>
<rect x="318" y="320" width="164" height="170" rx="18" fill="${acento}" fill-opacity="0.92"/>
<circle cx="400" cy="390" r="40" fill="${claro}"/><rect x="345" y="448" width="110" height="12" rx="6" fill="${cuerpo}"/>
<path d="M305 240l-10 300" stroke="#fff" stroke-opacity="0.3" stroke-width="14" stroke-linecap="round"/>`;
    case 'fruta': {
      const n = 3 + Math.floor(rnd() * 2);
      const piezas = Array.from({ length: n }, (_, i) => {
        const x = 400 + (i - (n - 1) / 2) * 120;
        const y = 400 - (i % 2) * 70;
        return `<circle cx="${x}" cy="${y}" r="95" fill="${cuerpo}"/><circle cx="${x - 30}" cy="${y - 32}" r="28" fill="#fff" fill-opacity="0.35"/>
<path d="M${x} ${y - 95}q10-40 55-48q-10 42-55 48z" fill="#15803d"/>`;
      });
      return piezas.join('');
    }
    case 'pan':
      return `<path d="M210 470q-10-170 190-200q200 30 190 200q0 60-60 60h-260q-60 0-60-60z" fill="${cuerpo}"/>
<path d="M300 330q20 40 0 90M400 310q20 45 0 100M500 330q20 40 0 90" stroke="${claro}" stroke-width="18" stroke-linecap="round" fill="none"/>
<path d="M240 470q160 40 320 0" stroke="${oscuro}" stroke-opacity="0.35" stroke-width="14" fill="none"/>`;
    case 'carne':
      return `<path d="M230 380q0-150 170-160q190 0 190 150q0 150-190 170q-170 10-170-160z" fill="${cuerpo}"/>
<path d="M280 390q10-100 120-110q130 0 140 100" stroke="${acento}" stroke-width="22" stroke-opacity="0.85" fill="none"/>
<circle cx="470" cy="420" r="34" fill="${acento}"/><circle cx="470" cy="420" r="16" fill="${claro}"/>`;
    default:
      return `<path d="M260 250l140-60l140 60v270l-140 60l-140-60z" fill="${cuerpo}"/>
<path d="M260 250l140 60l140-60" stroke="${acento}" stroke-width="10" fill="none"/><path d="M400 310v270" stroke="${oscuro}" stroke-opacity="0.4" stroke-width="10"/>
<path d="M470 220l-140 60v70l40-18v-70l140-60z" fill="${claro}"/>`;
  }
}

function productSvg(nombre: string, forma: Forma, paleta: Paleta, seed: number): string {
  const rnd = random(seed);
  const size = 800;
  const giro = ((rnd() - 0.5) * 10).toFixed(1);
  const etiqueta = lines(nombre, 52, 640);
  const alto = etiqueta.length === 1 ? 96 : 150;
  const texto = etiqueta
    .map((linea, i) => textPath(linea, 400, 800 - alto - 24 + 68 + i * 56, 52, 640, '#1f2937'))
    .join('');
  const puntos = Array.from({ length: 5 }, () => {
    const r = 14 + rnd() * 40;
    return `<circle cx="${(rnd() * size).toFixed(0)}" cy="${(rnd() * 420).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.18 + rnd() * 0.2).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${paleta.fondo[0]}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${puntos}
<ellipse cx="400" cy="${800 - alto - 70}" rx="230" ry="30" fill="#000" fill-opacity="0.12"/>
<g transform="rotate(${giro} 400 380) translate(0 ${(-alto / 2 + 40).toFixed(0)})">${objeto(forma, paleta, rnd)}</g>
<rect x="40" y="${800 - alto - 24}" width="720" height="${alto}" rx="28" fill="#ffffff" fill-opacity="0.94"/>
<rect x="40" y="${800 - alto - 24}" width="12" height="${alto}" rx="6" fill="${paleta.formas[0]}"/>
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

function logoSvg(nombre: string, paleta: Paleta, seed: number): string {
  const rnd = random(seed);
  const size = 256;
  const esquina = Math.round(size * (0.18 + rnd() * 0.14));
  const anillo = Math.round(70 + rnd() * 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${paleta.formas[0]}"/><stop offset="1" stop-color="${paleta.fondo[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" rx="${esquina}" fill="url(#g)"/>
<circle cx="128" cy="128" r="${anillo}" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="6"/>
${textPath(monograma(nombre), 128, 160, 96, 170, '#ffffff')}</svg>`;
}

const toJpeg = (svg: string, size: number) =>
  sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .resize(size, size)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();

export async function drawProductImages(
  producto: { nombre: string; categoria: string },
  paleta: Paleta,
  seed: number,
) {
  const svg = productSvg(producto.nombre, formaDeCategoria(producto.categoria), paleta, seed);
  const [imagen, miniatura] = await Promise.all([toJpeg(svg, 800), toJpeg(svg, 320)]);
  return { imagen, miniatura };
}

export const drawStoreLogo = (nombre: string, paleta: Paleta, seed: number) =>
  toJpeg(logoSvg(nombre, paleta, seed), 256);
