import type { ResultadoDeReintento } from '@compra-grupal/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ReembolsoRow, reembolsos, reintentosDeReembolso, tiendas } from '../../db/schema';
import { newId } from '../../lib/ids';

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

/**
 * Claims at most `limite` pending refunds matching `filtro` that no worker holds (a row
 * another transaction is claiming is skipped, a claim that ran out is taken again), in one
 * statement; answers them oldest first.
 */
async function reclamar(
  db: Database,
  filtro: SQL | undefined,
  ahora: Date,
  hasta: Date,
  limite: number,
): Promise<ReembolsoPorHacer[]> {
  const libres = db
    .select({ id: reembolsos.id })
    .from(reembolsos)
    .where(
      and(
        eq(reembolsos.estado, 'pendiente'),
        or(isNull(reembolsos.reclamadoHasta), lte(reembolsos.reclamadoHasta, ahora)),
        filtro,
      ),
    )
    .orderBy(asc(reembolsos.proximoIntentoEn), asc(reembolsos.id))
    .limit(limite)
    .for('no key update', { skipLocked: true });
  const filas = await db
    .update(reembolsos)
    .set({ reclamadoHasta: hasta })
    .from(tiendas)
    .where(and(inArray(reembolsos.id, libres), eq(tiendas.id, reembolsos.tiendaId)))
    .returning({ ...porHacer, creadoEn: reembolsos.creadoEn });
  return filas
    .sort((a, b) => a.creadoEn.getTime() - b.creadoEn.getTime() || (a.id < b.id ? -1 : 1))
    .map(({ creadoEn: _, ...fila }) => fila);
}

/** Queries of the one refund ledger (`reembolsos`); the rules live in reembolsos.service.ts. */
export function createReembolsoRepository(db: Database) {
  return {
    /**
     * Claims these refunds, if still pending and no other worker holds them, until `hasta`
     * (the worker then calls the provider with no other doing the same).
     */
    reclamarPorIds: (ids: string[], ahora: Date, hasta: Date) =>
      ids.length === 0
        ? Promise.resolve([] as ReembolsoPorHacer[])
        : reclamar(db, inArray(reembolsos.id, ids), ahora, hasta, ids.length),

    /** Claims pending refunds due for a try (their backoff passed, under the cap), oldest first. */
    reclamarVencidos: (ahora: Date, hasta: Date, maxIntentos: number, limite: number) =>
      reclamar(
        db,
        and(lte(reembolsos.proximoIntentoEn, ahora), sql`${reembolsos.intentos} < ${maxIntentos}`),
        ahora,
        hasta,
        limite,
      ),

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
          reclamadoHasta: null,
        })
        .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, 'pendiente')))
        .returning({ id: reembolsos.id });
      return filas.length > 0;
    },

    /** A failed try: counted, with its (redacted, bounded) error and the next try's time. */
    async markFallo(id: string, ultimoError: string, proximoIntentoEn: Date): Promise<void> {
      await db
        .update(reembolsos)
        .set({
          intentos: sql`${reembolsos.intentos} + 1`,
          ultimoError,
          proximoIntentoEn,
          reclamadoHasta: null,
        })
        .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, 'pendiente')));
    },

    /** A refund's state, or undefined when there is no such refund. */
    async findEstado(id: string): Promise<ReembolsoRow['estado'] | undefined> {
      const [fila] = await db
        .select({ estado: reembolsos.estado })
        .from(reembolsos)
        .where(eq(reembolsos.id, id));
      return fila?.estado;
    },

    /** Records a retry the team asked for: who, when and what it did. */
    async insertReintento(input: {
      reembolsoId: string;
      usuarioId: string;
      resultado: ResultadoDeReintento;
      ahora: Date;
    }): Promise<void> {
      await db.insert(reintentosDeReembolso).values({
        id: newId(),
        reembolsoId: input.reembolsoId,
        usuarioId: input.usuarioId,
        resultado: input.resultado,
        creadoEn: input.ahora,
      });
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
