import {
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type GrupoDePedido,
  type PedidoConGrupos,
  pedidosConGruposResponseSchema,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
import { contractJson } from './contract';
import { type FetchCall, json, mockFetch } from './fetch';

/** Test data and a fake of Mis Pedidos' call (POST pedido/obtenerPedidosConGruposPorUsuario). */

export const TIENDA_PEDIDOS_A = 'a40000000000000000000001';
export const TIENDA_PEDIDOS_B = 'a40000000000000000000002';

export const pedidoId = (n: number) => `f4${String(n).padStart(22, '0')}`;
export const grupoId = (n: number) => `e4${String(n).padStart(22, '0')}`;
export const productoId = (n: number) => `b4${String(n).padStart(22, '0')}`;

export function crearGrupoDePedido(overrides: Partial<GrupoDePedido> = {}): GrupoDePedido {
  return {
    _id: grupoId(1),
    productoId: productoId(1),
    lugaresNecesarios: 10,
    lugaresOcupados: 6,
    estado: 'abierto',
    cantidad: 2,
    fechaLimite: null,
    reembolso: null,
    ...overrides,
  };
}

/** An approved order of one product of store A, with one open group. */
export function crearPedidoConGrupos(overrides: Partial<PedidoConGrupos> = {}): PedidoConGrupos {
  return {
    _id: pedidoId(1),
    codigo: 'K7QX9P',
    fechaCreacion: '2026-11-05T17:30:00.000Z',
    aprobado: true,
    entregado: false,
    estado: 'en_proceso',
    todosLosPagosAprobados: true,
    total: 10845.5,
    productos: [
      {
        productoId: productoId(1),
        cantidadSolicitada: 2,
        nombre: 'Yerba mate 1 kg',
        imagen: null,
        precio: 5422.75,
        tiendaId: TIENDA_PEDIDOS_A,
      },
    ],
    grupoIds: [crearGrupoDePedido()],
    direccion: {
      direccion: 'Av. Corrientes 1234',
      departamento: '3B',
      descripcion: null,
      ciudad: 'CABA',
      provincia: 'Buenos Aires',
      codigoPostal: 'C1043',
    },
    telefono: '1155556666',
    partes: [
      {
        tiendaId: TIENDA_PEDIDOS_A,
        tiendaNombre: 'Almacén Don Pepe',
        estadoPago: 'aprobado',
        estado: 'esperando_grupo',
        reembolsado: 0,
        entregado: false,
        entregadoEn: null,
      },
    ],
    ...overrides,
  };
}

export function pedidosConGruposJson(pedidos: PedidoConGrupos[]): Response {
  return contractJson(pedidosConGruposResponseSchema, pedidos);
}

type Respuesta = Response | (() => Response);

/** Fakes Mis Pedidos' call and the shell's role checks (a shopper). */
export function mockPedidosApi(pedidos?: Respuesta) {
  return mockFetch(({ url }: FetchCall) => {
    if (url.endsWith('/api/pedido/obtenerPedidosConGruposPorUsuario')) {
      if (!pedidos) return json({ error: 'No se encontraron pedidos' }, 404, 'Not Found');
      return typeof pedidos === 'function' ? pedidos() : pedidos.clone();
    }
    if (url.endsWith('/api/usuario/esVendedor'))
      return json(esVendedorResponseSchema.parse({ esVendedor: false }));
    if (url.endsWith('/api/usuario/esRepartidor'))
      return json(esRepartidorResponseSchema.parse({ esRepartidor: false }));
    if (url.endsWith('/api/usuario/esAdmin'))
      return json(esAdminResponseSchema.parse({ esAdmin: false }));
    if (/\/api\/usuario\/[0-9a-f]{24}$/.test(url)) {
      return json(
        usuarioResponseSchema.parse({
          success: true,
          usuario: { nombre: 'Ana Pérez', email: 'ana@example.com' },
        }),
      );
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}
