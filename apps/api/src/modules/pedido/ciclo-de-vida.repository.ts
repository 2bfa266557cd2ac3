import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type EstadoPagoProveedor,
  gruposDeCompra,
  type MotivoReembolso,
  pagosPorVendedor,
  pagosProveedor,
  participantesGrupo,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ParteDelCiclo } from './ciclo-de-vida';

/**
 * SQL: the provider holds a payment of this order (of this store's part, when given; last
 * updated by `hasta`, when given) still pending, the one way "a payment in flight" is asked.
 */
export function pagoEnAcreditacion(de: {
  pedidoId: SQLWrapper;
  tiendaId?: SQLWrapper;
  hasta?: Date;
}): SQL<boolean> {
  const tienda = de.tiendaId ? sql` and pp.tienda_id = ${de.tiendaId}` : sql``;
  const hasta = de.hasta
    ? sql` and pp.actualizado_en <= ${de.hasta.toISOString()}::timestamptz`
    : sql``;
  return sql<boolean>`exists (select 1 from ${pagosProveedor} pp
    where pp.pedido_id = ${de.pedidoId}${tienda} and pp.estado = 'pendiente'${hasta})`;
}

/** A part as the lifecycle reads it, with the keys and amounts its callers need. */
export interface ParteCargada extends ParteDelCiclo {
  parteId: string;
  pedidoId: string;
  tiendaId: string;
  usuarioId: string;
  proveedorPagoId: string | null;
  montoCentavos: number;
  entregadoEn: Date | null;
}

/**
 * Reads what the lifecycle policy (ciclo-de-vida.ts) needs of every seller's part of these
 * orders: four bounded queries, whatever the number of orders. Pure reads: the caller's
 * transaction (or the pool) decides what they see.
 */
export function createCicloDeVidaRepository(db: Database) {
  return {
    ...createCicloDeVidaEscrituras(db),

    async findPartes(pedidoIds: readonly string[], ahora: Date): Promise<ParteCargada[]> {
      const ids = [...new Set(pedidoIds)];
      if (ids.length === 0) return [];
      // One after the other: inside a unit of work `db` is one connection, which runs one
      // query at a time (pg refuses overlapping queries on a client from its next major).
      const filas = await db
        .select({
          parteId: pagosPorVendedor.id,
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          usuarioId: pedidos.usuarioId,
          proveedorPagoId: pagosPorVendedor.proveedorPagoId,
          estadoPago: pagosPorVendedor.estado,
          montoCentavos: pagosPorVendedor.montoCentavos,
          envioCentavos: pagosPorVendedor.envioCentavos,
          entregadoEn: pagosPorVendedor.entregadoEn,
          reservaVencida: sql<boolean>`(${pedidos.reservaLiberadaEn} is not null or ${pedidos.reservaExpiraEn} <= ${ahora.toISOString()}::timestamptz)`,
          pagoEnAcreditacion: pagoEnAcreditacion({
            pedidoId: pagosPorVendedor.pedidoId,
            tiendaId: pagosPorVendedor.tiendaId,
          }),
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .where(inArray(pagosPorVendedor.pedidoId, ids))
        .orderBy(asc(pagosPorVendedor.pedidoId), asc(pagosPorVendedor.id));
      const lineas = await db
        .select({
          pedidoId: pedidoLineas.pedidoId,
          tiendaId: pedidoLineas.tiendaId,
          productoId: pedidoLineas.productoId,
          precioCentavos: pedidoLineas.precioCentavos,
        })
        .from(pedidoLineas)
        .where(inArray(pedidoLineas.pedidoId, ids));
      const participaciones = await db
        .select({
          participanteId: participantesGrupo.id,
          pedidoId: sql<string>`${participantesGrupo.pedidoId}`,
          tiendaId: productos.tiendaId,
          grupoId: gruposDeCompra.id,
          productoId: gruposDeCompra.productoId,
          productoNombre: productos.nombre,
          estadoGrupo: gruposDeCompra.estado,
          cantidad: participantesGrupo.cantidad,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
        })
        .from(participantesGrupo)
        .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(inArray(participantesGrupo.pedidoId, ids))
        .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id));
      const devueltos = await db
        .select({
          pedidoId: reembolsos.pedidoId,
          tiendaId: reembolsos.tiendaId,
          centavos: sql<string>`sum(${reembolsos.montoCentavos})`,
        })
        .from(reembolsos)
        .where(inArray(reembolsos.pedidoId, ids))
        .groupBy(reembolsos.pedidoId, reembolsos.tiendaId);
      const clave = (pedidoId: string, tiendaId: string) => `${pedidoId}:${tiendaId}`;
      const devuelto = new Map(
        devueltos.map((d) => [clave(d.pedidoId, d.tiendaId), Number(d.centavos)]),
      );
      return filas.map((f) => {
        const k = clave(f.pedidoId, f.tiendaId);
        return {
          ...f,
          reservaVencida: Boolean(f.reservaVencida),
          pagoEnAcreditacion: Boolean(f.pagoEnAcreditacion),
          entregada: f.entregadoEn !== null,
          lineas: lineas.filter((l) => clave(l.pedidoId, l.tiendaId) === k),
          participaciones: participaciones.filter((p) => clave(p.pedidoId, p.tiendaId) === k),
          reembolsadoCentavos: devuelto.get(k) ?? 0,
        };
      });
    },
  };
}

/** A part locked for a payment, with what deciding about it needs (one statement). */
export interface ParteBloqueada {
  parteId: string;
  usuarioId: string;
  estado: ParteCargada['estadoPago'];
  montoCentavos: number;
  /** The store's Mercado Pago account (the payment's expected collector). */
  mpUsuarioId: string | null;
  /** What this app already recorded of this provider payment. */
  estadoProveedor: EstadoPagoProveedor | null;
  pedidoAprobado: boolean;
  /** The order's reservation was released (the expiry sweep, or the shopper cancelled it). */
  reservaLiberada: boolean;
  /** The order's other parts not approved yet, and those refunded whole. */
  otrasSinAprobar: number;
  otrasReembolsadas: number;
  /** This part's lines not sold yet (held or not), in product id order: what its sale takes. */
  porVender: { productoId: string; cantidad: number }[];
  /** The order's lines (all sellers'), in product id order: the places each takes. */
  lineas: {
    productoId: string;
    cantidad: number;
    grupoId: string | null;
    precioCentavos: number;
  }[];
}

/**
 * The lifecycle's writes (ciclo-de-vida.service.ts decides; these only store), inside the
 * caller's transaction.
 */
function createCicloDeVidaEscrituras(db: Database) {
  return {
    /**
     * Locks the order row (every payment of one order applies one at a time), then reads the
     * part of `tiendaId` with what deciding needs; undefined when there is no such part. Two
     * statements, one round trip: the read is sent behind the lock without waiting for it
     * (pipeline mode, db/client.ts); PostgreSQL runs it after the lock was granted.
     */
    async lockParte(
      pedidoId: string,
      tiendaId: string,
      proveedorPagoId: string,
    ): Promise<ParteBloqueada | undefined> {
      // The lock first, in a statement of its own: under READ COMMITTED a statement that waited
      // for a lock still reads the other rows as they were when it started, so the part and the
      // provider payment are read by the next statement (its own snapshot, taken once the lock
      // is granted), after every earlier notification committed. Both are sent at once, in
      // this order (each `execute` puts its query on the connection before returning).
      const bloqueo = db
        .select({ id: pedidos.id })
        .from(pedidos)
        .where(eq(pedidos.id, pedidoId))
        .for('no key update')
        .execute();
      const lectura = db.execute(sql`
        select v.id as "parteId", p.usuario_id as "usuarioId", v.estado,
          v.monto_centavos::float8 as "montoCentavos", t.mp_usuario_id as "mpUsuarioId",
          (select pp.estado from ${pagosProveedor} pp where pp.proveedor_pago_id = ${proveedorPagoId})
            as "estadoProveedor",
          p.aprobado as "pedidoAprobado",
          (p.reserva_liberada_en is not null) as "reservaLiberada",
          (select count(*)::int from ${pagosPorVendedor} o
            where o.pedido_id = p.id and o.id <> v.id and o.estado <> 'aprobado') as "otrasSinAprobar",
          (select count(*)::int from ${pagosPorVendedor} o
            where o.pedido_id = p.id and o.id <> v.id and o.estado = 'reembolsado') as "otrasReembolsadas",
          coalesce((select json_agg(json_build_object('productoId', l.producto_id, 'cantidad', l.cantidad)
              order by l.producto_id)
            from ${pedidoLineas} l
            where l.pedido_id = p.id and l.tienda_id = v.tienda_id and l.reserva <> 'vendido'),
            '[]'::json) as "porVender",
          coalesce((select json_agg(json_build_object('productoId', l.producto_id, 'cantidad', l.cantidad,
                'grupoId', l.grupo_id, 'precioCentavos', l.precio_centavos)
              order by l.producto_id)
            from ${pedidoLineas} l where l.pedido_id = p.id), '[]'::json) as lineas
        from ${pedidos} p
        join ${pagosPorVendedor} v on v.pedido_id = p.id and v.tienda_id = ${tiendaId}
        join ${tiendas} t on t.id = v.tienda_id
        where p.id = ${pedidoId}`);
      const [bloqueado, leido] = await Promise.all([bloqueo, lectura]);
      if (bloqueado.length === 0) return undefined;
      const { rows } = leido as unknown as {
        rows: (ParteBloqueada & { lineas: unknown; porVender: unknown })[];
      };
      const row = rows[0];
      if (!row) return undefined;
      const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      return {
        ...row,
        montoCentavos: Number(row.montoCentavos),
        lineas: json(row.lineas),
        porVender: json(row.porVender),
      };
    },

    /** Records where a provider payment stands (the notification dedupe). */
    async insertPagoProveedor(fila: {
      proveedorPagoId: string;
      pedidoId: string;
      tiendaId: string;
      estado: EstadoPagoProveedor;
      montoCentavos: number;
      ahora: Date;
    }): Promise<void> {
      await db
        .insert(pagosProveedor)
        .values({ ...fila, actualizadoEn: fila.ahora, creadoEn: fila.ahora })
        .onConflictDoUpdate({
          target: pagosProveedor.proveedorPagoId,
          set: { estado: fila.estado, actualizadoEn: fila.ahora },
        });
    },

    /** The part's state (`rechazado`, `reembolsado`). */
    async updateEstadoDeParte(parteId: string, estado: 'rechazado' | 'reembolsado', ahora: Date) {
      await db
        .update(pagosPorVendedor)
        .set({ estado, actualizadoEn: ahora })
        .where(eq(pagosPorVendedor.id, parteId));
    },

    /** The part's lines still `reservado` (or, refunded whole, `vendido`) become `liberado`. */
    releaseLineas: (
      pedidoId: string,
      tiendaId: string,
      desde: 'reservado' | 'vendido' = 'reservado',
    ) =>
      db
        .update(pedidoLineas)
        .set({ reserva: 'liberado' })
        .where(
          and(
            eq(pedidoLineas.pedidoId, pedidoId),
            eq(pedidoLineas.tiendaId, tiendaId),
            eq(pedidoLineas.reserva, desde),
          ),
        )
        .returning({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad }),

    /**
     * The approval's writes in one statement: the part's lines sold, the part approved with
     * its provider payment, the provider payment recorded, and (`aprobarPedido`) the order
     * approved.
     */
    async markParteVendida(input: {
      parteId: string;
      pedidoId: string;
      tiendaId: string;
      proveedorPagoId: string;
      montoCentavos: number;
      comisiones: { mercadoPagoCentavos: number; marketplaceCentavos: number } | null;
      aprobarPedido: boolean;
      ahora: Date;
    }): Promise<void> {
      const ahora = input.ahora.toISOString();
      await db.execute(sql`
        with lineas as (
          update ${pedidoLineas} set reserva = 'vendido', vendido_en = ${ahora}::timestamptz
          where pedido_id = ${input.pedidoId} and tienda_id = ${input.tiendaId}
            and reserva <> 'vendido'
          returning 1
        ), parte as (
          update ${pagosPorVendedor}
          set estado = 'aprobado', proveedor_pago_id = ${input.proveedorPagoId},
            actualizado_en = ${ahora}::timestamptz, aprobado_en = ${ahora}::timestamptz,
            comision_mp_centavos = ${input.comisiones?.mercadoPagoCentavos ?? null}::bigint,
            comision_marketplace_centavos = ${input.comisiones?.marketplaceCentavos ?? null}::bigint
          where id = ${input.parteId}
          returning 1
        ), proveedor as (
          insert into ${pagosProveedor}
            (proveedor_pago_id, pedido_id, tienda_id, estado, monto_centavos, creado_en, actualizado_en)
          values (${input.proveedorPagoId}, ${input.pedidoId}, ${input.tiendaId}, 'aprobado',
            ${input.montoCentavos}, ${ahora}::timestamptz, ${ahora}::timestamptz)
          on conflict (proveedor_pago_id)
            do update set estado = 'aprobado', actualizado_en = excluded.actualizado_en
          returning 1
        ), pedido as (
          update ${pedidos} set aprobado = true, todos_los_pagos_aprobados = true
          where id = ${input.pedidoId} and ${input.aprobarPedido}
          returning 1
        )
        select (select count(*) from lineas) + (select count(*) from parte)
          + (select count(*) from proveedor) + (select count(*) from pedido) as n`);
    },

    /** The participations of paid orders in a group, with the payment of that seller's part. */
    findParticipacionesDeGrupo: (grupoId: string) =>
      db
        .select({
          participanteId: participantesGrupo.id,
          pedidoId: sql<string>`${participantesGrupo.pedidoId}`,
          usuarioId: participantesGrupo.usuarioId,
          tiendaId: productos.tiendaId,
          proveedorPagoId: pagosPorVendedor.proveedorPagoId,
        })
        .from(participantesGrupo)
        .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(
          pagosPorVendedor,
          and(
            eq(pagosPorVendedor.pedidoId, participantesGrupo.pedidoId),
            eq(pagosPorVendedor.tiendaId, productos.tiendaId),
          ),
        )
        .where(eq(participantesGrupo.grupoId, grupoId))
        .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id)),

    /** The paid orders with places in these groups. */
    async findPedidosDeGrupos(grupoIds: string[]): Promise<string[]> {
      if (grupoIds.length === 0) return [];
      const filas = await db
        .selectDistinct({ pedidoId: participantesGrupo.pedidoId })
        .from(participantesGrupo)
        .where(inArray(participantesGrupo.grupoId, grupoIds));
      return filas.flatMap((f) => (f.pedidoId ? [f.pedidoId] : []));
    },

    /** Records refunds to make (never twice: the key, and the participation, are unique). */
    async insertReembolsos(
      filas: {
        motivo: MotivoReembolso;
        pedidoId: string;
        tiendaId: string;
        usuarioId: string;
        proveedorPagoId: string | null;
        montoCentavos: number;
        clave: string;
        grupoId?: string;
        participanteId?: string;
        ahora: Date;
      }[],
    ): Promise<string[]> {
      if (filas.length === 0) return [];
      const rows = await db
        .insert(reembolsos)
        .values(
          filas.map(({ ahora, ...f }) => ({
            id: newId(),
            ...f,
            creadoEn: ahora,
            proximoIntentoEn: ahora,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: reembolsos.id });
      return rows.map((r) => r.id);
    },
  };
}

export type CicloDeVidaRepository = ReturnType<typeof createCicloDeVidaRepository>;
