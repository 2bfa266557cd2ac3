import { describe, expect, it } from 'vitest';
import type { VitrinaRepository } from './vitrina.repository';
import { createVitrinaService, MAXIMO_DEL_SITEMAP } from './vitrina.service';

/** Ids in keyset order: `<prefix>` and a zero-padded counter, 24 characters. */
const ids = (prefijo: string, cuantos: number) =>
  Array.from({ length: cuantos }, (_, i) => `${prefijo}${String(i).padStart(23, '0')}`);

/** A repository that pages through `filas` as the real one does (after `despues`, `limite`). */
const paginado = (filas: string[]) => async (despues: string, limite: number) =>
  filas
    .filter((id) => id > despues)
    .slice(0, limite)
    .map((id) => ({ id }));

describe('the sitemap', () => {
  it('stops at the protocol limit of 50,000 URLs, stores first, reading in bounded batches', async () => {
    const tiendas = ids('a', 1_500);
    const productos = ids('b', 60_000);
    const lotes: number[] = [];
    const repository = {
      findTiendasHabilitadas: paginado(tiendas),
      findProductosEnVenta: async (despues: string, limite: number) => {
        lotes.push(limite);
        return paginado(productos)(despues, limite);
      },
    } as unknown as VitrinaRepository;
    const service = createVitrinaService({
      repository,
      publicUrl: 'https://compragrupal.example.com.ar',
      sinIndexar: false,
    });

    let xml = '';
    for await (const parte of service.sitemap(null)) xml += parte;
    const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(urls).toHaveLength(MAXIMO_DEL_SITEMAP);
    expect(new Set(urls).size).toBe(MAXIMO_DEL_SITEMAP);
    expect(urls.slice(0, tiendas.length).every((u) => u.includes('/store/a'))).toBe(true);
    expect(urls.at(-1)).toBe(
      `https://compragrupal.example.com.ar/product/${productos[MAXIMO_DEL_SITEMAP - tiendas.length - 1]}`,
    );
    expect(Math.max(...lotes)).toBeLessThanOrEqual(1_000);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
  });
});
