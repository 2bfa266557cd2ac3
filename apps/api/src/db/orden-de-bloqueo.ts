import { asc, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { gruposDeCompra, pedidos, productos, usuarios } from './schema';

/**
 * The one order in which every transaction takes its row locks (docs/decisions/046): the
 * shopper, then orders, then products, then groups; within one table by id. Two transactions
 * that lock in the same order never wait for each other in a circle, so money code only
 * deadlocks where a path must discover rows after locking (the unit of work retries those).
 *
 * What each lock protects:
 * - `usuarios`: one shopper's order creations and cancellations (their caps);
 * - `pedidos`: everything of one order (its parts, lines, provider payments, refunds, its
 *   places in groups and whether it was delivered);
 * - `productos`: its stock and its groups' places (the places ledger);
 * - `grupos_de_compra`: one group's completion by deliveries.
 *
 * Every lock is `FOR NO KEY UPDATE`: no key changes, so rows that reference a locked row (a
 * notice for the shopper, an order line for the product) still insert.
 */
const ORDEN_DE_BLOQUEO = ['usuarios', 'pedidos', 'productos', 'gruposDeCompra'] as const;

export type Bloqueos = Partial<Record<(typeof ORDEN_DE_BLOQUEO)[number], readonly string[]>>;

const tablas = { usuarios, pedidos, productos, gruposDeCompra };

/** Takes the locks a transaction needs, in the order above (rows that do not exist: none). */
export function createOrdenDeBloqueo(db: Database) {
  return {
    async bloquear(bloqueos: Bloqueos): Promise<void> {
      for (const nombre of ORDEN_DE_BLOQUEO) {
        const ids = [...new Set(bloqueos[nombre] ?? [])].sort();
        if (ids.length === 0) continue;
        const tabla = tablas[nombre];
        await db
          .select({ id: tabla.id })
          .from(tabla)
          .where(inArray(tabla.id, ids))
          .orderBy(asc(tabla.id))
          .for('no key update');
      }
    },
  };
}

export type OrdenDeBloqueo = ReturnType<typeof createOrdenDeBloqueo>;
