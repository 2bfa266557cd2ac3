import { and, asc, desc, eq, gt, isNotNull, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cuentasMercadoPago,
  type OrigenCuentaMercadoPago,
  tiendas,
  vinculacionesMercadoPago,
} from '../../db/schema';

export type CuentaMercadoPagoRow = typeof cuentasMercadoPago.$inferSelect;

/** Sealed tokens, as the service gives them (never plain text here). */
export interface TokensSellados {
  accessTokenCifrado: string;
  refreshTokenCifrado: string;
  expiraEn: Date;
}

/**
 * Queries of the sellers' Mercado Pago link: pending link requests (`state`), linked accounts
 * with their sealed tokens, and the store's `mp_vinculado` flag, which stays the one answer to
 * "is this store linked" (the seed and other modules read it).
 */
export function createMercadoPagoRepository(db: Database) {
  return {
    async insertVinculacion(row: typeof vinculacionesMercadoPago.$inferInsert): Promise<void> {
      await db.insert(vinculacionesMercadoPago).values(row);
    },

    /**
     * Drops the user's used and expired requests, and the oldest live ones past `conservar`
     * (a seller who presses the button again and again keeps a few tabs working, no more).
     */
    async pruneVinculaciones(usuarioId: string, ahora: Date, conservar: number): Promise<void> {
      await db
        .delete(vinculacionesMercadoPago)
        .where(
          and(
            eq(vinculacionesMercadoPago.usuarioId, usuarioId),
            or(
              isNotNull(vinculacionesMercadoPago.usadaEn),
              lte(vinculacionesMercadoPago.expiraEn, ahora),
            ),
          ),
        );
      const recientes = db
        .select({ id: vinculacionesMercadoPago.id })
        .from(vinculacionesMercadoPago)
        .where(eq(vinculacionesMercadoPago.usuarioId, usuarioId))
        .orderBy(desc(vinculacionesMercadoPago.creadaEn), desc(vinculacionesMercadoPago.id))
        .limit(conservar);
      await db
        .delete(vinculacionesMercadoPago)
        .where(
          and(
            eq(vinculacionesMercadoPago.usuarioId, usuarioId),
            notInArray(vinculacionesMercadoPago.id, recientes),
          ),
        );
    },

    /**
     * Uses a request once: only if it exists, was started by this browser, is unused and
     * unexpired. One conditional UPDATE, so of two callbacks with the same state one wins.
     */
    async consumeVinculacion(id: string, navegadorHash: string, ahora: Date) {
      const [row] = await db
        .update(vinculacionesMercadoPago)
        .set({ usadaEn: ahora })
        .where(
          and(
            eq(vinculacionesMercadoPago.id, id),
            eq(vinculacionesMercadoPago.navegadorHash, navegadorHash),
            isNull(vinculacionesMercadoPago.usadaEn),
            gt(vinculacionesMercadoPago.expiraEn, ahora),
          ),
        )
        .returning({
          usuarioId: vinculacionesMercadoPago.usuarioId,
          verificadorCifrado: vinculacionesMercadoPago.verificadorCifrado,
        });
      return row;
    },

    /** Requests that expired before `antesDe` (the renewal job sweeps them). */
    async deleteVinculacionesVencidas(antesDe: Date): Promise<number> {
      const borradas = await db
        .delete(vinculacionesMercadoPago)
        .where(lte(vinculacionesMercadoPago.expiraEn, antesDe))
        .returning({ id: vinculacionesMercadoPago.id });
      return borradas.length;
    },

    /** Stores (or replaces, on a new link) the seller's account and sealed tokens. */
    async upsertCuenta(cuenta: {
      usuarioId: string;
      tiendaId: string;
      origen: OrigenCuentaMercadoPago;
      mpUsuarioId: string;
      tokens: TokensSellados;
      ahora: Date;
    }): Promise<void> {
      const valores = {
        tiendaId: cuenta.tiendaId,
        origen: cuenta.origen,
        mpUsuarioId: cuenta.mpUsuarioId,
        ...cuenta.tokens,
        renovandoHasta: null,
        vinculadaEn: cuenta.ahora,
        actualizadoEn: cuenta.ahora,
      };
      await db
        .insert(cuentasMercadoPago)
        .values({ usuarioId: cuenta.usuarioId, ...valores })
        .onConflictDoUpdate({ target: cuentasMercadoPago.usuarioId, set: valores });
    },

    /** The store's flag and the seller's account id at Mercado Pago. */
    async markTiendaVinculada(tiendaId: string, mpUsuarioId: string | null): Promise<void> {
      await db
        .update(tiendas)
        .set({ mpVinculado: mpUsuarioId !== null, mpUsuarioId })
        .where(eq(tiendas.id, tiendaId));
    },

    /** The seller whose linked account has this Mercado Pago user id. */
    async findUsuarioDeCuentaMp(mpUsuarioId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ usuarioId: cuentasMercadoPago.usuarioId })
        .from(cuentasMercadoPago)
        .where(eq(cuentasMercadoPago.mpUsuarioId, mpUsuarioId));
      return row?.usuarioId;
    },

    async findCuenta(usuarioId: string): Promise<CuentaMercadoPagoRow | undefined> {
      const [row] = await db
        .select()
        .from(cuentasMercadoPago)
        .where(eq(cuentasMercadoPago.usuarioId, usuarioId));
      return row;
    },

    /** `tiendas.mp_vinculado` of the user's store; false without a store. */
    async existsCuenta(usuarioId: string): Promise<boolean> {
      const [row] = await db
        .select({ mpVinculado: tiendas.mpVinculado })
        .from(tiendas)
        .where(eq(tiendas.usuarioId, usuarioId));
      return row?.mpVinculado ?? false;
    },

    /**
     * Takes the right to renew the account's tokens until `hasta`, unless someone else holds
     * it; answers the row as it is now (its current refresh token) or undefined.
     */
    async claimRenovacion(usuarioId: string, ahora: Date, hasta: Date) {
      const [row] = await db
        .update(cuentasMercadoPago)
        .set({ renovandoHasta: hasta })
        .where(
          and(
            eq(cuentasMercadoPago.usuarioId, usuarioId),
            or(
              isNull(cuentasMercadoPago.renovandoHasta),
              lte(cuentasMercadoPago.renovandoHasta, ahora),
            ),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Writes renewed tokens and releases the renewal, only over the refresh token they were
     * renewed from (a row renewed or relinked meanwhile is left alone). True when written.
     */
    async updateRenovacion(
      usuarioId: string,
      refreshAnterior: string,
      tokens: TokensSellados,
      ahora: Date,
    ): Promise<boolean> {
      const escritas = await db
        .update(cuentasMercadoPago)
        .set({ ...tokens, renovandoHasta: null, actualizadoEn: ahora })
        .where(
          and(
            eq(cuentasMercadoPago.usuarioId, usuarioId),
            eq(cuentasMercadoPago.refreshTokenCifrado, refreshAnterior),
          ),
        )
        .returning({ usuarioId: cuentasMercadoPago.usuarioId });
      return escritas.length > 0;
    },

    /** Gives the renewal back (it failed) if it is still the one taken until `hasta`. */
    async releaseRenovacion(usuarioId: string, hasta: Date): Promise<void> {
      await db
        .update(cuentasMercadoPago)
        .set({ renovandoHasta: null })
        .where(
          and(
            eq(cuentasMercadoPago.usuarioId, usuarioId),
            eq(cuentasMercadoPago.renovandoHasta, hasta),
          ),
        );
    },

    /**
     * Removes an account whose refresh token Mercado Pago refused (the seller revoked the app),
     * only if it still holds that token; answers its store, to clear the store's flag.
     */
    async deleteCuentaRevocada(usuarioId: string, refreshAnterior: string) {
      const [row] = await db
        .delete(cuentasMercadoPago)
        .where(
          and(
            eq(cuentasMercadoPago.usuarioId, usuarioId),
            eq(cuentasMercadoPago.refreshTokenCifrado, refreshAnterior),
          ),
        )
        .returning({
          tiendaId: cuentasMercadoPago.tiendaId,
          vinculadaEn: cuentasMercadoPago.vinculadaEn,
        });
      return row;
    },

    /** Accounts of `origen` whose access token lapses before `antesDe`, soonest first. */
    async findCuentasPorVencer(
      antesDe: Date,
      origen: OrigenCuentaMercadoPago,
      limite: number,
    ): Promise<string[]> {
      const rows = await db
        .select({ usuarioId: cuentasMercadoPago.usuarioId })
        .from(cuentasMercadoPago)
        .where(
          and(lte(cuentasMercadoPago.expiraEn, antesDe), eq(cuentasMercadoPago.origen, origen)),
        )
        .orderBy(asc(cuentasMercadoPago.expiraEn), asc(cuentasMercadoPago.usuarioId))
        .limit(limite);
      return rows.map((row) => row.usuarioId);
    },
  };
}

export type MercadoPagoRepository = ReturnType<typeof createMercadoPagoRepository>;
