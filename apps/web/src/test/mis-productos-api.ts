import {
  ERROR_MESSAGES,
  mensajeResponseSchema,
  type Producto,
  productoGuardadoResponseSchema,
  productoSchema,
  productosDelVendedorResponseSchema,
} from '@compra-grupal/contracts';
import { vi } from 'vitest';
import { checked, contractJson } from './contract';
import { type FetchCall, json } from './fetch';
import { categoriaLocalId, MI_TIENDA_ID, type MiTiendaApi, mockMiTiendaApi } from './mi-tienda-api';
import { USER_ID } from './tokens';

/** Test data and a fake of the seller's product calls, on top of Mi Tienda's fake. */

export function productoId(n: number): string {
  return `f${String(n).padStart(23, '0')}`;
}

export function crearProducto(overrides: Partial<Producto> = {}): Producto {
  return checked(productoSchema, {
    _id: productoId(1),
    vendedorId: USER_ID,
    tiendaId: MI_TIENDA_ID,
    nombre: 'Cajón de manzanas',
    descripcion: 'Manzanas rojas del Alto Valle, 10 kg.',
    precio: 12500.5,
    categoria: null,
    categoriaLocalId: [categoriaLocalId(1)],
    imagen: '/uploads/productos/manzanas.jpg',
    stock: 40,
    cantidadTotalGrupo: 10,
    fechaCreacion: '2026-11-20T12:00:00.000Z',
    disponible: true,
    paquete: { peso: 10.5, largo: 50, ancho: 30, alto: 25 },
    ...overrides,
  });
}

type Falla = 'error-servidor' | 'pendiente';
type Rechazo = { status: number; mensaje: string; code?: string; campo?: string };

export interface MisProductosApi {
  productos: Producto[] | Falla;
  crear: 'ok' | Falla | Rechazo;
  editar: 'ok' | Falla | Rechazo;
  retirar: 'ok' | Falla | Rechazo;
}

const never = () => new Promise<Response>(() => {});

function fallar(falla: Falla): Response | Promise<Response> {
  if (falla === 'pendiente') return never();
  return json(
    { error: 'Ocurrió un error inesperado. Intenta nuevamente.', code: 'ERROR_INTERNO' },
    500,
    'Internal Server Error',
  );
}

const rechazo = ({ status, mensaje, code = 'VALIDACION', campo }: Rechazo) =>
  json(
    { error: mensaje, mensaje, code, detalles: campo ? [{ campo, mensaje }] : undefined },
    status,
  );

const esFalla = (valor: unknown): valor is Falla =>
  valor === 'error-servidor' || valor === 'pendiente';

/**
 * Fakes the API of a signed-in seller with an active store (Mi Tienda's fake) and their
 * products. `estado` is live; every call, Mi Tienda's too, is recorded in `calls`.
 */
export function mockMisProductosApi(
  inicial: Partial<MisProductosApi> = {},
  miTienda: Partial<MiTiendaApi> = {},
) {
  const base = mockMiTiendaApi(miTienda);
  const estado: MisProductosApi = {
    productos: [crearProducto()],
    crear: 'ok',
    editar: 'ok',
    retirar: 'ok',
    ...inicial,
  };
  let siguiente = 100;

  const handler = (call: FetchCall): Response | Promise<Response> | null => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path.startsWith('/api/producto/vendedor/') && call.method === 'GET') {
      if (esFalla(estado.productos)) return fallar(estado.productos);
      return contractJson(productosDelVendedorResponseSchema, estado.productos);
    }
    if (path === '/api/producto/crear' && call.method === 'POST') {
      if (esFalla(estado.crear)) return fallar(estado.crear);
      if (typeof estado.crear === 'object') return rechazo(estado.crear);
      const form = call.body as FormData;
      const producto = crearProducto({
        _id: productoId(++siguiente),
        nombre: String(form.get('nombre')),
        descripcion: String(form.get('descripcion')),
        precio: Number(form.get('precio')),
        stock: Number(form.get('stock')),
        cantidadTotalGrupo: Number(form.get('cantidadTotalGrupo')),
        categoriaLocalId: JSON.parse(String(form.get('categoriaLocalId'))),
        ...(form.has('paquete') ? { paquete: JSON.parse(String(form.get('paquete'))) } : {}),
        imagen: '/uploads/productos/nuevo.jpg',
        fechaCreacion: new Date().toISOString(),
      });
      if (!esFalla(estado.productos)) estado.productos = [producto, ...estado.productos];
      return contractJson(
        productoGuardadoResponseSchema,
        { mensaje: 'Producto creado', producto },
        201,
      );
    }
    const match = /^\/api\/producto\/([0-9a-f]{24})$/.exec(path);
    if (match && call.method === 'PUT') {
      if (esFalla(estado.editar)) return fallar(estado.editar);
      if (typeof estado.editar === 'object') return rechazo(estado.editar);
      const form = call.body as FormData;
      const lista = esFalla(estado.productos) ? [] : estado.productos;
      const actual = lista.find((p) => p._id === match[1]) ?? crearProducto({ _id: match[1] });
      const producto = crearProducto({
        ...actual,
        nombre: String(form.get('nombre')),
        descripcion: String(form.get('descripcion')),
        precio: Number(form.get('precio')),
        stock: Number(form.get('stock')),
        cantidadTotalGrupo: Number(form.get('cantidadTotalGrupo')),
        categoriaLocalId: JSON.parse(String(form.get('categoriaLocalId'))),
        paquete: form.has('paquete') ? JSON.parse(String(form.get('paquete'))) : actual.paquete,
        imagen: form.get('imagen') ? '/uploads/productos/editado.jpg' : actual.imagen,
      });
      estado.productos = lista.map((p) => (p._id === producto._id ? producto : p));
      return contractJson(productoGuardadoResponseSchema, {
        mensaje: 'Producto actualizado',
        producto,
      });
    }
    if (match && call.method === 'DELETE') {
      if (esFalla(estado.retirar)) return fallar(estado.retirar);
      if (typeof estado.retirar === 'object') return rechazo(estado.retirar);
      if (!esFalla(estado.productos)) {
        estado.productos = estado.productos.filter((p) => p._id !== match[1]);
      }
      return contractJson(mensajeResponseSchema, {
        mensaje: 'Producto retirado de la venta',
      });
    }
    return null;
  };

  const delegado = base.fetchMock.getMockImplementation();
  base.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    };
    const propia = handler(call);
    if (propia === null) return (delegado as NonNullable<typeof delegado>)(input, init);
    base.calls.push(call);
    return propia;
  });
  vi.stubGlobal('fetch', base.fetchMock);

  return { ...base, estado, estadoTienda: base.estado };
}

/** The 409 of a product with paid places in an open group (the server's text). */
export const RETIRO_CON_LUGARES_PAGADOS: Rechazo = {
  status: 409,
  mensaje: ERROR_MESSAGES.PRODUCTO_CON_LUGARES_PAGADOS,
  code: 'PRODUCTO_CON_LUGARES_PAGADOS',
};
