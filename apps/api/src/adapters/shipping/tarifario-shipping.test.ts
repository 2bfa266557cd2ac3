import type { Paquete } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import type { PuntoGeo } from './shipping.port';
import {
  bandaDe,
  cotizarConTarifario,
  createTarifarioEnvio,
  distanciaKm,
  pesoFacturableKg,
} from './tarifario-shipping';

const palermo: PuntoGeo = { latitud: -34.5889, longitud: -58.4108 };
const caballito: PuntoGeo = { latitud: -34.6186, longitud: -58.442 };
const laPlata: PuntoGeo = { latitud: -34.9214, longitud: -57.9545 };
const rosario: PuntoGeo = { latitud: -32.9442, longitud: -60.6505 };
const cordoba: PuntoGeo = { latitud: -31.4201, longitud: -64.1888 };
const ushuaia: PuntoGeo = { latitud: -54.8019, longitud: -68.303 };

const caja = (peso: number, largo = 20, ancho = 15, alto = 10): Paquete => ({
  peso,
  largo,
  ancho,
  alto,
});

const opcion = (destino: PuntoGeo, paquete: Paquete, carrier: string, servicio: string) =>
  cotizarConTarifario(palermo, destino, paquete).find(
    (o) => o.carrier === carrier && o.servicio === servicio,
  );

describe('the embedded rate table', () => {
  it('measures great-circle distances and picks the distance band', () => {
    expect(distanciaKm(palermo, caballito)).toBeCloseTo(4.3, 0);
    expect(distanciaKm(palermo, laPlata)).toBeGreaterThan(50);
    expect(distanciaKm(palermo, laPlata)).toBeLessThan(60);
    expect(distanciaKm(palermo, palermo)).toBe(0);
    expect([0, 15, 15.01, 100, 100.5, 500, 501, 1200, 1201, 5000].map(bandaDe)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect(
      [caballito, laPlata, rosario, cordoba, ushuaia].map((p) => bandaDe(distanciaKm(palermo, p))),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it('prices the first kilo by band, each extra kilo rounded up, in integer centavos', () => {
    expect(opcion(caballito, caja(1), 'Correo Argentino', 'Clásico')).toEqual({
      carrier: 'Correo Argentino',
      servicio: 'Clásico',
      diasMinimos: 2,
      diasMaximos: 4,
      precioCentavos: 520_000,
    });
    // 3.2 kg bills 4 kilos: 5200 + 3 × 450.
    expect(opcion(caballito, caja(3.2), 'Correo Argentino', 'Clásico')?.precioCentavos).toBe(
      655_000,
    );
    // Farther costs more and takes longer.
    expect(opcion(ushuaia, caja(3.2), 'Correo Argentino', 'Clásico')).toMatchObject({
      diasMinimos: 6,
      diasMaximos: 10,
      precioCentavos: (11_200 + 3 * 1_400) * 100,
    });
    expect(opcion(cordoba, caja(1), 'Andreani', 'Urgente')).toMatchObject({
      diasMinimos: 2,
      diasMaximos: 4,
      precioCentavos: 1_420_000,
    });
  });

  it('bills the volumetric weight when it is larger than the real one', () => {
    const liviana = caja(2, 50, 40, 30); // 60000 cm³ / 5000 = 12 kg
    expect(pesoFacturableKg(liviana)).toBe(12);
    expect(pesoFacturableKg(caja(30, 50, 40, 30))).toBe(30);
    const comoDoceKilos = cotizarConTarifario(palermo, rosario, caja(12));
    expect(cotizarConTarifario(palermo, rosario, liviana)).toEqual(comoDoceKilos);
    expect(
      cotizarConTarifario(palermo, rosario, caja(2)).find((o) => o.carrier === 'OCA')
        ?.precioCentavos,
    ).toBeLessThan(comoDoceKilos.find((o) => o.carrier === 'OCA')?.precioCentavos ?? 0);
  });

  it('offers the motorbike only within 15 km, up to 20 kg and 60 cm a side', () => {
    const moto = opcion(caballito, caja(1), 'Moto Express', 'Mensajería en moto');
    expect(moto).toEqual({
      carrier: 'Moto Express',
      servicio: 'Mensajería en moto',
      diasMinimos: 0,
      diasMaximos: 1,
      precioCentavos: (3500 + 180 * Math.ceil(distanciaKm(palermo, caballito))) * 100,
    });
    expect(opcion(laPlata, caja(1), 'Moto Express', 'Mensajería en moto')).toBeUndefined();
    expect(opcion(caballito, caja(20), 'Moto Express', 'Mensajería en moto')).toBeDefined();
    expect(opcion(caballito, caja(20.5), 'Moto Express', 'Mensajería en moto')).toBeUndefined();
    expect(
      opcion(caballito, caja(1, 61, 10, 10), 'Moto Express', 'Mensajería en moto'),
    ).toBeUndefined();
    // 60 cm sides, but 43.2 kg volumetric.
    expect(
      opcion(caballito, caja(1, 60, 60, 60), 'Moto Express', 'Mensajería en moto'),
    ).toBeUndefined();
  });

  it('excludes the carriers whose weight or size limits the package exceeds', () => {
    const carriers = (paquete: Paquete) =>
      cotizarConTarifario(palermo, rosario, paquete).map((o) => `${o.carrier} ${o.servicio}`);
    expect(carriers(caja(1))).toHaveLength(6);
    expect(carriers(caja(30)).sort()).toEqual([
      'Andreani Estándar',
      'Andreani Urgente',
      'OCA Estándar',
      'OCA Prioritario',
    ]);
    expect(carriers(caja(45)).sort()).toEqual(['Andreani Estándar', 'Andreani Urgente']);
    expect(carriers(caja(5, 170, 20, 20)).sort()).toEqual([
      'Andreani Estándar',
      'Andreani Urgente',
    ]);
    expect(carriers(caja(60))).toEqual([]);
    expect(carriers(caja(1, 300, 300, 300))).toEqual([]);
  });

  it('sorts by price and answers the same every time', async () => {
    const envio = createTarifarioEnvio();
    for (const destino of [caballito, laPlata, rosario, cordoba, ushuaia]) {
      for (const paquete of [caja(0.1), caja(4.7, 35, 25, 25), caja(18, 60, 40, 40)]) {
        const opciones = await envio.cotizar({ origen: palermo, destino, paquete });
        expect(opciones.length).toBeGreaterThan(0);
        const precios = opciones.map((o) => o.precioCentavos);
        expect(precios).toEqual([...precios].sort((a, b) => a - b));
        for (const precio of precios) {
          expect(Number.isInteger(precio)).toBe(true);
          expect(precio % 1000).toBe(0);
        }
        expect(await envio.cotizar({ origen: palermo, destino, paquete })).toEqual(opciones);
      }
    }
    expect(
      (await envio.cotizar({ origen: palermo, destino: caballito, paquete: caja(1) })).map(
        (o) => o.carrier,
      ),
    ).toContain('Moto Express');
  });
});
