import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type PropositoTokenDeCuenta, tokensDeCuenta } from '../../db/schema';

export type TokenDeCuentaRow = typeof tokensDeCuenta.$inferSelect;

/** The single-use links of an account (docs/decisions/040): only their SHA-256 is kept. */
export function createTokenDeCuentaRepository(db: Database) {
  return {
    async insert(values: typeof tokensDeCuenta.$inferInsert): Promise<void> {
      await db.insert(tokensDeCuenta).values(values);
    },
    /**
     * Uses a live token of this purpose in one conditional UPDATE (`usado_en IS NULL`, not
     * expired at `ahora`): of two requests with one token, exactly one gets the row back.
     */
    async claim(
      tokenHash: string,
      proposito: PropositoTokenDeCuenta,
      ahora: Date,
    ): Promise<TokenDeCuentaRow | undefined> {
      const [row] = await db
        .update(tokensDeCuenta)
        .set({ usadoEn: ahora })
        .where(
          and(
            eq(tokensDeCuenta.tokenHash, tokenHash),
            eq(tokensDeCuenta.proposito, proposito),
            isNull(tokensDeCuenta.usadoEn),
            gt(tokensDeCuenta.expiraEn, ahora),
          ),
        )
        .returning();
      return row;
    },
    /** Retires every unused token of one purpose of an account (a newer one replaces them). */
    async markAllUsed(
      usuarioId: string,
      proposito: PropositoTokenDeCuenta,
      ahora: Date,
    ): Promise<void> {
      await db
        .update(tokensDeCuenta)
        .set({ usadoEn: ahora })
        .where(
          and(
            eq(tokensDeCuenta.usuarioId, usuarioId),
            eq(tokensDeCuenta.proposito, proposito),
            isNull(tokensDeCuenta.usadoEn),
          ),
        );
    },
  };
}

export type TokenDeCuentaRepository = ReturnType<typeof createTokenDeCuentaRepository>;
