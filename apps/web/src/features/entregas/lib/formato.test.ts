import { describe, expect, it } from 'vitest';
import { telefonoHref, textoDireccion, textoLocalidad, ultimosSeis } from './formato';

describe('delivery formatting', () => {
  it("appends ', Depto X' and ' - description' only when present", () => {
    expect(
      textoDireccion({ direccion: 'Av. Corrientes 1234', departamento: null, descripcion: null }),
    ).toBe('Av. Corrientes 1234');
    expect(
      textoDireccion({
        direccion: 'Av. Corrientes 1234',
        departamento: '4B',
        descripcion: 'Timbre roto',
      }),
    ).toBe('Av. Corrientes 1234, Depto 4B - Timbre roto');
    expect(
      textoDireccion({ direccion: 'Calle 1', departamento: ' ', descripcion: 'Portón verde' }),
    ).toBe('Calle 1 - Portón verde');
  });

  it('shows the city line and the last 6 characters of an id', () => {
    expect(textoLocalidad({ ciudad: 'Rosario', provincia: 'Santa Fe', codigoPostal: '2000' })).toBe(
      'Rosario, Santa Fe (2000)',
    );
    expect(textoLocalidad({ ciudad: 'Rosario', provincia: 'Santa Fe', codigoPostal: null })).toBe(
      'Rosario, Santa Fe',
    );
    expect(ultimosSeis('65a1f0c2e4b0a1b2c3d4e5f6')).toBe('d4e5f6');
    expect(telefonoHref('+54 11 4000-1234')).toBe('tel:+541140001234');
  });
});
