import { and, asc, eq, exists, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pagosPorVendedor, pedidos, preferenciasDePago, tiendas } from '../../db/schema';
import { pagoEnAcreditacion } from '../pedido/pedido.ports';

/** Where a reconciliation pass stopped: the last part it listed (parts go oldest first). */
export interface CursorDeConciliacion {
  creadoEn: Date;
  id: string;
}

/** A seller's part of an order whose payments the provider is asked for. */
export interface ParteAConciliar {
  id: string;
  pedidoId: string;
  tiendaId: string;
  /** The store's seller: the provider is read with their token. */
  vendedorId: string;
  creadoEn: Date;
}

/** The query of the payment reconciliation (conciliacion.service.ts, docs/decisions/025). */
export function createConciliacionRepository(db: Database) {
  return {
    /**
     * The parts whose payment may have been made without the app hearing of it, oldest first
     * after `despuesDe`, at most `limite`:
     * - `pendiente` or `rechazado` parts with a provider preference created before `esperaHasta`,
     *   of orders created after `pedidosDesde` (a shopper can only pay through a preference);
     * - parts with a provider payment recorded `pendiente` and not updated since `esperaHasta`
     *   (it may have been approved or rejected since).
     */
    findPartesAConciliar: ({
      esperaHasta,
      pedidosDesde,
      despuesDe,
      limite,
    }: {
      esperaHasta: Date;
      pedidosDesde: Date;
      despuesDe?: CursorDeConciliacion;
      limite: number;
    }): Promise<ParteAConciliar[]> =>
      db
        .select({
          id: pagosPorVendedor.id,
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          vendedorId: tiendas.usuarioId,
          creadoEn: pagosPorVendedor.creadoEn,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(
          and(
            or(
              and(
                inArray(pagosPorVendedor.estado, ['pendiente', 'rechazado']),
                gt(pedidos.creadoEn, pedidosDesde),
                exists(
                  db
                    .select({ uno: sql`1` })
                    .from(preferenciasDePago)
                    .where(
                      and(
                        eq(preferenciasDePago.pagoPorVendedorId, pagosPorVendedor.id),
                        lte(preferenciasDePago.creadoEn, esperaHasta),
                      ),
                    ),
                ),
              ),
              pagoEnAcreditacion({
                pedidoId: pagosPorVendedor.pedidoId,
                tiendaId: pagosPorVendedor.tiendaId,
                hasta: esperaHasta,
              }),
            ),
            despuesDe
              ? sql`(${pagosPorVendedor.creadoEn}, ${pagosPorVendedor.id}) > (${despuesDe.creadoEn.toISOString()}::timestamptz, ${despuesDe.id})`
              : undefined,
          ),
        )
        .orderBy(asc(pagosPorVendedor.creadoEn), asc(pagosPorVendedor.id))
        .limit(limite),
  };
}

export type ConciliacionRepository = ReturnType<typeof createConciliacionRepository>;
