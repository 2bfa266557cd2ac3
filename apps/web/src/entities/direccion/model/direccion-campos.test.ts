import { describe, expect, it } from 'vitest';
import { completarVacios, DIRECCION_CAMPOS_VACIOS, separarCalleYAltura } from './direccion-campos';

describe('separarCalleYAltura', () => {
  it("reads a geocoder's door as street and number", () => {
    expect(separarCalleYAltura('Av. Corrientes 1234')).toEqual({
      calle: 'Av. Corrientes',
      altura: '1234',
    });
    expect(separarCalleYAltura('Calle 7 1234 bis, La Plata')).toEqual({
      calle: 'Calle 7',
      altura: '1234 bis',
    });
    expect(separarCalleYAltura('Ruta 3 S/N')).toEqual({ calle: 'Ruta 3', altura: 'S/N' });
  });

  it('takes a barrio or a street without number for no door', () => {
    expect(separarCalleYAltura('Palermo')).toBeNull();
    expect(separarCalleYAltura('Av. Corrientes')).toBeNull();
    expect(separarCalleYAltura('')).toBeNull();
  });
});

describe('completarVacios', () => {
  const delMapa = {
    address: 'Av. Corrientes 1234',
    city: 'San Nicolás',
    province: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1043',
  };

  it('fills only the fields still empty', () => {
    expect(
      completarVacios(
        { ...DIRECCION_CAMPOS_VACIOS, calle: 'Av. Santa Fe', ciudad: 'Palermo', altura: ' ' },
        delMapa,
      ),
    ).toEqual({
      altura: '1234',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      codigoPostal: 'C1043',
    });
  });

  it('never takes a barrio for a street', () => {
    expect(
      completarVacios(DIRECCION_CAMPOS_VACIOS, {
        address: 'Palermo',
        city: 'Palermo',
        province: 'Ciudad Autónoma de Buenos Aires',
        postalCode: null,
      }),
    ).toEqual({ ciudad: 'Palermo', provincia: 'Ciudad Autónoma de Buenos Aires' });
  });
});
