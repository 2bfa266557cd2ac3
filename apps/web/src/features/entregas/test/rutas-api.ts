import {
  type ParadaDeRuta,
  paradaDeRutaSchema,
  type RutaDelDia,
  rutaDelDiaSchema,
  rutasDelDiaResponseSchema,
} from '@compra-grupal/contracts';
import { checked, contractJson } from '@/test/contract';

/**
 * Fixtures of GET /api/entrega/rutas for the web tests, checked against the contract where they
 * are built.
 */
export const TIENDA_RUTA = 'a60000000000000000000001';
export const PEDIDO_RUTA_1 = 'c60000000000000000a1b2c3';
export const PEDIDO_RUTA_2 = 'c60000000000000000d4e5f6';
export const PEDIDO_RUTA_3 = 'c60000000000000000aa0003';
export const PEDIDO_RUTA_4 = 'c60000000000000000aa0004';

export function parada(overrides: Partial<ParadaDeRuta> = {}): ParadaDeRuta {
  return checked(paradaDeRutaSchema, {
    orden: 1,
    pedidoId: PEDIDO_RUTA_1,
    numero: '#A1B2C3',
    tiendaId: TIENDA_RUTA,
    comprador: 'Ana Pérez',
    telefono: '+54 11 4000-1234',
    direccion: {
      direccion: 'Av. Corrientes 1234',
      departamento: '4B',
      descripcion: 'Timbre roto',
      ciudad: 'Buenos Aires',
      provincia: 'CABA',
      codigoPostal: 'C1043',
    },
    latitud: -34.6037,
    longitud: -58.3816,
    productos: [{ nombre: 'Yerba mate 1 kg', cantidad: 2 }],
    entregada: false,
    entregadaEn: null,
    distanciaDesdeAnteriorMetros: 1200,
    ...overrides,
  });
}

export function ruta(overrides: Partial<RutaDelDia> = {}): RutaDelDia {
  return checked(rutaDelDiaSchema, {
    tiendaId: TIENDA_RUTA,
    tiendaNombre: 'Almacén La Esquina',
    origen: { latitud: -34.5889, longitud: -58.4306, direccion: 'Gorriti 4800, Palermo' },
    desdePosicion: false,
    distanciaMetros: 12_400,
    duracionSegundos: 4800,
    paradas: [],
    ...overrides,
  });
}

/**
 * A store's day: one stop delivered this morning, two pending in planned order, and one
 * without a point (last, unplanned).
 */
export function rutaDelDia(overrides: Partial<RutaDelDia> = {}): RutaDelDia {
  return ruta({
    paradas: [
      parada({
        orden: 1,
        pedidoId: PEDIDO_RUTA_3,
        numero: '#AA0003',
        comprador: 'Carlos Gómez',
        telefono: '+54 11 5000-0003',
        direccion: {
          direccion: 'Thames 1500',
          departamento: null,
          descripcion: null,
          ciudad: 'Palermo',
          provincia: 'CABA',
          codigoPostal: null,
        },
        latitud: -34.5875,
        longitud: -58.4301,
        productos: [{ nombre: 'Aceite de oliva 500 ml', cantidad: 1 }],
        entregada: true,
        entregadaEn: '2026-05-04T13:30:00.000Z',
        distanciaDesdeAnteriorMetros: null,
      }),
      parada({ orden: 2 }),
      parada({
        orden: 3,
        pedidoId: PEDIDO_RUTA_2,
        numero: '#D4E5F6',
        comprador: 'Beatriz Luna',
        telefono: '+54 11 4000-5678',
        direccion: {
          direccion: 'Av. Santa Fe 3200',
          departamento: null,
          descripcion: 'Portería',
          ciudad: 'Buenos Aires',
          provincia: 'CABA',
          codigoPostal: null,
        },
        latitud: -34.5881,
        longitud: -58.4112,
        productos: [
          { nombre: 'Café molido 250 g', cantidad: 3 },
          { nombre: 'Galletitas de agua', cantidad: 1 },
        ],
        distanciaDesdeAnteriorMetros: 2400,
      }),
      parada({
        orden: 4,
        pedidoId: PEDIDO_RUTA_4,
        numero: '#AA0004',
        comprador: 'Diego Ruiz',
        telefono: '+54 11 5000-0004',
        direccion: {
          direccion: 'Calle 12 N° 850',
          departamento: null,
          descripcion: null,
          ciudad: 'La Plata',
          provincia: 'Buenos Aires',
          codigoPostal: null,
        },
        latitud: null,
        longitud: null,
        productos: [{ nombre: 'Miel 1 kg', cantidad: 1 }],
        distanciaDesdeAnteriorMetros: null,
      }),
    ],
    ...overrides,
  });
}

/** The answer of GET /api/entrega/rutas. */
export function rutasJson(rutas: RutaDelDia[]): Response {
  return contractJson(rutasDelDiaResponseSchema, { rutas });
}
