import { paqueteDeLineas, paqueteSchema } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import type { LineaCheckout } from '../components/tipos';
import { paqueteCompleto, paqueteDelCarrito, paqueteParaEnviar } from './paquete';

const linea = (paquete: LineaCheckout['paquete'], cantidadSolicitada: number): LineaCheckout => ({
  productoId: `b${String(cantidadSolicitada).padStart(23, '0')}`,
  cantidadSolicitada,
  nombre: 'Producto',
  precio: 100,
  tiendaId: 'a10000000000000000000001',
  paquete,
});

describe("the checkout's package", () => {
  it("is the cart's one box, as the contract combines the sellers' packages", () => {
    const yerba = { peso: 1, largo: 20, ancho: 15, alto: 10 };
    const naranjas = { peso: 10.5, largo: 50, ancho: 30, alto: 25 };
    const paquete = paqueteDelCarrito([linea(yerba, 2), linea(naranjas, 1)]);
    expect(paquete).toEqual(
      paqueteDeLineas([
        { paquete: yerba, cantidad: 2 },
        { paquete: naranjas, cantidad: 1 },
      ]),
    );
    // The weights add up.
    expect(paquete.peso).toBe(12.5);
    expect(paqueteCompleto(paquete)).toBe(true);
    expect(paqueteParaEnviar(paquete)).toEqual(paquete);
  });

  it('is incomplete when a size is missing', () => {
    expect(paqueteCompleto({ peso: 0, largo: 20, ancho: 15, alto: 10 })).toBe(false);
    expect(paqueteCompleto({ peso: 1, largo: Number.NaN, ancho: 15, alto: 10 })).toBe(false);
  });

  it("travels within the contract's bounds when a large cart's box passes them", () => {
    // Seven hundred bottles of 1.6 kg weigh more than the 1000 kg a package may declare.
    const enviado = paqueteParaEnviar({ peso: 1120, largo: 320, ancho: 0.5, alto: 90 });
    expect(enviado).toEqual({ peso: 1000, largo: 300, ancho: 1, alto: 90 });
    expect(paqueteSchema.safeParse(enviado).success).toBe(true);
  });
});
