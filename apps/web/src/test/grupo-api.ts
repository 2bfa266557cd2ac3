import {
  type GrupoAbierto,
  type GrupoConProducto,
  type GrupoDeCompra,
  grupoAbiertoSchema,
  grupoConProductoResponseSchema,
  grupoDeCompraSchema,
  type Prediccion,
} from '@compra-grupal/contracts';
import { checked } from './contract';

/** Test data of the purchase group screens. */

export const GRUPO_ID = 'f10000000000000000000001';
export const PRODUCTO_DEL_GRUPO_ID = 'f20000000000000000000001';
export const TIENDA_DEL_GRUPO_ID = 'f30000000000000000000001';

export function grupoId(n: number): string {
  return `f1${String(n).padStart(22, '0')}`;
}

export function crearGrupoConProducto(
  grupo: Partial<GrupoConProducto['grupo']> = {},
  producto: Partial<GrupoConProducto['producto']> = {},
): GrupoConProducto {
  return checked(grupoConProductoResponseSchema, {
    grupo: {
      _id: GRUPO_ID,
      lugaresNecesarios: 10,
      lugaresOcupados: 3,
      status: 'abierto',
      fechaCreacion: '2026-11-05T17:30:00.000Z',
      prediccion: null,
      ...grupo,
    },
    producto: {
      _id: PRODUCTO_DEL_GRUPO_ID,
      nombre: 'Aceite de oliva 500 ml',
      descripcion: 'Extra virgen, primera prensada en frío.',
      precio: 7250,
      imagen: null,
      stock: 40,
      disponible: true,
      tiendaId: TIENDA_DEL_GRUPO_ID,
      ...producto,
    },
  });
}

export function crearGrupoAbierto(overrides: Partial<GrupoAbierto> = {}): GrupoAbierto {
  return checked(grupoAbiertoSchema, {
    _id: GRUPO_ID,
    estado: 'abierto',
    lugaresNecesarios: 10,
    lugaresOcupados: 4,
    fechaCreacion: '2026-11-05T17:30:00.000Z',
    prediccion: null,
    ...overrides,
  });
}

export function crearGrupoDeCompra(overrides: Partial<GrupoDeCompra> = {}): GrupoDeCompra {
  return checked(grupoDeCompraSchema, {
    _id: GRUPO_ID,
    estado: 'abierto',
    lugaresNecesarios: 10,
    lugaresOcupados: 3,
    fechaCreacion: '2026-11-05T17:30:00.000Z',
    productoId: {
      _id: PRODUCTO_DEL_GRUPO_ID,
      nombre: 'Aceite de oliva 500 ml',
      descripcion: 'Extra virgen, primera prensada en frío.',
      imagen: null,
      precio: 7250,
      stock: 40,
    },
    participantes: [],
    prediccion: null,
    ...overrides,
  });
}

/** A forecast (decision 052) of a group that fills in `dias` days from now, at its pace. */
export function prediccionEnDias(dias: number): Prediccion {
  return { fecha: new Date(Date.now() + dias * 24 * 3_600_000).toISOString(), motivo: 'ritmo' };
}

/** A forecast of a group that does not fill before its deadline at its pace. */
export const PREDICCION_NO_LLEGA: Prediccion = { fecha: null, motivo: 'no_llega' };

/** A forecast with nothing to say (no one joined and no earlier groups). */
export const PREDICCION_SIN_DATOS: Prediccion = { fecha: null, motivo: 'sin_datos' };
