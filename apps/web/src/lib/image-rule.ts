/**
 * The image rule of every image input (spec part 1, sections 5 and 8): only JPEG, JPG, PNG,
 * GIF and WEBP; scaled down to fit within 1920x1080 keeping the aspect ratio (never
 * enlarged); re-encoded as JPEG at quality 0.8 with a `.jpg` name.
 */

export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/gif',
  'image/webp',
] as const;

export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_MAX_HEIGHT = 1080;
export const IMAGE_JPEG_QUALITY = 0.8;
const IMAGE_OUTPUT_TYPE = 'image/jpeg';

export const IMAGE_ERROR_FORMATO =
  'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.';
export const IMAGE_ERROR_CARGA = 'Error al cargar la imagen. Por favor intenta con otra imagen.';
export const IMAGE_ERROR_PROCESO = 'No se pudo procesar la imagen';

export function isAcceptedImageType(type: string): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

export interface Size {
  width: number;
  height: number;
}

/** The largest size within maxWidth x maxHeight with the same aspect ratio; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): Size {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  if (scale === 1) return { width, height };
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Replaces the file extension with `.jpg` (adds it when there is none). */
export function toJpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'imagen'}.jpg`;
}

export interface DecodedImage extends Size {
  source: CanvasImageSource;
  /** Frees what decoding held (object URL, bitmap). */
  release?: () => void;
}

interface Context2DLike {
  drawImage(image: CanvasImageSource, dx: number, dy: number, dw: number, dh: number): void;
}

export interface CanvasLike {
  getContext(contextId: '2d'): Context2DLike | null;
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

/** The browser steps of processImage; tests inject their own. */
export interface ImageProcessingDeps {
  /** Decodes the file; rejects when it is not a readable image. */
  decode: (file: File) => Promise<DecodedImage>;
  createCanvas: (width: number, height: number) => CanvasLike;
}

function decodeWithImageElement(file: File): Promise<DecodedImage> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () =>
      resolve({
        source: image,
        width: image.naturalWidth,
        height: image.naturalHeight,
        release: () => URL.revokeObjectURL(url),
      });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('decode failed'));
    };
    image.src = url;
  });
}

function createBrowserCanvas(width: number, height: number): CanvasLike {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

const browserImageDeps: ImageProcessingDeps = {
  decode: decodeWithImageElement,
  createCanvas: createBrowserCanvas,
};

function toBlob(canvas: CanvasLike): Promise<Blob | null> {
  return new Promise((resolve) => {
    canvas.toBlob(resolve, IMAGE_OUTPUT_TYPE, IMAGE_JPEG_QUALITY);
  });
}

/**
 * Applies the image rule. Rejects with an Error carrying the spec's message:
 * wrong type, unreadable image, or no canvas / empty result.
 */
export async function processImage(
  file: File,
  deps: ImageProcessingDeps = browserImageDeps,
): Promise<File> {
  if (!isAcceptedImageType(file.type)) {
    throw new Error(IMAGE_ERROR_FORMATO);
  }

  let image: DecodedImage;
  try {
    image = await deps.decode(file);
  } catch {
    throw new Error(IMAGE_ERROR_CARGA);
  }
  if (!(image.width > 0 && image.height > 0)) {
    image.release?.();
    throw new Error(IMAGE_ERROR_CARGA);
  }

  try {
    const size = fitWithin(image.width, image.height, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
    const canvas = deps.createCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(IMAGE_ERROR_PROCESO);
    context.drawImage(image.source, 0, 0, size.width, size.height);
    const blob = await toBlob(canvas);
    if (!blob || blob.size === 0) throw new Error(IMAGE_ERROR_PROCESO);
    return new File([blob], toJpegName(file.name), {
      type: IMAGE_OUTPUT_TYPE,
      lastModified: Date.now(),
    });
  } finally {
    image.release?.();
  }
}

/** The toasts of the image inputs (spec part 2, section 8). */
export const IMAGE_TOAST_ERROR = 'Error al procesar imagen';
export const IMAGE_TOAST_PROCESADA = 'Imagen procesada';

const megabytes = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A file's size in MB with two decimals, the Argentine way: `0,25 MB` (spec part 2, section 9). */
export function tamanioEnMb(bytes: number): string {
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}
