import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ReembolsoRow, reembolsos, tiendas } from '../../db/schema';

/** A refund to make, with the seller whose account holds the payment. */
export type ReembolsoPorHacer = Pick<
  ReembolsoRow,
  | 'id'
  | 'motivo'
  | 'clave'
  | 'proveedorPagoId'
  | 'montoCentavos'
  | 'intentos'
  | 'pedidoId'
  | 'tiendaId'
> & { vendedorId: string };

const porHacer = {
  id: reembolsos.id,
  motivo: reembolsos.motivo,
  clave: reembolsos.clave,
  proveedorPagoId: reembolsos.proveedorPagoId,
  montoCentavos: reembolsos.montoCentavos,
  intentos: reembolsos.intentos,
  pedidoId: reembolsos.pedidoId,
  tiendaId: reembolsos.tiendaId,
  vendedorId: tiendas.usuarioId,
};

/** Queries of the one refund ledger (`reembolsos`); the rules live in reembolsos.service.ts. */
export function createReembolsoRepository(db: Database) {
  return {
    /** These refunds, if still pending. */
    findByIds: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as ReembolsoPorHacer[])
        : db
            .select(porHacer)
            .from(reembolsos)
            .innerJoin(tiendas, eq(tiendas.id, reembolsos.tiendaId))
            .where(and(inArray(reembolsos.id, ids), eq(reembolsos.estado, 'pendiente')))
            .orderBy(asc(reembolsos.creadoEn), asc(reembolsos.id)),

    /** Pending refunds due for a try (their backoff passed, under the cap), oldest first. */
    findVencidos: (ahora: Date, maxIntentos: number, limite: number) =>
      db
        .select(porHacer)
        .from(reembolsos)
        .innerJoin(tiendas, eq(tiendas.id, reembolsos.tiendaId))
        .where(
          and(
            eq(reembolsos.estado, 'pendiente'),
            lte(reembolsos.proximoIntentoEn, ahora),
            sql`${reembolsos.intentos} < ${maxIntentos}`,
          ),
        )
        .orderBy(asc(reembolsos.proximoIntentoEn), asc(reembolsos.id))
        .limit(limite),

    /** The provider confirmed: `reembolsado`, once (a second confirmation changes nothing). */
    async markReembolsado(id: string, reembolsoId: string | null, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(reembolsos)
        .set({
          estado: 'reembolsado',
          reembolsoId,
          reembolsadoEn: ahora,
          intentos: sql`${reembolsos.intentos} + 1`,
          ultimoError: null,
        })
        .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, 'pendiente')))
        .returning({ id: reembolsos.id });
      return filas.length > 0;
    },

    /** A failed try: counted, with its (redacted, bounded) error and the next try's time. */
    async markFallo(id: string, ultimoError: string, proximoIntentoEn: Date): Promise<void> {
      await db
        .update(reembolsos)
        .set({ intentos: sql`${reembolsos.intentos} + 1`, ultimoError, proximoIntentoEn })
        .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, 'pendiente')));
    },

    /** Pending refunds of a group (the cancellation's answer). */
    async countPendientesDeGrupo(grupoId: string): Promise<number> {
      const filas = await db
        .select({ id: reembolsos.id })
        .from(reembolsos)
        .where(and(eq(reembolsos.grupoId, grupoId), eq(reembolsos.estado, 'pendiente')));
      return filas.length;
    },

    /**
     * For the product team: refunds that keep failing (pending after `desdeIntentos` tries)
     * and every payment refused because it did not match its part, newest trouble first.
     */
    findFallidos: (desdeIntentos: number, limite: number) =>
      db
        .select({
          id: reembolsos.id,
          motivo: reembolsos.motivo,
          pedidoId: reembolsos.pedidoId,
          tiendaId: reembolsos.tiendaId,
          tiendaNombre: tiendas.nombre,
          montoCentavos: reembolsos.montoCentavos,
          intentos: reembolsos.intentos,
          ultimoError: reembolsos.ultimoError,
          proximoIntentoEn: reembolsos.proximoIntentoEn,
          estado: reembolsos.estado,
          creadoEn: reembolsos.creadoEn,
        })
        .from(reembolsos)
        .innerJoin(tiendas, eq(tiendas.id, reembolsos.tiendaId))
        .where(
          or(
            and(eq(reembolsos.estado, 'pendiente'), gte(reembolsos.intentos, desdeIntentos)),
            eq(reembolsos.motivo, 'pago_no_coincide'),
          ),
        )
        .orderBy(desc(reembolsos.intentos), asc(reembolsos.creadoEn))
        .limit(limite),
  };
}

export type ReembolsoRepository = ReturnType<typeof createReembolsoRepository>;
