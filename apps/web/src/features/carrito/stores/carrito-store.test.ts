import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  actualizarCantidad,
  agregarAlCarrito,
  carritoChangeEvent,
  contarProductos,
  getCarrito,
  quitarDelCarrito,
  useCantidadEnCarrito,
  useCarrito,
  vaciarCarrito,
} from './carrito-store';

function guardado(): unknown {
  const raw = localStorage.getItem('carrito');
  return raw === null ? null : JSON.parse(raw);
}

function sembrar(value: unknown) {
  localStorage.setItem('carrito', JSON.stringify(value));
}

describe('cart store: storage semantics (spec part 1, section 4)', () => {
  it('starts empty without a stored cart', () => {
    expect(getCarrito()).toEqual([]);
    expect(contarProductos(getCarrito())).toBe(0);
  });

  it('reads the stored lines at start', () => {
    sembrar([
      { productoId: 'a', cantidadSolicitada: 2 },
      { productoId: 'b', cantidadSolicitada: 1 },
    ]);
    expect(getCarrito()).toEqual([
      { productoId: 'a', cantidadSolicitada: 2 },
      { productoId: 'b', cantidadSolicitada: 1 },
    ]);
  });

  it('adds a new line at the end and writes it back', () => {
    sembrar([{ productoId: 'a', cantidadSolicitada: 1 }]);
    agregarAlCarrito('b', 3);
    expect(guardado()).toEqual([
      { productoId: 'a', cantidadSolicitada: 1 },
      { productoId: 'b', cantidadSolicitada: 3 },
    ]);
  });

  it('adds 1 when no quantity is given', () => {
    agregarAlCarrito('a');
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 1 }]);
  });

  it('raises the quantity of a product already present by the amount given', () => {
    agregarAlCarrito('a', 2);
    agregarAlCarrito('b', 1);
    agregarAlCarrito('a', 3);
    expect(guardado()).toEqual([
      { productoId: 'a', cantidadSolicitada: 5 },
      { productoId: 'b', cantidadSolicitada: 1 },
    ]);
  });

  it.each([0, -1, 1.5, Number.NaN])('ignores adding a quantity of %s', (cantidad) => {
    agregarAlCarrito('a', cantidad);
    expect(guardado()).toBeNull();
  });

  it('updates a quantity', () => {
    agregarAlCarrito('a', 2);
    actualizarCantidad('a', 7);
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 7 }]);
  });

  it.each([0, -3])('removes the line when the quantity is updated to %s', (cantidad) => {
    agregarAlCarrito('a', 2);
    agregarAlCarrito('b', 1);
    actualizarCantidad('a', cantidad);
    expect(guardado()).toEqual([{ productoId: 'b', cantidadSolicitada: 1 }]);
  });

  it('does not add a line when updating a product that is not in the cart', () => {
    agregarAlCarrito('a', 2);
    actualizarCantidad('z', 4);
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 2 }]);
  });

  it('removes a line', () => {
    agregarAlCarrito('a', 2);
    agregarAlCarrito('b', 1);
    quitarDelCarrito('a');
    expect(guardado()).toEqual([{ productoId: 'b', cantidadSolicitada: 1 }]);
    expect(getCarrito()).toEqual([{ productoId: 'b', cantidadSolicitada: 1 }]);
  });

  it('empties the cart', () => {
    agregarAlCarrito('a', 2);
    agregarAlCarrito('b', 1);
    vaciarCarrito();
    expect(guardado()).toEqual([]);
    expect(getCarrito()).toEqual([]);
  });

  it('counts the items as the sum of the quantities', () => {
    agregarAlCarrito('a', 2);
    agregarAlCarrito('b', 4);
    agregarAlCarrito('a', 1);
    expect(contarProductos(getCarrito())).toBe(7);
  });

  it.each([
    ['not JSON', '[{"productoId"'],
    ['not a list', JSON.stringify({ productoId: 'a', cantidadSolicitada: 2 })],
  ])('logs and removes a corrupt value (%s)', (_caso, raw) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('carrito', raw);
    expect(getCarrito()).toEqual([]);
    expect(localStorage.getItem('carrito')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
    // Read once: later reads do not log again.
    getCarrito();
    expect(error).toHaveBeenCalledOnce();
  });

  it('skips entries without a product or a positive whole quantity and merges repeats', () => {
    sembrar([
      { productoId: 'a' },
      null,
      3,
      { productoId: 'b', cantidadSolicitada: 0 },
      { productoId: 'c', cantidadSolicitada: 1.5 },
      { productoId: 'd', cantidadSolicitada: 2 },
      { productoId: 'd', cantidadSolicitada: 1 },
    ]);
    expect(getCarrito()).toEqual([{ productoId: 'd', cantidadSolicitada: 3 }]);
  });

  it('returns the same lines while storage does not change', () => {
    sembrar([{ productoId: 'a', cantidadSolicitada: 1 }]);
    expect(getCarrito()).toBe(getCarrito());
  });

  it(`announces every change in this tab with '${carritoChangeEvent}'`, () => {
    const listener = vi.fn();
    window.addEventListener(carritoChangeEvent, listener);
    agregarAlCarrito('a', 1);
    actualizarCantidad('a', 3);
    quitarDelCarrito('a');
    vaciarCarrito();
    window.removeEventListener(carritoChangeEvent, listener);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});

describe('useCarrito / useCantidadEnCarrito', () => {
  it('follow changes made in this tab', () => {
    const lineas = renderHook(() => useCarrito());
    const cantidad = renderHook(() => useCantidadEnCarrito());
    expect(lineas.result.current).toEqual([]);
    act(() => agregarAlCarrito('a', 2));
    expect(lineas.result.current).toEqual([{ productoId: 'a', cantidadSolicitada: 2 }]);
    expect(cantidad.result.current).toBe(2);
    act(() => agregarAlCarrito('b', 3));
    expect(cantidad.result.current).toBe(5);
    act(() => vaciarCarrito());
    expect(cantidad.result.current).toBe(0);
  });

  it('follow changes made in another tab', () => {
    const cantidad = renderHook(() => useCantidadEnCarrito());
    act(() => {
      sembrar([{ productoId: 'a', cantidadSolicitada: 4 }]);
      window.dispatchEvent(new StorageEvent('storage', { key: 'carrito' }));
    });
    expect(cantidad.result.current).toBe(4);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(cantidad.result.current).toBe(0);
  });
});

describe('cart lines with a purchase group (the group page joins with grupoId)', () => {
  it('adds a line with its group and keeps the group when the quantity changes', () => {
    agregarAlCarrito('a', 2, 'g1');
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 2, grupoId: 'g1' }]);
    actualizarCantidad('a', 5);
    expect(getCarrito()).toEqual([{ productoId: 'a', cantidadSolicitada: 5, grupoId: 'g1' }]);
    // Adding without a group keeps the line's group.
    agregarAlCarrito('a', 1);
    expect(getCarrito()).toEqual([{ productoId: 'a', cantidadSolicitada: 6, grupoId: 'g1' }]);
  });

  it('moves an existing line to the group joined last', () => {
    agregarAlCarrito('a', 1);
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 1 }]);
    agregarAlCarrito('a', 2, 'g2');
    expect(guardado()).toEqual([{ productoId: 'a', cantidadSolicitada: 3, grupoId: 'g2' }]);
  });

  it('keeps grupoId through storage parsing and drops one that is not a non-empty string', () => {
    sembrar([
      { productoId: 'a', cantidadSolicitada: 1, grupoId: 'g1' },
      { productoId: 'b', cantidadSolicitada: 2, grupoId: '' },
      { productoId: 'c', cantidadSolicitada: 3, grupoId: 7 },
      { productoId: 'b', cantidadSolicitada: 1, grupoId: 'g3' },
    ]);
    expect(getCarrito()).toEqual([
      { productoId: 'a', cantidadSolicitada: 1, grupoId: 'g1' },
      { productoId: 'b', cantidadSolicitada: 3, grupoId: 'g3' },
      { productoId: 'c', cantidadSolicitada: 3 },
    ]);
  });
});
