import { describe, expect, it } from 'vitest';
import { enLineas } from '../../lib/images/texto-en-trazos';
import {
  type ContenidoDeTarjeta,
  etiquetaDeTarjeta,
  textoDeTiempo,
  urlDeTarjeta,
  versionDeTarjeta,
} from './tarjeta-para-compartir';

const AHORA = new Date('2026-03-01T12:00:00.000Z');
const en = (horas: number) => new Date(AHORA.getTime() + horas * 3_600_000).toISOString();

describe('the time a share card tells', () => {
  it('counts the deadline down in whole days, then hours', () => {
    expect(textoDeTiempo(en(3.5 * 24), null, AHORA)).toBe('Cierra en 3 días');
    expect(textoDeTiempo(en(30), null, AHORA)).toBe('Cierra en 1 día');
    expect(textoDeTiempo(en(5.9), null, AHORA)).toBe('Cierra en 5 horas');
    expect(textoDeTiempo(en(1.2), null, AHORA)).toBe('Cierra en 1 hora');
    expect(textoDeTiempo(en(0.2), null, AHORA)).toBe('Cierra en menos de 1 hora');
  });

  it("without a deadline, says the forecast's words, or nothing", () => {
    expect(textoDeTiempo(null, { fecha: en(4 * 24), motivo: 'ritmo' }, AHORA)).toBe(
      'Se completaría en unos 4 días',
    );
    expect(textoDeTiempo(null, { fecha: null, motivo: 'sin_datos' }, AHORA)).toBeNull();
    expect(textoDeTiempo(undefined, null, AHORA)).toBeNull();
  });
});

describe("a share card's identity", () => {
  const contenido: ContenidoDeTarjeta = {
    nombre: 'Aceite de oliva 1 l',
    precio: '$ 9.800',
    lugares: { ocupados: 3, necesarios: 10 },
    aviso: 'Cierra en 3 días',
    imagen: '/uploads/productos/a.jpg',
  };

  it('changes with what it shows, and only then', () => {
    const etiqueta = etiquetaDeTarjeta(contenido);
    expect(etiquetaDeTarjeta({ ...contenido })).toBe(etiqueta);
    expect(etiquetaDeTarjeta({ ...contenido, lugares: { ocupados: 4, necesarios: 10 } })).not.toBe(
      etiqueta,
    );
    expect(etiquetaDeTarjeta({ ...contenido, aviso: 'Cierra en 2 días' })).not.toBe(etiqueta);
    expect(versionDeTarjeta(3, 'a', 1)).toMatch(/^3-[\w-]{8}$/);
    expect(versionDeTarjeta(3, 'a', 1)).not.toBe(versionDeTarjeta(3, 'b', 1));
    expect(urlDeTarjeta('https://x.example', 'grupo', 'g1', '3-abc')).toBe(
      'https://x.example/api/compartir/grupo/g1.png?v=3-abc',
    );
  });

  it('fits a long name in two lines, the rest cut with an ellipsis', () => {
    const lineas = enLineas(
      'Yerba mate La Nona suave estacionada veinticuatro meses en bolsa de un kilo con palo',
      { tamanio: 50, peso: 800, anchoMaximo: 520, maximo: 2 },
    );
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toMatch(/…$/);
    expect(enLineas('Yerba 1 kg', { tamanio: 50, peso: 800, anchoMaximo: 520, maximo: 2 })).toEqual(
      ['Yerba 1 kg'],
    );
  });
});
