import { z } from 'zod';
import { idSchema } from './ids';
import { numero } from './numero';
import { paqueteSchema } from './paquete';
import { texto } from './texto';
import { telefonoSchema } from './usuario';

/** Bounds of an order: lines, units per line, sellers. */
export const LIMITES_PEDIDO = { lineas: 50, cantidadPorLinea: 1000, tiendas: 20 } as const;

/**
 * Bounds of what one shopper's unpaid orders may hold (docs/decisions/029): at most
 * `pedidosSinPagar` open unpaid orders, and per product the larger of
 * `unidadesMinimasPorProducto` units or `porcentajeStockPorProducto` % of its stock.
 */
export const LIMITES_RESERVA = {
  pedidosSinPagar: 3,
  unidadesMinimasPorProducto: 10,
  porcentajeStockPorProducto: 20,
} as const;

/** A cart line sent to checkout; `grupoId` is the group chosen on its group page, if any. */
export const lineaPedidoRequestSchema = z.object({
  productoId: idSchema,
  cantidadSolicitada: numero({
    min: 1,
    max: LIMITES_PEDIDO.cantidadPorLinea,
    entero: true,
    mensaje: `La cantidad debe ser un número entero entre 1 y ${LIMITES_PEDIDO.cantidadPorLinea}`,
  }),
  grupoId: idSchema.optional(),
});

/** The shipping option chosen for one store; the server quotes again and keeps its own price. */
export const envioElegidoSchema = z.object({
  tiendaId: idSchema,
  carrier: texto({ max: 60, min: 1, campo: 'El transporte' }),
  servicio: texto({ max: 60, min: 1, campo: 'El servicio' }),
});

/**
 * POST pago/crearPreferencia (spec file 1, section 7; `paquete` and `envios` are the shipping
 * steps' choices): creates the order and one payment per seller; its units leave stock when a
 * payment is approved (docs/decisions/050).
 */
export const crearPreferenciaRequestSchema = z
  .object({
    productos: z
      .array(lineaPedidoRequestSchema)
      .min(1, 'El carrito está vacío')
      .max(LIMITES_PEDIDO.lineas, `Un pedido puede tener hasta ${LIMITES_PEDIDO.lineas} productos`),
    usuarioId: idSchema,
    direccionId: idSchema,
    telefono: telefonoSchema,
    paquete: paqueteSchema,
    envios: z.array(envioElegidoSchema).max(LIMITES_PEDIDO.tiendas),
  })
  .meta({ id: 'CrearPreferenciaRequest' });

export const crearPreferenciaResponseSchema = z
  .object({ pedidoId: idSchema })
  .meta({ id: 'CrearPreferenciaResponse' });

/** The 409 body when some sellers cannot take payments yet (spec: `tiendasSinMP`). */
export const tiendasSinMpSchema = z.array(z.object({ nombre: z.string() }));

export const ESTADOS_PAGO = ['pendiente', 'aprobado', 'rechazado', 'reembolsado'] as const;
export const estadoPagoSchema = z.enum(ESTADOS_PAGO);

/**
 * Where one seller's part of an order stands, as the order lifecycle computes it
 * (apps/api/src/modules/pedido/ciclo-de-vida.ts; docs/decisions/028). Screens show it, never
 * derive it:
 * - `por_pagar`: not paid yet, the reservation holds;
 * - `en_acreditacion`: the provider has a pending payment for it (do not pay again);
 * - `rechazado`: the last payment was rejected; it can be paid again while the reservation lasts;
 * - `vencido`: the reservation ran out unpaid, or the order it belongs to can no longer complete
 *   (a payment still being credited for it would be given back whole); nothing was charged;
 * - `esperando_grupo`: paid; some of its groups still fill;
 * - `lista`: paid; every group that goes on is closed, so it can be delivered;
 * - `entregada`: delivered;
 * - `reembolsada`: paid and given back whole (every group cancelled, or the payment refunded).
 * A part that ships with some lines refunded keeps its delivery state and shows `reembolsado` > 0.
 */
export const ESTADOS_PARTE = [
  'por_pagar',
  'en_acreditacion',
  'rechazado',
  'vencido',
  'esperando_grupo',
  'lista',
  'entregada',
  'reembolsada',
] as const;
export const estadoParteSchema = z.enum(ESTADOS_PARTE);
export type EstadoParte = (typeof ESTADOS_PARTE)[number];

/** The part states whose payment went through (a refund afterwards included): 'pagos aprobados'. */
export const ESTADOS_PARTE_PAGADA: readonly EstadoParte[] = [
  'esperando_grupo',
  'lista',
  'entregada',
  'reembolsada',
];

/**
 * Where a whole order stands (spec file 2, section 4, plus the lifecycle's end states):
 * `por_pagar` until every part is paid, `en_proceso` while a group fills, `completo` when
 * every part that goes on is ready (its code is shown), `entregado` when every part that goes
 * on is delivered, `reembolsado` when nothing goes on and money was given back (its groups were
 * cancelled), `vencido` when it expired before every part was paid (what was paid of it is given
 * back: its `reembolsado`).
 */
export const ESTADOS_PEDIDO = [
  'por_pagar',
  'en_proceso',
  'completo',
  'entregado',
  'reembolsado',
  'vencido',
] as const;
export const estadoPedidoSchema = z.enum(ESTADOS_PEDIDO);
export type EstadoPedido = (typeof ESTADOS_PEDIDO)[number];

/**
 * What the shopper may do with one seller's payment now, as the order lifecycle decides
 * (apps/api/src/modules/pedido/ciclo-de-vida.ts). Screens offer exactly these, never their own
 * reading of the states.
 */
export const accionesDeParteSchema = z.object({
  pagar: z
    .boolean()
    .describe(
      'Se puede pedir el link de pago de esta parte (sin pagar o rechazada, reserva vigente)',
    ),
});

/** What the shopper may do with the whole order now, as the order lifecycle decides. */
export const accionesDePedidoSchema = z.object({
  pagar: z.boolean().describe('Alguna parte del pedido se puede pagar ahora'),
  cancelar: z
    .boolean()
    .describe(
      'El comprador puede cancelar el pedido: nada pagado ni en acreditación y la reserva sigue',
    ),
});

/** The order number every screen shows: '#' and the id's last six characters, upper-cased. */
export const numeroDePedido = (pedidoId: string): string => `#${pedidoId.slice(-6).toUpperCase()}`;

/** One seller's payment of an order (spec file 2, section 3). `monto` in pesos. */
export const pagoPorVendedorSchema = z
  .object({
    tiendaId: idSchema,
    tiendaNombre: z.string(),
    tiendaLogo: z.string().nullable(),
    monto: z.number(),
    envio: z.number().describe('Lo que cuesta el envío de este vendedor, incluido en monto'),
    estado: estadoPagoSchema,
    estadoParte: estadoParteSchema,
    reembolsado: z
      .number()
      .describe('Pesos devueltos o en devolución de este pago (parcial o total)'),
    reembolsoTotal: z
      .boolean()
      .describe('Todo lo pagado de esta parte fue devuelto (o está en devolución): no se entrega'),
    acciones: accionesDeParteSchema,
    productos: z.array(
      z.object({
        productoId: idSchema,
        nombre: z.string(),
        imagen: z.string().nullable(),
        cantidad: z.number().int(),
        precio: z.number(),
      }),
    ),
  })
  .meta({ id: 'PagoPorVendedor' });

/** GET pedido/estadoPagos/{pedidoId}: the order's payments and their progress. */
export const estadoPagosResponseSchema = z
  .object({
    estadisticas: z.object({
      total: z.number().int(),
      aprobados: z.number().int(),
      pendientes: z.number().int(),
      porcentajeCompletado: z.number(),
    }),
    estado: estadoPedidoSchema,
    reembolsado: z.number().describe('Pesos devueltos o en devolución del pedido'),
    reembolsoTotal: z
      .boolean()
      .describe('Se pagó algo y todo lo pagado fue devuelto (o está en devolución)'),
    acciones: accionesDePedidoSchema,
    pagosPorVendedor: z.array(pagoPorVendedorSchema),
  })
  .meta({ id: 'EstadoPagosResponse' });

/** An order with its payments, as Mis Pagos lists it (POST pedido/obtenerPedidosPorUserId). */
export const pedidoConPagosSchema = z
  .object({
    _id: idSchema,
    fechaCreacion: z.string(),
    aprobado: z.boolean(),
    todosLosPagosAprobados: z.boolean(),
    entregado: z.boolean(),
    estado: estadoPedidoSchema,
    total: z.number(),
    reembolsado: z.number().describe('Pesos devueltos o en devolución del pedido'),
    reembolsoTotal: z
      .boolean()
      .describe('Se pagó algo y todo lo pagado fue devuelto (o está en devolución)'),
    acciones: accionesDePedidoSchema,
    productos: z.array(z.object({ productoId: idSchema, cantidadSolicitada: z.number().int() })),
    pagosPorVendedor: z.array(pagoPorVendedorSchema),
  })
  .meta({ id: 'PedidoConPagos' });

export const pedidosPorUserIdResponseSchema = z
  .array(pedidoConPagosSchema)
  .meta({ id: 'PedidosPorUserIdResponse' });

/** GET pedido/linkPago/{pedidoId}/{tiendaId}: the provider's checkout URL for one seller. */
export const linkPagoResponseSchema = z
  .object({ init_point: z.string() })
  .meta({ id: 'LinkPagoResponse' });

/**
 * POST pedido/cancelar/{pedidoId} (docs/decisions/029): the owner cancels an unpaid order; its
 * reserved units go back on sale at once. A second call answers the same body.
 */
export const cancelarPedidoResponseSchema = z
  .object({
    pedidoId: idSchema,
    reservaLiberadaEn: z.string().describe('Cuándo se liberó la reserva del pedido (ISO 8601)'),
  })
  .meta({ id: 'CancelarPedidoResponse' });

export const pedidoIdParamsSchema = z.object({ pedidoId: idSchema });
export const pedidoYTiendaParamsSchema = z.object({ pedidoId: idSchema, tiendaId: idSchema });

export type CrearPreferenciaRequest = z.infer<typeof crearPreferenciaRequestSchema>;
export type PagoPorVendedor = z.infer<typeof pagoPorVendedorSchema>;
export type EstadoPagosResponse = z.infer<typeof estadoPagosResponseSchema>;
export type PedidoConPagos = z.infer<typeof pedidoConPagosSchema>;
export type LinkPagoResponse = z.infer<typeof linkPagoResponseSchema>;
export type CancelarPedidoResponse = z.infer<typeof cancelarPedidoResponseSchema>;
export type AccionesDeParte = z.infer<typeof accionesDeParteSchema>;
export type AccionesDePedido = z.infer<typeof accionesDePedidoSchema>;
