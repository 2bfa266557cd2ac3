import { describe, expect, it, vi } from 'vitest';
import { cantidadEnCarrito } from './use-cantidad-en-carrito';

describe('cantidadEnCarrito', () => {
  it('is the sum of the quantities', () => {
    localStorage.setItem(
      'carrito',
      JSON.stringify([
        { productoId: 'a', cantidadSolicitada: 1 },
        { productoId: 'b', cantidadSolicitada: 4 },
      ]),
    );
    expect(cantidadEnCarrito()).toBe(5);
  });

  it('is 0 without a cart or with lines that carry no quantity', () => {
    expect(cantidadEnCarrito()).toBe(0);
    localStorage.setItem('carrito', JSON.stringify([{ productoId: 'a' }, null, 3]));
    expect(cantidadEnCarrito()).toBe(0);
    localStorage.setItem('carrito', JSON.stringify({ productoId: 'a', cantidadSolicitada: 2 }));
    expect(cantidadEnCarrito()).toBe(0);
  });

  it('logs and discards a corrupt cart', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('carrito', '[{"productoId"');
    expect(cantidadEnCarrito()).toBe(0);
    expect(localStorage.getItem('carrito')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });
});
