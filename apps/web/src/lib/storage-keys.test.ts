import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getStoredItem,
  readStoredJson,
  removeStoredItem,
  setStoredItem,
  storageKeys,
  writeStoredJson,
} from './storage-keys';

describe('storageKeys', () => {
  it('names the browser-stored items of the spec exactly', () => {
    expect(storageKeys).toEqual({
      accessToken: 'accessToken',
      marketplaceLocation: 'marketplaceLocation',
      carrito: 'carrito',
      currentPedidoId: 'currentPedidoId',
      redirectAfterAuth: 'redirectAfterAuth',
      tiendaId: 'tiendaId',
    });
  });
});

describe('storage helpers', () => {
  afterEach(() => localStorage.clear());

  it('reads, writes and removes strings in localStorage under the spec key', () => {
    expect(getStoredItem('accessToken')).toBeNull();
    setStoredItem('accessToken', 'abc.def.ghi');
    expect(localStorage.getItem('accessToken')).toBe('abc.def.ghi');
    expect(getStoredItem('accessToken')).toBe('abc.def.ghi');
    removeStoredItem('accessToken');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('round-trips JSON values', () => {
    const carrito = [{ productoId: 'p1', cantidadSolicitada: 2 }];
    writeStoredJson('carrito', carrito);
    expect(localStorage.getItem('carrito')).toBe(JSON.stringify(carrito));
    expect(readStoredJson('carrito')).toEqual(carrito);
  });

  it('returns null for a missing JSON value', () => {
    expect(readStoredJson('marketplaceLocation')).toBeNull();
  });

  it('logs and discards a corrupt JSON value', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('marketplaceLocation', '{lat: -34');
    expect(readStoredJson('marketplaceLocation')).toBeNull();
    expect(localStorage.getItem('marketplaceLocation')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });
});
