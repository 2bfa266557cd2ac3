import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { createRepositories, type Repositories } from '../repositories';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { direcciones, sesiones, usuarios } from './schema';
import {
  createUnitOfWork,
  NestedTransactionError,
  QueryOutsideTransactionError,
  type WithTransaction,
} from './unit-of-work';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: DatabaseHandle;
let withTransaction: WithTransaction<Repositories>;
let root: Repositories;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  withTransaction = createUnitOfWork(database.db, createRepositories);
  root = createRepositories(database.db);
});
afterAll(() => database.close());

const nuevoUsuario = () => {
  const id = newId();
  return { id, nombre: 'Prueba', email: `uow-${id}@example.com` };
};
const nuevaDireccion = (usuarioId: string) => ({
  id: newId(),
  usuarioId,
  direccion: 'Av. Siempre Viva 742',
  ciudad: 'Córdoba',
  provincia: 'Córdoba',
});
const nuevaSesion = (usuarioId: string) => ({
  id: newId(),
  usuarioId,
  familia: newId(),
  tokenHash: newId(),
  expiraEn: new Date(Date.now() + 60_000),
});

/** What the database holds for a user, read on the root connection after the fact. */
async function stored(usuarioId: string) {
  const db = database.db;
  return {
    usuarios: await db.select().from(usuarios).where(eq(usuarios.id, usuarioId)),
    direcciones: await db.select().from(direcciones).where(eq(direcciones.usuarioId, usuarioId)),
    sesiones: await db.select().from(sesiones).where(eq(sesiones.usuarioId, usuarioId)),
  };
}

/** A promise with its resolve function, to order steps without sleeping. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('withTransaction', () => {
  it('commits the writes of several repositories together', async () => {
    const usuario = nuevoUsuario();
    const result = await withTransaction(async (repos) => {
      await repos.usuario.create(usuario);
      await repos.direccion.insert(nuevaDireccion(usuario.id));
      await repos.sesion.insert(nuevaSesion(usuario.id));
      return 'listo';
    });
    expect(result).toBe('listo');
    const rows = await stored(usuario.id);
    expect([rows.usuarios.length, rows.direcciones.length, rows.sesiones.length]).toEqual([
      1, 1, 1,
    ]);
  });

  it('rolls back the writes of every repository when the callback fails', async () => {
    const usuario = nuevoUsuario();
    await expect(
      withTransaction(async (repos) => {
        await repos.usuario.create(usuario);
        await repos.direccion.insert(nuevaDireccion(usuario.id));
        await repos.sesion.insert(nuevaSesion(usuario.id));
        expect(await repos.usuario.findById(usuario.id)).toBeDefined();
        throw new Error('falla a mitad de camino');
      }),
    ).rejects.toThrow('falla a mitad de camino');
    expect(await stored(usuario.id)).toEqual({ usuarios: [], direcciones: [], sesiones: [] });
  });

  it('fails loudly when nested, and the outer transaction rolls back', async () => {
    const usuario = nuevoUsuario();
    await expect(
      withTransaction(async (repos) => {
        await repos.usuario.create(usuario);
        await withTransaction(async () => undefined);
      }),
    ).rejects.toBeInstanceOf(NestedTransactionError);
    expect((await stored(usuario.id)).usuarios).toEqual([]);
  });

  it('refuses the root connection inside the callback instead of deadlocking', async () => {
    const usuario = nuevoUsuario();
    await expect(
      withTransaction(async (repos) => {
        await repos.usuario.create(usuario);
        // A service built on the root connection, used by mistake inside the transaction.
        await root.usuario.findById(usuario.id);
      }),
    ).rejects.toSatisfy(
      // drizzle wraps what the driver threw as the cause of its "Failed query" error.
      (error) => error instanceof Error && error.cause instanceof QueryOutsideTransactionError,
    );
    // Once the transaction is over the root connection works again.
    expect(await root.usuario.findById(usuario.id)).toBeUndefined();
  });

  it('a query from another request during an open transaction neither joins nor sees it', async () => {
    const usuario = nuevoUsuario();
    const inserted = signal();
    const outsideStarted = signal();
    let outsideDone = false;
    let outsideDoneDuringTransaction: boolean | undefined;

    const transaction = withTransaction(async (repos) => {
      await repos.usuario.create(usuario);
      await repos.direccion.insert(nuevaDireccion(usuario.id));
      inserted.resolve();
      await outsideStarted.promise;
      // More round trips inside the transaction while the outside query is pending.
      expect(await repos.usuario.findById(usuario.id)).toBeDefined();
      expect(await repos.direccion.findByUsuario(usuario.id)).toHaveLength(1);
      outsideDoneDuringTransaction = outsideDone;
      throw new Error('rollback');
    });

    // Another request, on the root connection, outside the callback's context.
    await inserted.promise;
    const outside = root.usuario.findById(usuario.id).then((row) => {
      outsideDone = true;
      return row;
    });
    outsideStarted.resolve();

    await expect(transaction).rejects.toThrow('rollback');
    // Had it joined the transaction it would have seen the user, rolled back since.
    expect(await outside).toBeUndefined();
    // PGlite's one connection queues it behind the transaction; PostgreSQL runs it on another
    // connection, where the uncommitted row is invisible.
    if (!onPostgres) expect(outsideDoneDuringTransaction).toBe(false);
  });

  it('runs concurrent transactions, each committing its own writes', async () => {
    const a = nuevoUsuario();
    const b = nuevoUsuario();
    const write = (usuario: ReturnType<typeof nuevoUsuario>) =>
      withTransaction(async (repos) => {
        await repos.usuario.create(usuario);
        await repos.direccion.insert(nuevaDireccion(usuario.id));
      });
    await Promise.all([write(a), write(b), root.usuario.findById(a.id)]);
    for (const usuario of [a, b]) {
      const rows = await stored(usuario.id);
      expect([rows.usuarios.length, rows.direcciones.length]).toEqual([1, 1]);
    }
  });

  it.skipIf(!onPostgres)('on PostgreSQL, two transactions are open at the same time', async () => {
    const a = nuevoUsuario();
    const b = nuevoUsuario();
    const written = { a: signal(), b: signal() };
    const checked = { a: signal(), b: signal() };
    // Each commits only once the other has written and looked: both are open together.
    const write = (usuario: typeof a, mine: 'a' | 'b', other: 'a' | 'b') =>
      withTransaction(async (repos) => {
        await repos.usuario.create(usuario);
        await repos.direccion.insert(nuevaDireccion(usuario.id));
        written[mine].resolve();
        await written[other].promise;
        // Neither sees the other's uncommitted user.
        expect(await repos.usuario.findById((other === 'a' ? a : b).id)).toBeUndefined();
        checked[mine].resolve();
        await checked[other].promise;
      });
    await Promise.all([write(a, 'a', 'b'), write(b, 'b', 'a')]);
    for (const usuario of [a, b]) {
      expect((await stored(usuario.id)).usuarios).toHaveLength(1);
    }
  });

  it.skipIf(!onPostgres)(
    'on PostgreSQL, a transaction ended by a deadlock runs again and both commit',
    async () => {
      const [a, b] = [nuevoUsuario(), nuevoUsuario()];
      await withTransaction(async (repos) => {
        await repos.usuario.create(a);
        await repos.usuario.create(b);
      });
      const primero = { a: signal(), b: signal() };
      let intentos = 0;
      const bloquear = (id: string) =>
        sql`select id from usuarios where id = ${id} for no key update`;
      // Each locks one row, waits for the other to lock its own, then asks for the other's:
      // a cycle PostgreSQL breaks by ending one of them with 40P01.
      const cruzar = (mio: typeof a, otro: typeof a, yo: 'a' | 'b', el: 'a' | 'b') =>
        withTransaction(async (repos) => {
          intentos++;
          await repos.ejecutor.execute(bloquear(mio.id));
          primero[yo].resolve();
          await primero[el].promise;
          await repos.ejecutor.execute(bloquear(otro.id));
          await repos.direccion.insert(nuevaDireccion(mio.id));
        });
      await Promise.all([cruzar(a, b, 'a', 'b'), cruzar(b, a, 'b', 'a')]);
      expect(intentos).toBe(3);
      for (const usuario of [a, b]) {
        expect((await stored(usuario.id)).direcciones).toHaveLength(1);
      }
    },
  );
});
