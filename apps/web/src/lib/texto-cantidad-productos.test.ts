import { describe, expect, it } from 'vitest';
import { textoCantidadProductos } from './texto-cantidad-productos';

describe('textoCantidadProductos', () => {
  it("reads 'N productos', singular for one", () => {
    expect(textoCantidadProductos(0)).toBe('0 productos');
    expect(textoCantidadProductos(1)).toBe('1 producto');
    expect(textoCantidadProductos(8)).toBe('8 productos');
  });
});
