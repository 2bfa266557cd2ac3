import { z } from 'zod';
import { estadoGrupoSchema } from './grupo';
import { idSchema } from './ids';
import { estadoPagoSchema, estadoParteSchema, estadoPedidoSchema } from './pedido';
import { texto } from './texto';

/**
 * Orders after payment (issue 14; spec file 2, sections 2–4 and 7; DESIGN.md section 3, Orders
 * and payments): the shopper's orders with their groups, the seller's orders to deliver, the
 * courier's list, delivery by code or by hand, one seller's part at a time.
 */

/**
 * Wrong delivery codes one caller may enter for one order in `VENTANA_CODIGO_MS` before that
 * caller gets 429 for it; other callers (the seller, another courier) are not locked.
 */
export const INTENTOS_CODIGO_ENTREGA = 5;
/** Wrong delivery codes one caller may enter across every order in `VENTANA_CODIGO_MS`. */
export const INTENTOS_CODIGO_ENTREGA_EN_TOTAL = 50;
export const VENTANA_CODIGO_MS = 15 * 60_000;

/** How a seller's part was delivered: the courier entered the code, or the seller marked it. */
export const METODOS_ENTREGA = ['codigo', 'manual'] as const;

/** The delivery address of an order (a snapshot taken at checkout). */
export const direccionDeEntregaSchema = z.object({
  direccion: z.string(),
  departamento: z.string().nullable(),
  descripcion: z.string().nullable(),
  ciudad: z.string(),
  provincia: z.string(),
  codigoPostal: z.string().nullable(),
});

/** The refund of one participant's share of a cancelled group. */
export const reembolsoDeGrupoSchema = z.object({
  /** Pesos (2 decimals). */
  monto: z.number(),
  estado: z.enum(['pendiente', 'reembolsado']),
  fecha: z.string().nullable().describe('Fecha ISO 8601 del reembolso confirmado'),
});

/** A group of an order line (spec: grupoIds), with the refund when it was cancelled. */
export const grupoDePedidoSchema = z.object({
  _id: idSchema,
  productoId: idSchema,
  lugaresNecesarios: z.number().int(),
  lugaresOcupados: z.number().int(),
  estado: estadoGrupoSchema,
  /** The places this order holds in the group. */
  cantidad: z.number().int(),
  fechaLimite: z.string().nullable(),
  reembolso: reembolsoDeGrupoSchema.nullable(),
});

/** One seller's part of an order: delivered on its own (DESIGN.md section 3). */
export const parteDePedidoSchema = z.object({
  tiendaId: idSchema,
  tiendaNombre: z.string(),
  estadoPago: estadoPagoSchema,
  estado: estadoParteSchema,
  /** Pesos given back (or being given back) of this part. */
  reembolsado: z.number(),
  entregado: z.boolean(),
  entregadoEn: z.string().nullable(),
});

/**
 * An approved order with its groups (POST pedido/obtenerPedidosConGruposPorUsuario; spec file
 * 2, section 3, Order). `productos` carries what the card shows; a product that no longer
 * exists has `nombre` null ('Producto no encontrado').
 */
export const pedidoConGruposSchema = z
  .object({
    _id: idSchema,
    codigo: z.string(),
    fechaCreacion: z.string(),
    aprobado: z.boolean(),
    entregado: z.boolean(),
    estado: estadoPedidoSchema,
    todosLosPagosAprobados: z.boolean(),
    total: z.number(),
    productos: z.array(
      z.object({
        productoId: idSchema,
        cantidadSolicitada: z.number().int(),
        nombre: z.string().nullable(),
        imagen: z.string().nullable(),
        precio: z.number(),
        tiendaId: idSchema,
      }),
    ),
    grupoIds: z.array(grupoDePedidoSchema),
    direccion: direccionDeEntregaSchema,
    telefono: z.string(),
    partes: z.array(parteDePedidoSchema),
  })
  .meta({ id: 'PedidoConGrupos' });

export const pedidosConGruposRequestSchema = z
  .object({ usuarioId: idSchema })
  .meta({ id: 'PedidosConGruposRequest' });
export const pedidosConGruposResponseSchema = z
  .array(pedidoConGruposSchema)
  .meta({ id: 'PedidosConGruposResponse' });

/**
 * A line of an order the store has to deliver (GET pedido/obtenerPedidosPorTienda/{tiendaId},
 * its owner; spec file 2, section 3, Order to deliver). `listo`: every group of the store's
 * part is `cerrado`, so it may be delivered.
 */
export const pedidoParaEntregarSchema = z
  .object({
    pedidoId: idSchema,
    productoId: idSchema,
    productoNombre: z.string().nullable(),
    productoImagen: z.string().nullable(),
    cantidad: z.number().int(),
    direccion: direccionDeEntregaSchema,
    telefono: z.string(),
    listo: z.boolean(),
  })
  .meta({ id: 'PedidoParaEntregar' });

export const pedidosPorTiendaResponseSchema = z
  .array(pedidoParaEntregarSchema)
  .meta({ id: 'PedidosPorTiendaResponse' });

/**
 * POST pedido/obtenerPedidosSinEntregarPorIds: of the given orders the caller may see, those
 * not delivered yet (for a store's owner: whose part of that store is not delivered).
 */
export const pedidosSinEntregarRequestSchema = z
  .object({
    pedidoIds: z.array(idSchema).max(500),
    tiendaId: idSchema.optional(),
  })
  .meta({ id: 'PedidosSinEntregarRequest' });
export const pedidosSinEntregarResponseSchema = z
  .array(idSchema)
  .meta({ id: 'PedidosSinEntregarResponse' });

/** POST pedido/marcarPedidoComoEntregado: the seller marks their part of the order delivered. */
export const marcarEntregadoRequestSchema = z
  .object({ pedidoId: idSchema })
  .meta({ id: 'MarcarEntregadoRequest' });

/** What a delivery did: `entregado` is the whole order's state after it. */
export const entregaResponseSchema = z
  .object({
    mensaje: z.string(),
    pedidoId: idSchema,
    tiendaIds: z.array(idSchema).describe('Las partes entregadas por esta llamada'),
    entregado: z.boolean(),
  })
  .meta({ id: 'EntregaResponse' });

/**
 * An order part ready for delivery, as the courier sees it (GET pedido/obtenerTodosLosPedidos,
 * couriers and admins): only what delivery needs, no payment data, no code.
 */
export const pedidoListoParaEntregaSchema = z
  .object({
    _id: idSchema,
    tiendaId: idSchema,
    tiendaNombre: z.string(),
    productos: z.array(z.object({ nombre: z.string(), cantidad: z.number().int() })),
    direccion: direccionDeEntregaSchema,
    telefono: z.string(),
  })
  .meta({ id: 'PedidoListoParaEntrega' });

export const todosLosPedidosResponseSchema = z
  .array(pedidoListoParaEntregaSchema)
  .meta({ id: 'TodosLosPedidosResponse' });

/**
 * POST pedido/compararCodigo: the courier enters the shopper's code. With `tiendaId` that
 * seller's part is delivered, without it every part ready for delivery. A wrong code and an
 * unknown order answer the same 400 (CODIGO_INCORRECTO); 429 after too many wrong tries.
 */
export const compararCodigoRequestSchema = z
  .object({
    _id: idSchema,
    codigo: texto({
      max: 20,
      min: 1,
      mensajes: {
        requerido: 'Por favor ingresa un código',
        largo: 'Código incorrecto o error en la verificación',
        invalido: 'Código incorrecto o error en la verificación',
      },
    }),
    tiendaId: idSchema.optional(),
  })
  .meta({ id: 'CompararCodigoRequest' });

/** An open group as the product team reviews it (GET admin/grupos). */
export const grupoParaAdminSchema = z
  .object({
    _id: idSchema,
    estado: estadoGrupoSchema,
    lugaresNecesarios: z.number().int(),
    lugaresOcupados: z.number().int(),
    fechaCreacion: z.string(),
    fechaLimite: z.string().nullable(),
    productoId: idSchema,
    productoNombre: z.string(),
    tiendaNombre: z.string(),
    participantes: z.number().int(),
    /** Pesos paid for the places taken: what a cancellation refunds. */
    montoAReembolsar: z.number(),
  })
  .meta({ id: 'GrupoParaAdmin' });

export const gruposParaAdminResponseSchema = z
  .object({ grupos: z.array(grupoParaAdminSchema) })
  .meta({ id: 'GruposParaAdminResponse' });

/** POST admin/grupos/{groupId}/cancelar. */
export const cancelarGrupoResponseSchema = z
  .object({
    mensaje: z.string(),
    reembolsos: z.number().int().describe('Participaciones a reembolsar'),
    montoReembolsado: z.number(),
  })
  .meta({ id: 'CancelarGrupoResponse' });

/**
 * A refund the product team should look at (GET admin/reembolsos): one that keeps failing, or
 * a payment refused because it did not match its part.
 */
export const reembolsoParaAdminSchema = z
  .object({
    _id: idSchema,
    motivo: z.enum([
      'grupo_cancelado',
      'pago_duplicado',
      'sin_stock',
      'pago_no_coincide',
      'pedido_vencido',
      'precio_cambiado',
      'envio_en_grupo',
    ]),
    estado: z.enum(['pendiente', 'reembolsado']),
    pedidoId: idSchema,
    tiendaId: idSchema,
    tiendaNombre: z.string(),
    monto: z.number(),
    intentos: z.number().int(),
    ultimoError: z.string().nullable(),
    proximoIntento: z.string().nullable(),
    fechaCreacion: z.string(),
  })
  .meta({ id: 'ReembolsoParaAdmin' });

export const reembolsosParaAdminResponseSchema = z
  .object({ reembolsos: z.array(reembolsoParaAdminSchema) })
  .meta({ id: 'ReembolsosParaAdminResponse' });

export type ReembolsoParaAdmin = z.infer<typeof reembolsoParaAdminSchema>;
export type PedidoConGrupos = z.infer<typeof pedidoConGruposSchema>;
export type GrupoDePedido = z.infer<typeof grupoDePedidoSchema>;
export type ParteDePedido = z.infer<typeof parteDePedidoSchema>;
export type PedidoParaEntregar = z.infer<typeof pedidoParaEntregarSchema>;
export type PedidoListoParaEntrega = z.infer<typeof pedidoListoParaEntregaSchema>;
export type EntregaResponse = z.infer<typeof entregaResponseSchema>;
export type CompararCodigoRequest = z.infer<typeof compararCodigoRequestSchema>;
export type GrupoParaAdmin = z.infer<typeof grupoParaAdminSchema>;
export type CancelarGrupoResponse = z.infer<typeof cancelarGrupoResponseSchema>;
export type DireccionDeEntrega = z.infer<typeof direccionDeEntregaSchema>;
