import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  drawProductImages,
  drawStoreLogo,
  formaDeCategoria,
  monograma,
  PALETAS,
} from './demo-images';
import { DEMO_TIENDAS } from './demo-tiendas.data';

const hash = (image: Buffer) => createHash('sha256').update(image).digest('hex');

describe('demo images', () => {
  it('draws a different photo for every demo product, full size and for cards', async () => {
    const productos = DEMO_TIENDAS.flatMap((tienda) => tienda.productos);
    const hashes = new Set<string>();
    for (const [i, producto] of productos.entries()) {
      const paleta = PALETAS[producto.paleta];
      if (!paleta) throw new Error(`sin paleta: ${producto.paleta}`);
      const { imagen, miniatura, mediana, ancho, alto } = await drawProductImages(
        producto,
        paleta,
        i * 31,
      );
      expect([ancho, alto]).toEqual([800, 800]);
      expect(await sharp(imagen).metadata()).toMatchObject({
        format: 'jpeg',
        width: 800,
        height: 800,
      });
      expect(await sharp(miniatura).metadata()).toMatchObject({ width: 320, height: 320 });
      expect(await sharp(mediana).metadata()).toMatchObject({ width: 640, height: 640 });
      hashes.add(hash(imagen));
    }
    expect(hashes.size).toBe(productos.length);
    // A hang guard, not a budget: three encodes of every demo product, on a shared machine.
  }, 90_000);

  it('draws the object of the product kind, a box when none fits', () => {
    expect(formaDeCategoria('Vinos')).toBe('botella');
    expect(formaDeCategoria('Frutas')).toBe('fruta');
    expect(formaDeCategoria('Electrónica')).toBe('caja');
  });

  it('gives every store a logo with its monogram, its small words aside', async () => {
    expect(monograma('Almacén Don Ramón')).toBe('AD');
    expect(monograma('La Huerta de Villa Crespo')).toBe('HV');
    const logos = await Promise.all(
      DEMO_TIENDAS.map((tienda, i) => {
        const paleta = PALETAS[tienda.paleta];
        if (!paleta) throw new Error(`sin paleta: ${tienda.paleta}`);
        return drawStoreLogo(tienda.nombre, paleta, i + 7);
      }),
    );
    expect(new Set(logos.map(hash)).size).toBe(DEMO_TIENDAS.length);
    const { width, height, format } = await sharp(logos[0]).metadata();
    expect({ width, height, format }).toEqual({ width: 256, height: 256, format: 'jpeg' });
    // Flattened on white: the rounded corner is not black.
    const { data } = await sharp(logos[0])
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(200);
  });
});
