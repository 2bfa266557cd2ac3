import { describe, expect, it } from 'vitest';
import {
  PAQUETE_POR_DEFECTO,
  PAQUETES_POR_CATEGORIA,
  paqueteDeLineas,
  paqueteEnJsonSchema,
  paquetePorCategoria,
} from './paquete';

const volumen = (p: { largo: number; ancho: number; alto: number }) => p.largo * p.ancho * p.alto;

describe('paqueteDeLineas', () => {
  it('keeps one unit in its own package, sides sorted longest first', () => {
    expect(
      paqueteDeLineas([{ paquete: { peso: 1.5, largo: 10, ancho: 30, alto: 20 }, cantidad: 1 }]),
    ).toEqual({ peso: 1.5, largo: 30, ancho: 20, alto: 10 });
  });

  it('adds the weights and holds the whole volume, near a cube', () => {
    const yerba = { peso: 1, largo: 20, ancho: 15, alto: 10 };
    const caja = paqueteDeLineas([{ paquete: yerba, cantidad: 100 }]);
    expect(caja.peso).toBe(100);
    expect(volumen(caja)).toBeGreaterThanOrEqual(100 * volumen(yerba));
    expect(volumen(caja)).toBeLessThan(100 * volumen(yerba) * 1.01);
    expect(Math.max(caja.largo, caja.ancho, caja.alto)).toBeLessThan(70);
  });

  it('never makes a box smaller than its largest unit', () => {
    const alfombra = { peso: 3, largo: 200, ancho: 10, alto: 10 };
    const lapiz = { peso: 0.1, largo: 15, ancho: 1, alto: 1 };
    const caja = paqueteDeLineas([
      { paquete: alfombra, cantidad: 1 },
      { paquete: lapiz, cantidad: 5 },
    ]);
    expect(caja).toMatchObject({ peso: 3.5, largo: 200 });
    expect(caja.ancho).toBeGreaterThanOrEqual(10);
    expect(caja.alto).toBeGreaterThanOrEqual(10);
    expect(volumen(caja)).toBeGreaterThanOrEqual(volumen(alfombra) + 5 * volumen(lapiz));
  });

  it('answers the default package for no units', () => {
    expect(paqueteDeLineas([])).toEqual(PAQUETE_POR_DEFECTO);
  });
});

describe('the package of a product', () => {
  it('proposes a package per global category, and the default for an unknown one', () => {
    expect(paquetePorCategoria('Indumentaria')).toBe(PAQUETES_POR_CATEGORIA.Indumentaria);
    expect(paquetePorCategoria('Otra cosa')).toBe(PAQUETE_POR_DEFECTO);
    expect(paquetePorCategoria(null)).toBe(PAQUETE_POR_DEFECTO);
  });

  it('reads the JSON text of the multipart form, within the bounds', () => {
    expect(paqueteEnJsonSchema.parse('{"peso":0.5,"largo":30,"ancho":20,"alto":4}')).toEqual({
      peso: 0.5,
      largo: 30,
      ancho: 20,
      alto: 4,
    });
    expect(paqueteEnJsonSchema.safeParse('{"peso":0,"largo":30,"ancho":20,"alto":4}').success).toBe(
      false,
    );
    expect(paqueteEnJsonSchema.safeParse('no es json').error?.issues[0]?.message).toBe(
      'El embalaje no es un JSON válido',
    );
  });
});
