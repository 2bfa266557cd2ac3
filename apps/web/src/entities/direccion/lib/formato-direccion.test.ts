import { describe, expect, it } from 'vitest';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from './formato-direccion';

const corrientes = {
  direccion: 'Av. Corrientes 1234',
  departamento: '4° B',
  descripcion: 'Timbre roto',
  ciudad: 'Balvanera',
  provincia: 'CABA',
  codigoPostal: 'C1043',
};

describe('address lines', () => {
  it("shows the door first, with ', Depto X' and ' - description' only when present", () => {
    expect(lineaDeLaPuerta(corrientes)).toBe('Av. Corrientes 1234, Depto 4° B - Timbre roto');
    expect(lineaDeLaPuerta(corrientes, { conDescripcion: false })).toBe(
      'Av. Corrientes 1234, Depto 4° B',
    );
    expect(lineaDeLaPuerta({ ...corrientes, departamento: ' ', descripcion: 'Portón verde' })).toBe(
      'Av. Corrientes 1234 - Portón verde',
    );
    expect(lineaDeLaPuerta({ ...corrientes, departamento: null, descripcion: null })).toBe(
      'Av. Corrientes 1234',
    );
  });

  it('shows the locality after the door, never "Recoleta, Recoleta, CABA"', () => {
    expect(lineaDeLaLocalidad(corrientes)).toBe('Balvanera, CABA (C1043)');
    expect(lineaDeLaLocalidad({ ...corrientes, codigoPostal: null })).toBe('Balvanera, CABA');
    expect(
      lineaDeLaLocalidad({
        direccion: 'Recoleta',
        ciudad: 'Recoleta',
        provincia: 'CABA',
        codigoPostal: null,
      }),
    ).toBe('CABA');
    expect(
      lineaDeLaLocalidad({ direccion: 'Calle 7 123', ciudad: 'CABA', provincia: 'CABA' }),
    ).toBe('CABA');
  });
});
