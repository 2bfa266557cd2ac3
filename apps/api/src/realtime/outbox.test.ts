import {
  type ClientToServerEvents,
  rooms,
  type ServerToClientEvents,
  userRoom,
} from '@compra-grupal/contracts';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { eventosSalientes } from '../db/schema';
import { newId } from '../lib/ids';
import { type LoggedIn, registerAndLogin } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function connectAs(address: string, sesion?: LoggedIn): Promise<ClientSocket> {
  const socket: ClientSocket = connect(address, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: sesion ? { token: sesion.accessToken } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects every `tiendaHabilitada` a socket hears, in order. */
function heard(socket: ClientSocket): string[] {
  const ids: string[] = [];
  socket.on('tiendaHabilitada', ({ tiendaId }) => ids.push(tiendaId));
  return ids;
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('events after commit (outbox)', () => {
  let t: TestApp;
  let address: string;
  let ana: LoggedIn;
  let beto: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [ana, beto] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
  });
  afterAll(async () => {
    await t.close();
  });

  const enable = (usuarioId: string, tiendaId: string) =>
    t.app.services.withTransaction(({ eventos }) =>
      eventos.registrar(userRoom(usuarioId), 'tiendaHabilitada', { tiendaId }),
    );

  it('delivers a committed event to its user only, in order, once', async () => {
    const deAna = await connectAs(address, ana);
    const deBeto = await connectAs(address, beto);
    const anonimo = await connectAs(address);
    const [oidos, oidosBeto, oidosAnonimo] = [heard(deAna), heard(deBeto), heard(anonimo)];
    const ids = [newId(), newId(), newId()];
    for (const id of ids) await enable(ana.userId, id);

    await until(() => oidos.length >= 3, 'the three events');
    // Another round finds nothing left to send.
    await t.app.outbox.publishPending();
    await enable(beto.userId, newId());
    await until(() => oidosBeto.length === 1, "Beto's event");

    expect(oidos).toEqual(ids);
    expect(oidosAnonimo).toEqual([]);
    expect(await t.database.db.select().from(eventosSalientes)).toEqual([]);
    for (const socket of [deAna, deBeto, anonimo]) socket.disconnect();
  });

  it('never announces what a rolled-back transaction recorded', async () => {
    const socket = await connectAs(address, ana);
    const oidos = heard(socket);
    const fallido = newId();
    await expect(
      t.app.services.withTransaction(async ({ eventos }) => {
        await eventos.registrar(userRoom(ana.userId), 'tiendaHabilitada', { tiendaId: fallido });
        throw new Error('la operación falló después de registrar el evento');
      }),
    ).rejects.toThrow('la operación falló');
    const despues = newId();
    await enable(ana.userId, despues);
    await until(() => oidos.length >= 1, 'the committed event');
    await t.app.outbox.publishPending();
    expect(oidos).toEqual([despues]);
    socket.disconnect();
  });

  it('refuses a payload that breaks the contract before it is recorded', async () => {
    await expect(
      t.app.services.withTransaction(({ eventos }) =>
        eventos.registrar(userRoom(ana.userId), 'tiendaHabilitada', {
          tiendaId: 'no es un id',
        }),
      ),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(eventosSalientes)).toEqual([]);
  });
});

/**
 * Two API processes on one PostgreSQL database (two apps with their own pools, as two
 * processes have): a change committed on node A reaches a socket connected to node B.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('events across two nodes', () => {
  let a: TestApp;
  let b: { app: FastifyInstance; database: DatabaseHandle };
  beforeAll(async () => {
    a = await createTestApp();
    const url = a.database.connectionString;
    if (!url) throw new Error('node A should be on PostgreSQL');
    const database = await openDatabase({ kind: 'postgres', url });
    b = { app: await buildApp({ config: a.app.config, database }), database };
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  it('a socket on node B hears an event committed on node A, once', async () => {
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const addressB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    // Each node's adapter announces itself once it listens to the database.
    await until(async () => (await a.app.realtime.nodos()) === 2, 'node A to see node B');
    await until(async () => (await b.app.realtime.nodos()) === 2, 'node B to see node A');

    const cliente = await registerAndLogin(a.app);
    const socket = await connectAs(addressB, cliente);
    const oidos = heard(socket);
    const enableOn = (node: FastifyInstance, tiendaId: string) =>
      node.services.withTransaction(({ eventos }) =>
        eventos.registrar(userRoom(cliente.userId), 'tiendaHabilitada', { tiendaId }),
      );
    const ids = [newId(), newId()];
    for (const tiendaId of ids) await enableOn(a.app, tiendaId);
    await until(() => oidos.length >= 2, 'the events on node B');
    // Both publishers run again; then a last event, sent after anything they could repeat.
    await a.app.outbox.publishPending();
    await b.app.outbox.publishPending();
    const ultimo = newId();
    await enableOn(b.app, ultimo);
    await until(() => oidos.includes(ultimo), 'the last event');
    expect(oidos).toEqual([...ids, ultimo]);
    socket.disconnect();
  });

  it('node B hears which public rooms had events on node A, for its drawn pages (decision 044)', async () => {
    const salasOidas: string[] = [];
    b.app.realtime.alCambiarSalasEnOtroNodo((salas) => salasOidas.push(...salas));
    const productoId = newId();
    await a.app.services.withTransaction(async ({ eventos }) => {
      await eventos.registrar(rooms.producto(productoId), 'stockActualizado', {
        productoId,
        nuevoStock: 3,
      });
      await eventos.registrar(userRoom(newId()), 'tiendaHabilitada', { tiendaId: newId() });
    });
    await a.app.outbox.publishPending();
    await until(() => salasOidas.includes(rooms.producto(productoId)), 'the room on node B');
    // Private rooms stay on the node that published them.
    expect(salasOidas.filter((sala) => sala.startsWith('usuario:'))).toEqual([]);
  });
});
