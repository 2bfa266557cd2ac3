import { describe, expect, it } from 'vitest';
import { filtrarPorNombre } from './buscar';
import { leerNumero, numeroParaEditar } from './numeros';

describe('leerNumero', () => {
  it.each([
    ['1500', 1500],
    ['1500,50', 1500.5],
    ['1.500,50', 1500.5],
    ['1.500', 1500],
    ['1500.5', 1500.5],
    [' 12 ', 12],
    ['0', 0],
  ])('reads %s as %s', (texto, valor) => {
    expect(leerNumero(texto)).toBe(valor);
  });

  it.each(['', 'abc', '1,2,3', '-5', '1e3'])('refuses %j', (texto) => {
    expect(leerNumero(texto)).toBeNaN();
  });

  it('writes a number back with a comma', () => {
    expect(numeroParaEditar(1500.5)).toBe('1500,5');
    expect(leerNumero(numeroParaEditar(1500.5))).toBe(1500.5);
  });
});

describe('filtrarPorNombre', () => {
  const items = [{ nombre: 'Plátano de Ecuador' }, { nombre: 'Manzana roja' }];
  it('finds names ignoring case and accents', () => {
    expect(filtrarPorNombre(items, 'PLATANO')).toEqual([items[0]]);
    expect(filtrarPorNombre(items, '  ')).toBe(items);
    expect(filtrarPorNombre(items, 'pera')).toEqual([]);
  });
});
