import {
  ERROR_MESSAGES,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type ProductoEnVenta,
  productoEnVentaSchema,
  type TiendaConProductos,
  tiendaConProductosSchema,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
import { checked, contractJson } from './contract';
import { json, mockFetch } from './fetch';

/** Test data and a fake of the public marketplace calls (product, store page). */

export const TIENDA_ID = 'a10000000000000000000001';
export const OTRA_TIENDA_ID = 'a10000000000000000000002';

let secuencia = 0;

/** A product id: 24 hex characters ending in `n`. */
export function productoId(n: number): string {
  return `b${String(n).padStart(23, '0')}`;
}

export function categoriaId(n: number): string {
  return `c${String(n).padStart(23, '0')}`;
}

/** A product as GET /api/producto/{id} answers it: with its store, named. */
export function crearProducto(overrides: Partial<ProductoEnVenta> = {}): ProductoEnVenta {
  secuencia += 1;
  const tiendaId = overrides.tienda?._id ?? overrides.tiendaId ?? TIENDA_ID;
  return checked(productoEnVentaSchema, {
    tienda: { _id: tiendaId, nombre: 'Almacén Don Ramón' },
    _id: productoId(secuencia),
    vendedorId: 'd00000000000000000000001',
    tiendaId,
    nombre: `Producto ${secuencia}`,
    descripcion: 'Descripción del producto',
    precio: 1000,
    categoria: 'Almacén',
    categoriaLocalId: [],
    imagen: null,
    stock: 50,
    cantidadTotalGrupo: 10,
    fechaCreacion: '2026-10-01T00:00:00.000Z',
    disponible: true,
    // Almacén's usual package of one unit.
    paquete: { peso: 1, largo: 20, ancho: 15, alto: 10 },
    ...overrides,
  });
}

export function crearTienda(overrides: Partial<TiendaConProductos> = {}): TiendaConProductos {
  return checked(tiendaConProductosSchema, {
    _id: TIENDA_ID,
    nombre: 'Almacén Don Ramón',
    descripcion: 'Almacén de barrio con productos secos, infusiones y conservas.',
    logo: null,
    telefono: '+54 11 5000-1000',
    email: 'vendedor@compragrupal.com.ar',
    razonSocial: 'Almacén Don Ramón S.R.L.',
    habilitada: true,
    categoriaGlobal: 'ca0000000000000000000001',
    categoriaNombre: 'Almacén',
    productos: [],
    categoriasLocales: [],
    ...overrides,
  });
}

export interface MarketplaceApi {
  productos?: ProductoEnVenta[];
  tiendas?: TiendaConProductos[];
  /** Answers every product call with this status (e.g. 500). */
  productoStatus?: number;
  /** Answers every store call with this status (e.g. 500). */
  tiendaStatus?: number;
}

const noEncontrado = (code: 'PRODUCTO_NO_ENCONTRADO' | 'TIENDA_NO_ENCONTRADA') =>
  json({ error: ERROR_MESSAGES[code], mensaje: ERROR_MESSAGES[code], code }, 404, 'Not Found');

/**
 * Fakes the API: products and store pages from the given data (404 otherwise), and the
 * user's role checks (neither seller nor courier) for a logged-in shell.
 */
export function mockMarketplaceApi({
  productos = [],
  tiendas = [],
  productoStatus,
  tiendaStatus,
}: MarketplaceApi = {}) {
  return mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    const producto = /^\/api\/producto\/([^/]+)$/.exec(path);
    if (producto) {
      if (productoStatus) return json({ error: 'Falló' }, productoStatus, 'Internal Server Error');
      const found = productos.find((p) => p._id === producto[1]);
      return found ? json(found) : noEncontrado('PRODUCTO_NO_ENCONTRADO');
    }
    const tienda = /^\/api\/tienda\/con-productos\/([^/]+)$/.exec(path);
    if (tienda) {
      if (tiendaStatus) return json({ error: 'Falló' }, tiendaStatus, 'Internal Server Error');
      const found = tiendas.find((t) => t._id === tienda[1]);
      return found ? json(found) : noEncontrado('TIENDA_NO_ENCONTRADA');
    }
    if (path === '/api/usuario/esVendedor')
      return contractJson(esVendedorResponseSchema, { esVendedor: false });
    if (path === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
    if (/^\/api\/usuario\/[0-9a-f]{24}$/.test(path)) {
      return contractJson(usuarioResponseSchema, {
        success: true,
        usuario: { nombre: 'Ana Pérez', email: 'ana@example.com', emailVerificado: true },
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}
