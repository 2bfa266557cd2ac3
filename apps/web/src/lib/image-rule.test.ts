import { describe, expect, it, vi } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  type CanvasLike,
  fitWithin,
  IMAGE_ERROR_CARGA,
  IMAGE_ERROR_FORMATO,
  IMAGE_ERROR_PROCESO,
  IMAGE_JPEG_QUALITY,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  type ImageProcessingDeps,
  isAcceptedImageType,
  processImage,
  tamanioEnMb,
  toJpegName,
} from './image-rule';

describe('image rule constants', () => {
  it('follows the spec: 1920x1080, JPEG quality 0.8, five accepted types', () => {
    expect(IMAGE_MAX_WIDTH).toBe(1920);
    expect(IMAGE_MAX_HEIGHT).toBe(1080);
    expect(IMAGE_JPEG_QUALITY).toBe(0.8);
    expect(ACCEPTED_IMAGE_TYPES).toEqual([
      'image/jpeg',
      'image/jpg',
      'image/png',
      'image/gif',
      'image/webp',
    ]);
  });

  it('uses the spec messages to the letter', () => {
    expect(IMAGE_ERROR_FORMATO).toBe(
      'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
    );
    expect(IMAGE_ERROR_CARGA).toBe('Error al cargar la imagen. Por favor intenta con otra imagen.');
    expect(IMAGE_ERROR_PROCESO).toBe('No se pudo procesar la imagen');
  });
});

describe('isAcceptedImageType', () => {
  it.each(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'IMAGE/PNG'])(
    'accepts %s',
    (type) => {
      expect(isAcceptedImageType(type)).toBe(true);
    },
  );

  it.each(['image/svg+xml', 'image/bmp', 'image/heic', 'application/pdf', 'text/plain', ''])(
    'rejects %j',
    (type) => {
      expect(isAcceptedImageType(type)).toBe(false);
    },
  );
});

describe('fitWithin', () => {
  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, 1920, 1080)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1920, 1080, 1920, 1080)).toEqual({ width: 1920, height: 1080 });
  });

  it('scales a wide image down to the maximum width', () => {
    expect(fitWithin(3840, 1080, 1920, 1080)).toEqual({ width: 1920, height: 540 });
  });

  it('scales a tall image down to the maximum height', () => {
    expect(fitWithin(1080, 2160, 1920, 1080)).toEqual({ width: 540, height: 1080 });
  });

  it('uses the tighter limit and keeps the aspect ratio', () => {
    // 4000x3000 (4:3): height limits, 1080/3000 = 0.36.
    expect(fitWithin(4000, 3000, 1920, 1080)).toEqual({ width: 1440, height: 1080 });
    // 4032x1960: width limits, 1920/4032.
    const size = fitWithin(4032, 1960, 1920, 1080);
    expect(size.width).toBe(1920);
    expect(size.height).toBe(933);
  });
});

describe('toJpegName', () => {
  it.each([
    ['foto.png', 'foto.jpg'],
    ['foto.JPEG', 'foto.jpg'],
    ['mi.producto.webp', 'mi.producto.jpg'],
    ['sin-extension', 'sin-extension.jpg'],
    ['.oculto', '.oculto.jpg'],
    ['', 'imagen.jpg'],
  ])('%j becomes %j', (name, expected) => {
    expect(toJpegName(name)).toBe(expected);
  });
});

interface FakeCanvas extends CanvasLike {
  drawImage: ReturnType<typeof vi.fn>;
  toBlobArgs: { type?: string; quality?: number } | null;
  size: { width: number; height: number };
}

function fakeDeps({
  width = 4000,
  height = 3000,
  decodeFails = false,
  noContext = false,
  blob = new Blob(['jpeg-bytes'], { type: 'image/jpeg' }),
}: {
  width?: number;
  height?: number;
  decodeFails?: boolean;
  noContext?: boolean;
  blob?: Blob | null;
} = {}) {
  const source = { kind: 'decoded-image' } as unknown as CanvasImageSource;
  const release = vi.fn();
  let canvas: FakeCanvas | null = null;
  const deps: ImageProcessingDeps = {
    decode: vi.fn(async () => {
      if (decodeFails) throw new Error('bad image');
      return { source, width, height, release };
    }),
    createCanvas: (w, h) => {
      const drawImage = vi.fn();
      const fake: FakeCanvas = {
        drawImage,
        toBlobArgs: null,
        size: { width: w, height: h },
        getContext: () => (noContext ? null : { drawImage }),
        toBlob(callback, type, quality) {
          fake.toBlobArgs = { type, quality };
          callback(blob);
        },
      };
      canvas = fake;
      return fake;
    },
  };
  return { deps, source, release, canvas: () => canvas };
}

const pngFile = (name = 'vista.png') =>
  new File(['png-bytes'], name, { type: 'image/png', lastModified: 1 });

describe('processImage', () => {
  it('rejects an unsupported type before decoding', async () => {
    const { deps } = fakeDeps();
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await expect(processImage(svg, deps)).rejects.toThrow(IMAGE_ERROR_FORMATO);
    expect(deps.decode).not.toHaveBeenCalled();
  });

  it('rejects an image that cannot be decoded', async () => {
    const { deps } = fakeDeps({ decodeFails: true });
    await expect(processImage(pngFile(), deps)).rejects.toThrow(IMAGE_ERROR_CARGA);
  });

  it('rejects an image with no size as unreadable', async () => {
    const { deps, release } = fakeDeps({ width: 0, height: 0 });
    await expect(processImage(pngFile(), deps)).rejects.toThrow(IMAGE_ERROR_CARGA);
    expect(release).toHaveBeenCalled();
  });

  it('rejects when the canvas has no 2d context', async () => {
    const { deps, release } = fakeDeps({ noContext: true });
    await expect(processImage(pngFile(), deps)).rejects.toThrow(IMAGE_ERROR_PROCESO);
    expect(release).toHaveBeenCalled();
  });

  it('rejects when encoding gives no blob', async () => {
    const { deps } = fakeDeps({ blob: null });
    await expect(processImage(pngFile(), deps)).rejects.toThrow(IMAGE_ERROR_PROCESO);
  });

  it('rejects when encoding gives an empty blob', async () => {
    const { deps } = fakeDeps({ blob: new Blob([]) });
    await expect(processImage(pngFile(), deps)).rejects.toThrow(IMAGE_ERROR_PROCESO);
  });

  it('scales a large image down, encodes JPEG at 0.8 and renames it .jpg', async () => {
    const { deps, source, release, canvas } = fakeDeps({ width: 4000, height: 3000 });
    const result = await processImage(pngFile('vista.png'), deps);

    expect(result).toBeInstanceOf(File);
    expect(result.name).toBe('vista.jpg');
    expect(result.type).toBe('image/jpeg');
    expect(await result.text()).toBe('jpeg-bytes');

    const used = canvas();
    expect(used?.size).toEqual({ width: 1440, height: 1080 });
    expect(used?.drawImage).toHaveBeenCalledWith(source, 0, 0, 1440, 1080);
    expect(used?.toBlobArgs).toEqual({ type: 'image/jpeg', quality: 0.8 });
    expect(release).toHaveBeenCalled();
  });

  it('keeps the size of an image that already fits', async () => {
    const { deps, canvas } = fakeDeps({ width: 640, height: 480 });
    const result = await processImage(new File(['x'], 'chica.webp', { type: 'image/webp' }), deps);
    expect(result.name).toBe('chica.jpg');
    expect(canvas()?.size).toEqual({ width: 640, height: 480 });
  });
});

describe('tamanioEnMb', () => {
  it('gives MB with two decimals, the Argentine way', () => {
    expect(tamanioEnMb(256 * 1024)).toBe('0,25 MB');
    expect(tamanioEnMb(3 * 1024 * 1024)).toBe('3,00 MB');
    expect(tamanioEnMb(1536 * 1024 + 10)).toBe('1,50 MB');
    expect(tamanioEnMb(0)).toBe('0,00 MB');
  });
});
