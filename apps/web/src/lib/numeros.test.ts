import { describe, expect, it } from 'vitest';
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

  it.each([
    [18500.5, '18.500,50'],
    [18500, '18.500'],
    [1234567.89, '1.234.567,89'],
    [950, '950'],
    [0.5, '0,50'],
  ])('writes %s back for editing as %s (es-AR) and reads it again', (valor, texto) => {
    expect(numeroParaEditar(valor)).toBe(texto);
    expect(leerNumero(numeroParaEditar(valor))).toBe(valor);
  });
});
