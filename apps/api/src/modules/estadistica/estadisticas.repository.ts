import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
  usuarios,
} from '../../db/schema';
import { DESFASE_BUENOS_AIRES_MS } from '../../lib/dia-en-buenos-aires';
import { filas, n } from './filas';

/** A period as instants: from `inicio` (included) to `fin` (excluded). */
export interface Instantes {
  inicio: Date;
  fin: Date;
}

/**
 * The Buenos Aires day of a timestamptz column, as a `date` (grouped by hashing: a year of
 * parts is never sorted); `diaComoTexto` writes the few groups as 'YYYY-MM-DD'.
 */
const diaEnBuenosAires = (columna: ReturnType<typeof sql>) =>
  sql`((${columna} at time zone 'UTC') - ${DESFASE_BUENOS_AIRES_MS / 1000} * interval '1 second')::date`;
const diaComoTexto = sql`to_char(dia, 'YYYY-MM-DD')`;

/**
 * What was confirmed refunded of a sold part: the refunds of its own payment (a duplicate
 * payment's refund is not the sale's). For one row at a time (the export's pages).
 */
const reembolsadoDeLaParte = sql`coalesce((
  select sum(r.monto_centavos) from ${reembolsos} r
  where r.pedido_id = v.pedido_id and r.tienda_id = v.tienda_id
    and r.proveedor_pago_id = v.proveedor_pago_id and r.estado = 'reembolsado'), 0)`;

/**
 * The same for every part of the store at once: the store's confirmed refunds added up per
 * payment, to join (`reembolsos_tienda_idx`), which a year of parts reads in one pass.
 */
const reembolsadoPorPago = (tiendaId: string) => sql`(
  select r.pedido_id, r.proveedor_pago_id, sum(r.monto_centavos) as monto
  from ${reembolsos} r
  where r.tienda_id = ${tiendaId} and r.estado = 'reembolsado'
  group by r.pedido_id, r.proveedor_pago_id)`;

export interface VentasDelDia {
  dia: string;
  partes: number;
  pagadoCentavos: number;
  reembolsadoCentavos: number;
  envioCentavos: number;
  comisionMpCentavos: number;
  comisionMarketplaceCentavos: number;
}

export interface VentasDeProducto {
  productoId: string;
  nombre: string;
  unidades: number;
  ventasCentavos: number;
}

export interface GruposDeProducto {
  productoId: string;
  nombre: string;
  abiertos: number;
  completados: number;
  cancelados: number;
  vencidos: number;
}

export interface GruposDelDia {
  dia: string;
  completados: number;
  cancelados: number;
}

/** One row of the accountant's export: a sold part. */
export interface VentaParaExportar {
  parteId: string;
  pedidoId: string;
  aprobadoEn: Date;
  cursorEn: string;
  comprador: string;
  lineas: string;
  montoCentavos: number;
  envioCentavos: number;
  comisionMpCentavos: number;
  comisionMarketplaceCentavos: number;
  reembolsadoCentavos: number;
  estado: string;
  entregado: boolean;
}

/**
 * The statistics' reads (docs/decisions/058): a read model over the order lifecycle's rows,
 * owning none. Every read is bounded by the store and the period, and walks the indexes on a
 * part's sale (`pagos_por_vendedor_ventas_idx`) and on a product's groups.
 */
export function createEstadisticasRepository(db: Database) {
  /** A group ended in the period by its deadline: cancelled at or after it. */
  const vencido = sql`g.fecha_limite is not null and g.cancelado_en >= g.fecha_limite`;
  const enPeriodo = (columna: ReturnType<typeof sql>, p: Instantes) =>
    sql`${columna} >= ${p.inicio.toISOString()}::timestamptz and ${columna} < ${p.fin.toISOString()}::timestamptz`;

  return {
    /** The store's owner, to check who may read its figures. */
    async findTienda(tiendaId: string): Promise<{ usuarioId: string } | undefined> {
      const [fila] = await db
        .select({ usuarioId: tiendas.usuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, tiendaId));
      return fila;
    },

    /** A store's sold parts in the period, added up per Buenos Aires day. */
    async ventasPorDia(tiendaId: string, p: Instantes): Promise<VentasDelDia[]> {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select ${diaComoTexto} as dia, partes, pagado, reembolsado, envio, mp, marketplace
          from (
            select ${diaEnBuenosAires(sql`v.aprobado_en`)} as dia, count(*) as partes,
              sum(v.monto_centavos) as pagado, sum(coalesce(r.monto, 0)) as reembolsado,
              sum(v.envio_centavos) as envio,
              sum(coalesce(v.comision_mp_centavos, 0)) as mp,
              sum(coalesce(v.comision_marketplace_centavos, 0)) as marketplace
            from ${pagosPorVendedor} v
            left join ${reembolsadoPorPago(tiendaId)} r
              on r.pedido_id = v.pedido_id and r.proveedor_pago_id = v.proveedor_pago_id
            where v.tienda_id = ${tiendaId} and v.aprobado_en is not null
              and ${enPeriodo(sql`v.aprobado_en`, p)}
            group by 1
          ) dias
          order by 1`,
      );
      return rows.map((r) => ({
        dia: String(r.dia),
        partes: n(r.partes),
        pagadoCentavos: n(r.pagado),
        reembolsadoCentavos: n(r.reembolsado),
        envioCentavos: n(r.envio),
        comisionMpCentavos: n(r.mp),
        comisionMarketplaceCentavos: n(r.marketplace),
      }));
    },

    /** Units and sales per product of the store's parts sold in the period (their lines). */
    async ventasPorProducto(tiendaId: string, p: Instantes): Promise<VentasDeProducto[]> {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select vendidos.producto_id, pr.nombre, unidades, ventas
          from (
            select l.producto_id, sum(l.cantidad) as unidades,
              sum(l.cantidad * l.precio_centavos) as ventas
            from ${pedidoLineas} l
            where l.tienda_id = ${tiendaId} and l.vendido_en is not null
              and ${enPeriodo(sql`l.vendido_en`, p)}
            group by l.producto_id
          ) vendidos
          join ${productos} pr on pr.id = vendidos.producto_id`,
      );
      return rows.map((r) => ({
        productoId: String(r.producto_id),
        nombre: String(r.nombre),
        unidades: n(r.unidades),
        ventasCentavos: n(r.ventas),
      }));
    },

    /**
     * Per product of the store: groups opened in the period, and groups that ended in it:
     * filled or closed by the seller (`cerrado`, then `completado`), cancelled, expired.
     */
    async gruposPorProducto(tiendaId: string, p: Instantes): Promise<GruposDeProducto[]> {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select g.producto_id, pr.nombre,
            count(*) filter (where ${enPeriodo(sql`g.fecha_creacion`, p)}) as abiertos,
            count(*) filter (where g.estado in ('cerrado', 'completado')
              and ${enPeriodo(sql`g.cerrado_en`, p)}) as completados,
            count(*) filter (where g.estado = 'cancelado' and not (${vencido})
              and ${enPeriodo(sql`g.cancelado_en`, p)}) as cancelados,
            count(*) filter (where g.estado = 'cancelado' and ${vencido}
              and ${enPeriodo(sql`g.cancelado_en`, p)}) as vencidos
          from ${productos} pr
          join ${gruposDeCompra} g on g.producto_id = pr.id
          where pr.tienda_id = ${tiendaId}
            and g.fecha_creacion < ${p.fin.toISOString()}::timestamptz
            and (g.estado = 'abierto' or g.cerrado_en >= ${p.inicio.toISOString()}::timestamptz
              or g.fecha_creacion >= ${p.inicio.toISOString()}::timestamptz)
          group by g.producto_id, pr.nombre`,
      );
      return rows.map((r) => ({
        productoId: String(r.producto_id),
        nombre: String(r.nombre),
        abiertos: n(r.abiertos),
        completados: n(r.completados),
        cancelados: n(r.cancelados),
        vencidos: n(r.vencidos),
      }));
    },

    /** Groups of the store that filled, and that were cancelled (or expired), per day. */
    async gruposPorDia(tiendaId: string, p: Instantes): Promise<GruposDelDia[]> {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select ${diaComoTexto} as dia, count(*) filter (where completado) as completados,
            count(*) filter (where not completado) as cancelados
          from (
            select ${diaEnBuenosAires(sql`g.cerrado_en`)} as dia, g.estado <> 'cancelado' as completado
            from ${productos} pr
            join ${gruposDeCompra} g on g.producto_id = pr.id
            where pr.tienda_id = ${tiendaId} and g.estado <> 'abierto'
              and ${enPeriodo(sql`g.cerrado_en`, p)}
          ) terminados
          group by terminados.dia order by 1`,
      );
      return rows.map((r) => ({
        dia: String(r.dia),
        completados: n(r.completados),
        cancelados: n(r.cancelados),
      }));
    },

    /** Median hours from opening to filling of the store's groups that filled in the period. */
    async medianaHorasParaCompletar(tiendaId: string, p: Instantes): Promise<number | null> {
      const [fila] = await filas<{ mediana: unknown }>(
        db,
        sql`
          select percentile_cont(0.5) within group (
            order by extract(epoch from g.cerrado_en - g.fecha_creacion)) / 3600 as mediana
          from ${productos} pr
          join ${gruposDeCompra} g on g.producto_id = pr.id
          where pr.tienda_id = ${tiendaId} and g.estado in ('cerrado', 'completado')
            and ${enPeriodo(sql`g.cerrado_en`, p)}`,
      );
      return fila?.mediana == null ? null : Number(fila.mediana);
    },

    /** The store's parts paid and not delivered, and not refunded whole (now). */
    async entregasPendientes(tiendaId: string): Promise<number> {
      const [fila] = await filas<{ cuantas: unknown }>(
        db,
        sql`
          select count(*) as cuantas from ${pagosPorVendedor} v
          left join ${reembolsadoPorPago(tiendaId)} r
            on r.pedido_id = v.pedido_id and r.proveedor_pago_id = v.proveedor_pago_id
          where v.tienda_id = ${tiendaId} and v.estado = 'aprobado' and v.entregado_en is null
            and coalesce(r.monto, 0) < v.monto_centavos`,
      );
      return n(fila?.cuantas);
    },

    /**
     * The accountant's rows: the store's sold parts in the period, oldest first, `limite` at a
     * time after `despues` (the last row of the previous page), so an export of years is read
     * a page at a time.
     */
    async ventasParaExportar(
      tiendaId: string,
      p: Instantes,
      limite: number,
      despues?: { cursorEn: string; parteId: string },
    ): Promise<VentaParaExportar[]> {
      const cursor = despues
        ? sql`and (v.aprobado_en, v.id) > (${despues.cursorEn}::timestamptz, ${despues.parteId})`
        : sql``;
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select v.id, v.pedido_id, v.aprobado_en, v.aprobado_en::text as cursor_en, u.nombre as comprador, v.monto_centavos,
            v.envio_centavos, v.comision_mp_centavos, v.comision_marketplace_centavos,
            ${reembolsadoDeLaParte} as reembolsado, v.estado, v.entregado_en is not null as entregado,
            (select string_agg(pr.nombre || ' × ' || l.cantidad, '; ' order by pr.nombre)
              from ${pedidoLineas} l join ${productos} pr on pr.id = l.producto_id
              where l.pedido_id = v.pedido_id and l.tienda_id = v.tienda_id) as lineas
          from ${pagosPorVendedor} v
          join ${pedidos} pe on pe.id = v.pedido_id
          join ${usuarios} u on u.id = pe.usuario_id
          where v.tienda_id = ${tiendaId} and v.aprobado_en is not null
            and ${enPeriodo(sql`v.aprobado_en`, p)} ${cursor}
          order by v.aprobado_en, v.id
          limit ${limite}`,
      );
      return rows.map((r) => ({
        parteId: String(r.id),
        pedidoId: String(r.pedido_id),
        aprobadoEn: new Date(r.aprobado_en as string | Date),
        // The database's own text of the instant (microseconds kept): the next page's cursor.
        cursorEn: String(r.cursor_en),
        comprador: String(r.comprador),
        lineas: r.lineas == null ? '' : String(r.lineas),
        montoCentavos: n(r.monto_centavos),
        envioCentavos: n(r.envio_centavos),
        comisionMpCentavos: n(r.comision_mp_centavos),
        comisionMarketplaceCentavos: n(r.comision_marketplace_centavos),
        reembolsadoCentavos: n(r.reembolsado),
        estado: String(r.estado),
        entregado: Boolean(r.entregado),
      }));
    },
  };
}

export type EstadisticasRepository = ReturnType<typeof createEstadisticasRepository>;
