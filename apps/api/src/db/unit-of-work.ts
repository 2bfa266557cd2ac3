import { AsyncLocalStorage } from 'node:async_hooks';
import { esConflictoDeConcurrencia } from '../lib/db-errors';
import type { Database } from './database';

/**
 * The unit of work: one way to run several repositories in one transaction.
 *
 * ```ts
 * await withTransaction(async ({ tienda, producto }) => {
 *   await tienda.update(...);
 *   await producto.create(...);
 * });
 * ```
 *
 * The callback gets every repository bound to the transaction; it commits when the callback
 * resolves and rolls back when it throws. Rules (docs/decisions/011-unit-of-work.md):
 *
 * - **No outside call inside a transaction.** Payments, geocoding, shipping quotes, file
 *   storage and anything else that leaves the process run before the transaction (to gather
 *   what it will write) or after it commits (with what it wrote), never inside: a slow
 *   provider would hold row locks (and, on PGlite, the only connection) for its whole answer
 *   time, and a rollback cannot undo what a provider already did. Outside calls may call
 *   `assertOutsideTransaction` to fail loudly when this rule is broken.
 * - **Only the repositories handed to the callback.** The root connection (the app's
 *   services and repositories, `database.db`) refuses queries from inside the callback with
 *   `QueryOutsideTransactionError`: on PGlite such a query would wait for the transaction that
 *   waits for it (a deadlock), and on PostgreSQL it would silently run outside the
 *   transaction.
 * - **No nesting.** `withTransaction` inside a `withTransaction` callback throws
 *   `NestedTransactionError` instead of reusing the outer transaction: a caller that needs a
 *   larger transaction passes the repositories it was given down explicitly, so what commits
 *   together is visible in the code. (A repository may still use `tx.transaction` itself,
 *   which drizzle turns into a savepoint.)
 * - **Deadlocks and serialization failures are retried.** A transaction that PostgreSQL ends
 *   with SQLSTATE 40P01 or 40001 is rolled back and run again from the start (fresh
 *   repositories, nothing of the failed try kept), up to `INTENTOS_POR_CONFLICTO` times with a
 *   short random wait, so nobody sees a 500 for it. The callback must therefore do nothing
 *   outside the database that a second run would repeat (the rule above already says so).
 *   Locks are taken in the order docs/decisions/045 writes down, which keeps these rare.
 * - **PGlite has one connection.** PGlite runs one transaction at a time and queues every
 *   other query (from other requests) behind it, so nothing from outside joins an open
 *   transaction or sees its uncommitted writes; they wait for it to finish. Keep transactions
 *   short. On PostgreSQL each transaction takes its own pooled connection.
 */
export type WithTransaction<R> = <T>(work: (repositories: R) => Promise<T>) => Promise<T>;

export class NestedTransactionError extends Error {
  constructor() {
    super(
      'withTransaction was called inside another withTransaction callback; pass the ' +
        'repositories of the outer transaction down instead',
    );
    this.name = 'NestedTransactionError';
  }
}

export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} was called inside a withTransaction callback; use the repositories the ` +
        'callback receives, and make outside calls before or after the transaction',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/** The transaction the current async call chain is inside of, while it is open. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** True while running inside an open `withTransaction` callback. */
const insideTransaction = (): boolean => openTransaction.getStore()?.open === true;

/** Throws `QueryOutsideTransactionError` when called from inside a `withTransaction` callback. */
export function assertOutsideTransaction(what: string): void {
  if (insideTransaction()) throw new QueryOutsideTransactionError(what);
}

/**
 * Builds `withTransaction` for a database and a function that binds the repositories to a
 * connection (the composition root passes `createRepositories`).
 */
export function createUnitOfWork<R>(
  db: Database,
  bind: (db: Database) => R,
  {
    afterCommit,
    beforeCommit,
  }: {
    afterCommit?: () => void;
    /** Runs with the transaction's repositories after the callback, before COMMIT. */
    beforeCommit?: (repositories: R) => Promise<void>;
  } = {},
): WithTransaction<R> {
  const once: WithTransaction<R> = async (work) => {
    const state = { open: true };
    let result: Awaited<ReturnType<typeof work>>;
    try {
      // BEGIN runs outside the marked context (it uses the root connection); only the
      // callback runs inside it.
      result = await db.transaction((tx) =>
        openTransaction.run(state, async () => {
          const repositories = bind(tx);
          const value = await work(repositories);
          await beforeCommit?.(repositories);
          return value;
        }),
      );
    } finally {
      // Work the callback left running (a promise it did not await) may use the root
      // connection again once the transaction is over.
      state.open = false;
    }
    // Only once committed: what the transaction recorded for later (the outbox) goes out.
    afterCommit?.();
    return result;
  };
  return async (work) => {
    if (insideTransaction()) throw new NestedTransactionError();
    for (let intento = 1; ; intento++) {
      try {
        return await once(work);
      } catch (error) {
        if (intento >= INTENTOS_POR_CONFLICTO || !esConflictoDeConcurrencia(error)) throw error;
        await esperar(ESPERA_ENTRE_INTENTOS_MS * intento * (0.5 + Math.random()));
      }
    }
  };
}

/** Tries of a transaction that keeps ending in a deadlock or a serialization failure. */
export const INTENTOS_POR_CONFLICTO = 5;
/** The base of the random wait before trying again (grows with each try). */
const ESPERA_ENTRE_INTENTOS_MS = 5;
const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
