import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costoDeRuta,
  precioDeHoy,
  precioMinimo,
  repartirRuta,
  type TarifaEntregaEnGrupo,
} from './entrega-en-grupo';

const tarifa: TarifaEntregaEnGrupo = {
  baseCentavos: 300_000,
  kmCentavos: 40_000,
  minimoCentavos: 60_000,
};

describe("'Entrega en grupo' pricing", () => {
  it('charges a lone stop its round trip, and says how far a full group brings it down', () => {
    // 4 km there and back: $ 3.000 + 4 × $ 400.
    expect(precioDeHoy(tarifa, 4000)).toBe(460_000);
    expect(precioMinimo(tarifa, 4000, 5)).toBe(92_000);
    // A full group of 10 would split below the minimum: the minimum holds.
    expect(precioMinimo(tarifa, 4000, 10)).toBe(60_000);
    expect(costoDeRuta(tarifa, 0)).toBe(300_000);
  });

  it('splits a route in proportion to what each paid above the minimum, to the cent', () => {
    const pagados = [460_000, 460_000, 620_000];
    const { precioCentavos, partes } = repartirRuta(tarifa, 9000, pagados);
    expect(precioCentavos).toBe(costoDeRuta(tarifa, 9000));
    expect(partes.reduce((t, p) => t + p, 0)).toBe(precioCentavos);
    // Equal payers share equally, but for the centavo the rounding hands the earlier one.
    expect((partes[0] ?? 0) - (partes[1] ?? 0)).toBeGreaterThanOrEqual(0);
    expect((partes[0] ?? 0) - (partes[1] ?? 0)).toBeLessThanOrEqual(1);
    expect(partes[2]).toBeGreaterThan(partes[0] ?? 0);
  });

  it('never charges more than was paid, nor less than the minimum, and adds up exactly', () => {
    fc.assert(
      fc.property(
        fc.record({
          baseCentavos: fc.integer({ min: 0, max: 1_000_000 }),
          kmCentavos: fc.integer({ min: 0, max: 200_000 }),
          minimoCentavos: fc.integer({ min: 0, max: 500_000 }),
        }),
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 400_000 }),
        (t, idasYVueltas, rutaMetros) => {
          const pagados = idasYVueltas.map((m) => precioDeHoy(t, m));
          const { precioCentavos, partes } = repartirRuta(t, rutaMetros, pagados);
          expect(partes.reduce((s, p) => s + p, 0)).toBe(precioCentavos);
          partes.forEach((parte, i) => {
            expect(parte).toBeLessThanOrEqual(pagados[i] ?? 0);
            expect(parte).toBeGreaterThanOrEqual(t.minimoCentavos);
            expect(Number.isInteger(parte)).toBe(true);
          });
        },
      ),
    );
  });

  it("keeps a member's share at what they paid when the minimum rose after they paid", () => {
    const { partes } = repartirRuta({ ...tarifa, minimoCentavos: 900_000 }, 1000, [400_000]);
    expect(partes).toEqual([400_000]);
  });
});
