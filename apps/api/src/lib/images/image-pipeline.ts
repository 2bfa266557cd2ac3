import sharp, { type Metadata } from 'sharp';
import { appError } from '../app-error';
import { endsWhereItShould, sniffImageType } from './image-type';

/** The spec's image rule: fit within 1920x1080 (never enlarged), JPEG at quality 0.8. */
export const IMAGE_MAX = { width: 1920, height: 1080 } as const;
const JPEG_QUALITY = 80;
/** The square variant for cards and thumbnails. */
export const MINIATURA_LADO = 320;
/** The width of the same-aspect variant a phone loads (srcset of the product page). */
export const MEDIANA_ANCHO = 640;
/** Decoding more pixels than this is refused before any work (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  /** The image as stored and served: re-encoded, no metadata. */
  imagen: Buffer;
  /** A MINIATURA_LADO square of it, for cards. */
  miniatura: Buffer;
  /**
   * The image scaled to MEDIANA_ANCHO wide, same aspect; null when the image is no wider
   * (it would only repeat it).
   */
  mediana: { imagen: Buffer; ancho: number; alto: number } | null;
  ancho: number;
  alto: number;
}

const noSoportada = () => appError(400, 'IMAGEN_NO_SOPORTADA');
const noProcesable = () => appError(400, 'IMAGEN_NO_PROCESABLE');

/**
 * The one way an uploaded image enters the product. Nothing the client says is trusted: the
 * type is read from the bytes, a file that goes on past its image is refused, the pixels are
 * decoded and encoded anew (so metadata such as GPS positions, comments and anything hidden in
 * them is gone), rotated as the camera meant, and fitted to the spec's size.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(data);
  if (!type || !endsWhereItShould(data, type)) throw noSoportada();

  const input = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    throw noProcesable();
  }
  // What the decoder found must be what the bytes announced.
  if (metadata.format !== type) throw noSoportada();

  try {
    const { data: imagen, info } = await input()
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ ...IMAGE_MAX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const miniatura = await sharp(imagen)
      .resize(MINIATURA_LADO, MINIATURA_LADO, { fit: 'cover' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
    const mediana =
      info.width > MEDIANA_ANCHO
        ? await escalarAlAncho(imagen, info.width, info.height, MEDIANA_ANCHO)
        : null;
    return { imagen, miniatura, mediana, ancho: info.width, alto: info.height };
  } catch {
    throw noProcesable();
  }
}

/**
 * The height of the image scaled to `nuevoAncho`, rounded: the one rule the pipeline and the
 * product answer share, so the size the API announces for a variant is the size stored.
 */
export const altoAlAncho = (ancho: number, alto: number, nuevoAncho: number) =>
  Math.max(1, Math.round((alto * nuevoAncho) / ancho));

async function escalarAlAncho(imagen: Buffer, ancho: number, alto: number, nuevoAncho: number) {
  // Both sides given (libvips rounds on its own otherwise): under a pixel of stretch at most.
  const { data, info } = await sharp(imagen)
    .resize(nuevoAncho, altoAlAncho(ancho, alto, nuevoAncho), { fit: 'fill' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { imagen: data, ancho: info.width, alto: info.height };
}
