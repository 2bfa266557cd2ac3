import { describe, expect, it } from 'vitest';
import type { MotivoDeDescarte } from '../../metrics/metrics.port';
import { crearCacheDePaginas } from './cache-de-paginas';

/** A cache on a clock the test moves, counting what it tells the metrics. */
function cacheDePrueba({ maximo = 10, ttlMs = 1_000 } = {}) {
  let ahora = 0;
  const cuentas = { acierto: 0, fallo: 0, capacidad: 0, evento: 0, vencida: 0 };
  const dibujos: string[] = [];
  const cache = crearCacheDePaginas<string>({
    ttlMs,
    maximo,
    ahora: () => ahora,
    metrics: {
      paginaConsultada: (resultado) => {
        cuentas[resultado] += 1;
      },
      paginaDescartada: (motivo: MotivoDeDescarte) => {
        cuentas[motivo] += 1;
      },
    },
  });
  const pedir = (clave: string, salas: string[] = []) =>
    cache.obtener(clave, async () => {
      dibujos.push(clave);
      return { valor: `<p>${clave}</p>`, salas };
    });
  return {
    cache,
    cuentas,
    dibujos,
    pedir,
    avanzar: (ms: number) => {
      ahora += ms;
    },
  };
}

describe('page cache metrics', () => {
  it('a kept page is a hit; the first visit and one after its TTL are misses, the expired one dropped', async () => {
    const c = cacheDePrueba();
    await c.pedir('/product/1');
    await c.pedir('/product/1');
    expect(c.cuentas).toMatchObject({ acierto: 1, fallo: 1, vencida: 0 });
    c.avanzar(1_000);
    await c.pedir('/product/1');
    expect(c.cuentas).toMatchObject({ acierto: 1, fallo: 2, vencida: 1 });
    expect(c.dibujos).toEqual(['/product/1', '/product/1']);
  });

  it('requests that come while a page is drawn wait for it and count as hits', async () => {
    const c = cacheDePrueba();
    await Promise.all([c.pedir('/store/1'), c.pedir('/store/1'), c.pedir('/store/1')]);
    expect(c.dibujos).toEqual(['/store/1']);
    expect(c.cuentas).toMatchObject({ acierto: 2, fallo: 1 });
  });

  it('counts the pages dropped to make room and those an event changed', async () => {
    const c = cacheDePrueba({ maximo: 2 });
    await c.pedir('/product/1', ['producto:1']);
    await c.pedir('/product/2', ['producto:2']);
    await c.pedir('/product/3', ['producto:3']);
    expect(c.cuentas.capacidad).toBe(1);
    expect(c.cache.tamanio).toBe(2);

    c.cache.invalidarSala('producto:3');
    c.cache.invalidarSala('producto:1'); // already gone: nothing dropped
    expect(c.cuentas).toMatchObject({ evento: 1, capacidad: 1 });
    await c.pedir('/product/3', ['producto:3']);
    expect(c.cuentas).toMatchObject({ fallo: 4, acierto: 0 });
  });

  it('a page that could not be drawn is not kept, and not counted as dropped', async () => {
    const c = cacheDePrueba();
    await expect(
      c.cache.obtener('/group/1', async () => {
        throw new Error('sin datos');
      }),
    ).rejects.toThrow('sin datos');
    expect(c.cache.tamanio).toBe(0);
    expect(c.cuentas).toMatchObject({ fallo: 1, capacidad: 0, evento: 0, vencida: 0 });
  });

  it('pages that do not exist are kept apart: 510 bogus paths push no real page out', async () => {
    const c = cacheDePrueba({ maximo: 3 });
    await c.pedir('/product/1');
    for (let i = 0; i < 510; i++) {
      await c.cache.obtener(`/product/falso-${i}`, async () => ({
        valor: '<p>404</p>',
        salas: [],
        ausente: true,
      }));
    }
    await c.pedir('/product/1');
    expect(c.dibujos).toEqual(['/product/1']);
    expect(c.cache.tamanio).toBe(1);
    // A bogus path asked again within its TTL is not drawn again either.
    let dibujado = false;
    await c.cache.obtener('/product/falso-509', async () => {
      dibujado = true;
      return { valor: '', salas: [], ausente: true };
    });
    expect(dibujado).toBe(false);
  });
});
