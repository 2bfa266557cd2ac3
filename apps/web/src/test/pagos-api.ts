import {
  type EstadoPagosResponse,
  type EstadoParte,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  estadoPagosResponseSchema,
  esVendedorResponseSchema,
  linkPagoResponseSchema,
  type PagoPorVendedor,
  type PedidoConPagos,
  pedidosPorUserIdResponseSchema,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
import { checked, contractJson } from './contract';
import { type FetchCall, json, mockFetch } from './fetch';

/** Test data and a fake of the payments calls (Completa tus Pagos, Mis Pagos, detail). */

export const PEDIDO_ID = 'f30000000000000000000001';
export const OTRO_PEDIDO_ID = 'f30000000000000000000002';
export const TIENDA_A = 'a30000000000000000000001';
export const TIENDA_B = 'a30000000000000000000002';
export const TIENDA_C = 'a30000000000000000000003';

export function productoPagoId(n: number): string {
  return `b3${String(n).padStart(22, '0')}`;
}

/**
 * The part state a fixture gets by default from its payment state (an approved payment of a
 * group still filling); a test about the lifecycle sets `estadoParte` itself.
 */
const PARTE_DE_PAGO: Record<PagoPorVendedor['estado'], EstadoParte> = {
  pendiente: 'por_pagar',
  aprobado: 'esperando_grupo',
  rechazado: 'rechazado',
  reembolsado: 'reembolsada',
};

/** The part states the API offers a payment link for. */
const PAGABLE = new Set<EstadoParte>(['por_pagar', 'rechazado']);
/** The part states whose payment has not gone through. */
const SIN_PAGAR = new Set<EstadoParte>(['por_pagar', 'en_acreditacion', 'rechazado', 'vencido']);

export function crearPago(overrides: Partial<PagoPorVendedor> = {}): PagoPorVendedor {
  const estadoParte = overrides.estadoParte ?? PARTE_DE_PAGO[overrides.estado ?? 'pendiente'];
  return {
    tiendaId: TIENDA_A,
    tiendaNombre: 'Almacén Don Pepe',
    tiendaLogo: null,
    monto: 12345.5,
    envio: 1500,
    estado: 'pendiente',
    estadoParte,
    reembolsado: 0,
    // What the API computes from the part's state (ciclo-de-vida.ts vistaDelPedido).
    reembolsoTotal: estadoParte === 'reembolsada',
    acciones: { pagar: PAGABLE.has(estadoParte) },
    productos: [
      {
        productoId: productoPagoId(1),
        nombre: 'Yerba mate 1 kg',
        imagen: '/uploads/yerba.webp',
        cantidad: 2,
        precio: 5422.75,
      },
    ],
    ...overrides,
  };
}

/**
 * An order's payment status; the statistics follow from the payments, and the order's state,
 * refund and actions are what the API would compute of them unless `pedido` says otherwise.
 */
export function crearEstadoPagos(
  pagos: PagoPorVendedor[],
  pedido: Partial<Omit<EstadoPagosResponse, 'estadisticas' | 'pagosPorVendedor'>> = {},
): EstadoPagosResponse {
  const aprobados = pagos.filter((pago) => pago.estado === 'aprobado').length;
  const reembolsado = pagos.reduce((t, pago) => t + pago.reembolsado, 0);
  const pagadas = pagos.filter((pago) => !SIN_PAGAR.has(pago.estadoParte));
  return checked(estadoPagosResponseSchema, {
    estadisticas: {
      total: pagos.length,
      aprobados,
      pendientes: pagos.filter((pago) => pago.estado === 'pendiente').length,
      porcentajeCompletado: pagos.length ? (aprobados / pagos.length) * 100 : 0,
    },
    estado: pagos.every((pago) => pago.estado === 'aprobado') ? 'en_proceso' : 'por_pagar',
    reembolsado,
    reembolsoTotal: reembolsado > 0 && pagadas.every((pago) => pago.estadoParte === 'reembolsada'),
    acciones: {
      pagar: pagos.some((pago) => pago.acciones.pagar),
      cancelar: pagos.length > 0 && pagos.every((pago) => PAGABLE.has(pago.estadoParte)),
    },
    ...pedido,
    pagosPorVendedor: pagos,
  });
}

/**
 * An order of Mis Pagos; its refund flag and actions are what the API would compute of its
 * payments and state unless given.
 */
export function crearPedidoConPagos(overrides: Partial<PedidoConPagos> = {}): PedidoConPagos {
  const pagos = overrides.pagosPorVendedor ?? [crearPago()];
  const estado = overrides.estado ?? 'por_pagar';
  const reembolsado = overrides.reembolsado ?? 0;
  const pagadas = pagos.filter((pago) => !SIN_PAGAR.has(pago.estadoParte));
  const pagable = estado === 'por_pagar' && pagos.some((pago) => pago.acciones.pagar);
  return {
    _id: PEDIDO_ID,
    fechaCreacion: '2026-11-05T17:30:00.000Z',
    aprobado: false,
    todosLosPagosAprobados: false,
    entregado: false,
    estado: 'por_pagar',
    total: 12345.5,
    reembolsado: 0,
    reembolsoTotal:
      reembolsado > 0 &&
      pagadas.length > 0 &&
      pagadas.every((pago) => pago.estadoParte === 'reembolsada'),
    acciones: {
      pagar: pagable,
      cancelar: pagable && pagos.every((pago) => PAGABLE.has(pago.estadoParte)),
    },
    productos: [{ productoId: productoPagoId(1), cantidadSolicitada: 2 }],
    pagosPorVendedor: pagos,
    ...overrides,
  };
}

type Respuesta = Response | (() => Response);

export interface PagosApi {
  /** GET estadoPagos per order id: an answer, or a function giving one per call. */
  estado: Record<string, Respuesta>;
  /** POST obtenerPedidosPorUserId. */
  pedidos: Respuesta;
  /** GET linkPago. */
  link: Respuesta;
}

function responder(respuesta: Respuesta | undefined): Response {
  if (!respuesta) return json({ error: 'No encontrado' }, 404, 'Not Found');
  return typeof respuesta === 'function' ? respuesta() : respuesta.clone();
}

/** Fakes the payments calls and the shell's role checks (a shopper). */
export function mockPagosApi(api: Partial<PagosApi> = {}) {
  return mockFetch(({ url }: FetchCall) => {
    const estado = /\/api\/pedido\/estadoPagos\/([^/?]+)$/.exec(url);
    if (estado?.[1]) return responder(api.estado?.[estado[1]]);
    if (url.endsWith('/api/pedido/obtenerPedidosPorUserId')) {
      return responder(api.pedidos ?? json({ error: 'No hay pedidos' }, 404, 'Not Found'));
    }
    if (url.includes('/api/pedido/linkPago/')) {
      return responder(
        api.link ??
          contractJson(linkPagoResponseSchema, { init_point: 'https://pagos.example/checkout/1' }),
      );
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

export function pedidosJson(pedidos: PedidoConPagos[]): Response {
  return contractJson(pedidosPorUserIdResponseSchema, pedidos);
}

export function estadoJson(estado: EstadoPagosResponse): Response {
  return contractJson(estadoPagosResponseSchema, estado);
}

export function callsTo(calls: readonly FetchCall[], fragment: string): FetchCall[] {
  return calls.filter((call) => call.url.includes(fragment));
}
