import sharp from 'sharp';

/**
 * Product photos and store logos drawn at seed time (no downloads, no fonts needed): a soft
 * gradient with a few translucent shapes in the palette of the product's kind.
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

// A small deterministic generator so that every install draws the same pictures.
function random(seed: number) {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

function productSvg(paleta: Paleta, seed: number, size: number): string {
  const rnd = random(seed);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const color = paleta.formas[i % paleta.formas.length];
    const r = size * (0.08 + rnd() * 0.22);
    shapes.push(
      `<circle cx="${(rnd() * size).toFixed(1)}" cy="${(rnd() * size).toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" fill-opacity="${(0.25 + rnd() * 0.4).toFixed(2)}"/>`,
    );
  }
  const c = size / 2;
  const main = size * 0.24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${paleta.fondo[0]}"/><stop offset="1" stop-color="${paleta.fondo[1]}"/></linearGradient>
<radialGradient id="h" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/>
<stop offset="1" stop-color="${paleta.formas[0]}" stop-opacity="1"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}
<ellipse cx="${c}" cy="${c + main * 1.05}" rx="${main * 1.1}" ry="${main * 0.22}" fill="#000" fill-opacity="0.18"/>
<circle cx="${c}" cy="${c}" r="${main}" fill="url(#h)"/></svg>`;
}

function logoSvg(paleta: Paleta, seed: number, size: number): string {
  const rnd = random(seed);
  const petals: string[] = [];
  const c = size / 2;
  const count = 5 + Math.floor(rnd() * 4);
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const x = c + Math.cos(angle) * size * 0.18;
    const y = c + Math.sin(angle) * size * 0.18;
    petals.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size * 0.16).toFixed(1)}" fill="${paleta.formas[i % paleta.formas.length]}" fill-opacity="0.85"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${paleta.fondo[1]}"/><stop offset="1" stop-color="${paleta.fondo[0]}"/></linearGradient></defs>
<rect width="100%" height="100%" rx="${size * 0.22}" fill="url(#g)"/>${petals.join('')}
<circle cx="${c}" cy="${c}" r="${size * 0.12}" fill="#fff"/></svg>`;
}

const toJpeg = (svg: string, size: number) =>
  sharp(Buffer.from(svg)).resize(size, size).jpeg({ quality: 80, mozjpeg: true }).toBuffer();

export async function drawProductImages(paleta: Paleta, seed: number) {
  const svg = productSvg(paleta, seed, 800);
  return { imagen: await toJpeg(svg, 800), miniatura: await toJpeg(svg, 320) };
}

export const drawStoreLogo = (paleta: Paleta, seed: number) =>
  toJpeg(logoSvg(paleta, seed, 256), 256);
