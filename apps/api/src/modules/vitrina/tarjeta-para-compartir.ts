import { createHash } from 'node:crypto';
import { type Prediccion, textoDePrediccion } from '@compra-grupal/contracts';
import sharp from 'sharp';
import { anchoDeTexto, enLineas, trazoDeTexto } from '../../lib/images/texto-en-trazos';

/**
 * The share card of a group or a product (docs/decisions/053): a 1200 × 630 PNG, the size
 * WhatsApp, Telegram and social networks show large, drawn from an SVG by sharp. Text is drawn
 * as paths (lib/images/texto-en-trazos.ts): the production image has no fonts.
 */
export const TARJETA = { ancho: 1200, alto: 630, tipo: 'image/png' } as const;

/** Changes when the drawing changes, so that every card kept before is drawn again. */
const VERSION_DEL_DIBUJO = '1';

/** What a card shows; two cards with the same content are the same picture. */
export interface ContenidoDeTarjeta {
  nombre: string;
  /** The group's price, as people read it ('$ 4.890,5'). */
  precio: string;
  /** The open group's places, or null when the product has no group to show. */
  lugares: { ocupados: number; necesarios: number } | null;
  /** 'Cierra en 3 días', the forecast's words, 'Grupo completo', or nothing. */
  aviso: string | null;
  /** The photo's URL as stored (it names the file: a new photo is a new URL). */
  imagen: string | null;
}

/** The card's ETag: a hash of what it shows and of the drawing's version. */
export function etiquetaDeTarjeta(contenido: ContenidoDeTarjeta): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([VERSION_DEL_DIBUJO, contenido]))
    .digest('base64url')
    .slice(0, 22);
  return `"${hash}"`;
}

/**
 * The `?v=` of a card's URL in a page's og:image: the places taken and a short hash of what
 * else the page knows the card shows, so that a crawler that keeps pictures by URL (WhatsApp)
 * asks for the new one when the group changes.
 */
export function versionDeTarjeta(ocupados: number, ...partes: (string | number | null)[]): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([VERSION_DEL_DIBUJO, ...partes]))
    .digest('base64url')
    .slice(0, 8);
  return `${ocupados}-${hash}`;
}

/** The absolute URL of a card, with its version. */
export const urlDeTarjeta = (
  publicUrl: string,
  tipo: 'grupo' | 'producto',
  id: string,
  version: string,
) => `${publicUrl}/api/compartir/${tipo}/${id}.png?v=${encodeURIComponent(version)}`;

/** The og:image tags of a card (its URL, size and type) with its description. */
export const etiquetasDeImagenDeTarjeta = (url: string, alt: string) => [
  { property: 'og:image', content: url },
  { property: 'og:image:type', content: TARJETA.tipo },
  { property: 'og:image:width', content: String(TARJETA.ancho) },
  { property: 'og:image:height', content: String(TARJETA.alto) },
  { property: 'og:image:alt', content: alt },
];

const HORA = 3_600_000;
const DIA = 24 * HORA;

/**
 * The time a card tells: the deadline's countdown in whole days or hours (a card is kept, so no
 * minutes), else the forecast's words, else nothing.
 */
export function textoDeTiempo(
  fechaLimite: string | null | undefined,
  prediccion: Prediccion | null,
  ahora: Date,
): string | null {
  const limite = fechaLimite ? Date.parse(fechaLimite) : Number.NaN;
  if (!Number.isNaN(limite)) {
    const falta = limite - ahora.getTime();
    const dias = Math.floor(falta / DIA);
    const horas = Math.floor(falta / HORA);
    if (dias >= 2) return `Cierra en ${dias} días`;
    if (dias === 1) return 'Cierra en 1 día';
    if (horas >= 2) return `Cierra en ${horas} horas`;
    if (horas === 1) return 'Cierra en 1 hora';
    return 'Cierra en menos de 1 hora';
  }
  return prediccion ? textoDePrediccion(prediccion, ahora) : null;
}

// The brand (apps/web/src/styles/globals.css and public/favicon.svg).
const COLOR = {
  verde: '#047857',
  verdeClaro: '#10b981',
  verdeOscuro: '#065f46',
  verdeSuave: '#d1fae5',
  fondo: '#f3faf7',
  texto: '#112522',
  apagado: '#5b6b69',
  ambar: '#f59e0b',
  ambarSuave: '#fef3c7',
  ambarTexto: '#92400e',
} as const;

const FOTO = { x: 72, y: 72, lado: 486, radio: 28 } as const;
/** Where the right column's text starts and how wide it may be. */
const COLUMNA = { x: 606, ancho: 522 } as const;

/** The favicon's bag, scaled into a `lado` square at (x, y). */
const logo = (x: number, y: number, lado: number) => `
<g transform="translate(${x} ${y}) scale(${lado / 64})">
  <rect width="64" height="64" rx="16" fill="url(#marca)"/>
  <path d="M24 25v-4a8 8 0 0 1 16 0v4" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
  <path d="M15.5 24h33l-2.6 25.2a5 5 0 0 1-5 4.5H23.1a5 5 0 0 1-5-4.5z" fill="#fff"/>
  <circle cx="24.5" cy="38" r="3.6" fill="#059669"/>
  <circle cx="32" cy="38" r="3.6" fill="${COLOR.ambar}"/>
  <circle cx="39.5" cy="38" r="3.6" fill="#059669"/>
</g>`;

/** The photo cut to the left square, or the brand's bag on a soft green when there is none. */
async function foto(datos: Buffer | undefined): Promise<string> {
  const { x, y, lado, radio } = FOTO;
  const marco = `<rect x="${x}" y="${y}" width="${lado}" height="${lado}" rx="${radio}"`;
  if (datos) {
    const jpeg = await sharp(datos, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(lado, lado, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch(() => undefined);
    if (jpeg) {
      return `<clipPath id="recorte">${marco}/></clipPath>
<image x="${x}" y="${y}" width="${lado}" height="${lado}" clip-path="url(#recorte)" href="data:image/jpeg;base64,${jpeg.toString('base64')}"/>
${marco} fill="none" stroke="#000" stroke-opacity="0.06" stroke-width="2"/>`;
    }
  }
  return `${marco} fill="${COLOR.verdeSuave}"/>${logo(x + lado / 2 - 90, y + lado / 2 - 90, 180)}`;
}

/** The bar of places taken, with 'X de N lugares' above it and what is missing beside. */
function barra(lugares: { ocupados: number; necesarios: number }, y: number): string {
  const { x, ancho } = COLUMNA;
  const alto = 24;
  const parte = lugares.necesarios > 0 ? Math.min(1, lugares.ocupados / lugares.necesarios) : 0;
  const lleno = parte > 0 ? Math.max(alto, Math.round(ancho * parte)) : 0;
  const faltan = Math.max(0, lugares.necesarios - lugares.ocupados);
  const texto = `${lugares.ocupados} de ${lugares.necesarios} lugares`;
  const resto = faltan === 0 ? '¡Completo!' : faltan === 1 ? 'Falta 1' : `Faltan ${faltan}`;
  return [
    trazoDeTexto(texto, { x, y: y - 18, tamanio: 30, peso: 700, color: COLOR.texto }),
    trazoDeTexto(resto, {
      x: x + ancho,
      y: y - 18,
      tamanio: 26,
      peso: 600,
      color: COLOR.verde,
      ancla: 'fin',
    }),
    `<rect x="${x}" y="${y}" width="${ancho}" height="${alto}" rx="${alto / 2}" fill="${COLOR.verdeSuave}"/>`,
    lleno
      ? `<rect x="${x}" y="${y}" width="${lleno}" height="${alto}" rx="${alto / 2}" fill="url(#barra)"/>`
      : '',
  ].join('');
}

/** The notice under the bar in an amber pill ('Cierra en 3 días'). */
function aviso(texto: string, y: number): string {
  const tamanio = 26;
  const trazo = trazoDeTexto(texto, {
    x: COLUMNA.x + 24,
    y: y + 37,
    tamanio,
    peso: 600,
    color: COLOR.ambarTexto,
    anchoMaximo: COLUMNA.ancho - 48,
  });
  // The pill is as wide as its text (shrunk to fit, it fills the column).
  const ancho = 48 + Math.min(COLUMNA.ancho - 48, anchoDeTexto(texto, tamanio, 600));
  return `<rect x="${COLUMNA.x}" y="${y}" width="${ancho}" height="54" rx="27" fill="${COLOR.ambarSuave}"/>${trazo}`;
}

/**
 * The card as a PNG: the photo on the left of a white card with rounded corners on the brand's
 * green; on the right the brand, the product's name, the group's price, the bar of places and
 * the time left.
 */
export async function dibujarTarjeta(
  contenido: ContenidoDeTarjeta,
  datosDeFoto: Buffer | undefined,
): Promise<Buffer> {
  const { ancho, alto } = TARJETA;
  const { x } = COLUMNA;
  const nombre = enLineas(contenido.nombre, {
    tamanio: 50,
    peso: 800,
    anchoMaximo: COLUMNA.ancho,
    maximo: 2,
  });
  const yNombre = 196;
  const yPrecio = yNombre + (nombre.length - 1) * 60 + 96;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ancho}" height="${alto}" viewBox="0 0 ${ancho} ${alto}">
<defs>
  <linearGradient id="fondo" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${COLOR.verdeClaro}"/><stop offset="1" stop-color="${COLOR.verdeOscuro}"/>
  </linearGradient>
  <linearGradient id="marca" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${COLOR.verdeClaro}"/><stop offset="1" stop-color="${COLOR.verde}"/>
  </linearGradient>
  <linearGradient id="barra" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${COLOR.verdeClaro}"/><stop offset="1" stop-color="${COLOR.verde}"/>
  </linearGradient>
</defs>
<rect width="${ancho}" height="${alto}" fill="url(#fondo)"/>
<rect x="36" y="36" width="${ancho - 72}" height="${alto - 72}" rx="36" fill="#ffffff"/>
${await foto(datosDeFoto)}
${logo(x, 78, 52)}
${trazoDeTexto('Compra Grupal', { x: x + 66, y: 116, tamanio: 30, peso: 800, color: COLOR.verdeOscuro })}
${nombre
  .map((linea, i) =>
    trazoDeTexto(linea, {
      x,
      y: yNombre + i * 60,
      tamanio: 50,
      peso: 800,
      color: COLOR.texto,
      anchoMaximo: COLUMNA.ancho,
    }),
  )
  .join('')}
${trazoDeTexto(contenido.precio, { x, y: yPrecio, tamanio: 64, peso: 800, color: COLOR.verde, anchoMaximo: 330 })}
${trazoDeTexto('por unidad', {
  x: x + Math.min(330, anchoDeTexto(contenido.precio, 64, 800)) + 16,
  y: yPrecio,
  tamanio: 24,
  peso: 600,
  color: COLOR.apagado,
})}
${contenido.lugares ? barra(contenido.lugares, 452) : ''}
${contenido.aviso ? aviso(contenido.aviso, contenido.lugares ? 500 : 452) : ''}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}
