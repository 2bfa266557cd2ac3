import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { altoAlAncho, MEDIANA_ANCHO, MINIATURA_LADO, processImage } from './image-pipeline';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } });

const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();

async function refusal(data: Buffer): Promise<AppError> {
  const error = await processImage(data).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processImage', () => {
  it('takes JPEG, PNG, GIF and WEBP, and gives JPEG with a square miniature', async () => {
    for (const data of [
      await jpeg(),
      await solid(64, 48).png().toBuffer(),
      await solid(64, 48).gif().toBuffer(),
      await solid(64, 48).webp().toBuffer(),
    ]) {
      const { imagen, miniatura, ancho, alto } = await processImage(data);
      expect(await sharp(imagen).metadata()).toMatchObject({
        format: 'jpeg',
        width: 64,
        height: 48,
      });
      expect([ancho, alto]).toEqual([64, 48]);
      expect(await sharp(miniatura).metadata()).toMatchObject({
        format: 'jpeg',
        width: MINIATURA_LADO,
        height: MINIATURA_LADO,
      });
    }
  });

  it('fits a large image within 1920x1080 and never enlarges a small one', async () => {
    const grande = await processImage(await jpeg(4000, 3000));
    expect([grande.ancho, grande.alto]).toEqual([1440, 1080]);
    const panoramica = await processImage(await jpeg(3840, 1000));
    expect([panoramica.ancho, panoramica.alto]).toEqual([1920, 500]);
    const chica = await processImage(await jpeg(100, 50));
    expect([chica.ancho, chica.alto]).toEqual([100, 50]);
  });

  it('makes a 640 px wide variant of the same aspect, and none for an image no wider', async () => {
    const { mediana, ancho, alto } = await processImage(await jpeg(4000, 3000));
    expect([ancho, alto]).toEqual([1440, 1080]);
    expect(mediana).not.toBeNull();
    expect([mediana?.ancho, mediana?.alto]).toEqual([MEDIANA_ANCHO, 480]);
    expect(await sharp(mediana?.imagen).metadata()).toMatchObject({
      format: 'jpeg',
      width: MEDIANA_ANCHO,
      height: 480,
    });
    // The height the product answer announces (altoAlAncho) is the height stored.
    const casi = await processImage(await jpeg(1920, 1079));
    expect(casi.mediana?.alto).toBe(altoAlAncho(1920, 1079, MEDIANA_ANCHO));
    expect((await sharp(casi.mediana?.imagen).metadata()).height).toBe(360);
    const alta = await processImage(await jpeg(900, 1600));
    expect([alta.ancho, alta.alto]).toEqual([608, 1080]);
    expect(alta.mediana).toBeNull();
    expect((await processImage(await jpeg(640, 400))).mediana).toBeNull();
  });

  it('drops the metadata, GPS position included', async () => {
    const conGps = await solid(64, 48)
      .withExif({
        IFD0: { Copyright: 'vendedor-secreto' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 35/1 20/1' },
      })
      .jpeg()
      .toBuffer();
    // The input carries both (the GPS IFD pointer is EXIF tag 0x8825), so the test can fail.
    const exif = (await sharp(conGps).metadata()).exif;
    expect(exif?.includes(Buffer.from('vendedor-secreto'))).toBe(true);
    expect(
      exif?.includes(Buffer.from([0x88, 0x25])) || exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);

    const { imagen, miniatura } = await processImage(conGps);
    for (const salida of [imagen, miniatura]) {
      expect((await sharp(salida).metadata()).exif).toBeUndefined();
      expect(salida.includes(Buffer.from('vendedor-secreto'))).toBe(false);
    }
  });

  it('refuses what is not an image, whatever its name says: text, SVG, HTML', async () => {
    for (const text of [
      'no soy una imagen',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><img src=x onerror=alert(1)>',
    ]) {
      const error = await refusal(Buffer.from(text));
      expect(error).toMatchObject({ statusCode: 400, code: 'IMAGEN_NO_SOPORTADA' });
      expect(error.message).toBe(
        'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
      );
    }
  });

  it('refuses a polyglot: an image that goes on past its end', async () => {
    const payload = Buffer.from('<script>alert(document.cookie)</script>');
    for (const image of [
      await jpeg(),
      await solid(32, 32).png().toBuffer(),
      await solid(32, 32).gif().toBuffer(),
      await solid(32, 32).webp().toBuffer(),
    ]) {
      expect(await processImage(image)).toBeDefined();
      const error = await refusal(Buffer.concat([image, payload]));
      expect(error.code).toBe('IMAGEN_NO_SOPORTADA');
    }
  });

  it('refuses a file that starts like an image and is not one', async () => {
    const falso = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('basura'.repeat(50)),
      Buffer.from([0xff, 0xd9]),
    ]);
    const error = await refusal(falso);
    expect(error).toMatchObject({ statusCode: 400, code: 'IMAGEN_NO_PROCESABLE' });
    expect(error.message).toBe('No se pudo procesar la imagen');
  });

  it('refuses a truncated image', async () => {
    const entera = await jpeg(200, 200);
    const error = await refusal(entera.subarray(0, entera.length / 2));
    expect(error.statusCode).toBe(400);
  });
});
