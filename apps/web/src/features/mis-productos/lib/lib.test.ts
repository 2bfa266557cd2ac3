import { describe, expect, it } from 'vitest';
import { filtrarPorNombre } from './buscar';

describe('filtrarPorNombre', () => {
  const items = [{ nombre: 'Plátano de Ecuador' }, { nombre: 'Manzana roja' }];
  it('finds names ignoring case and accents', () => {
    expect(filtrarPorNombre(items, 'PLATANO')).toEqual([items[0]]);
    expect(filtrarPorNombre(items, '  ')).toBe(items);
    expect(filtrarPorNombre(items, 'pera')).toEqual([]);
  });
});
