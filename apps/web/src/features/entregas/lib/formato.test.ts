import { describe, expect, it } from 'vitest';
import { telefonoHref, textoDireccion, textoLocalidad } from './formato';

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

  it('shows the city line and a tel: link', () => {
    expect(textoLocalidad({ ciudad: 'Rosario', provincia: 'Santa Fe', codigoPostal: '2000' })).toBe(
      'Rosario, Santa Fe (2000)',
    );
    expect(textoLocalidad({ ciudad: 'Rosario', provincia: 'Santa Fe', codigoPostal: null })).toBe(
      'Rosario, Santa Fe',
    );
    expect(telefonoHref('+54 11 4000-1234')).toBe('tel:+541140001234');
  });
});
