import {
  type ClientToServerEvents,
  type ErrorSocket,
  LIMITES_SOCKET,
  rooms,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import {
  io as connect,
  type ManagerOptions,
  type Socket,
  type SocketOptions,
} from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BYTES_POR_MENSAJE,
  MAX_CONEXIONES_ANONIMAS_POR_IP,
  MENSAJES_SOCKET,
} from '../realtime/socket-server';
import { registerAndLogin } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What an attacker's socket can send: anything, under any name. */
type RawSocket = Socket & { emit(event: string, ...args: unknown[]): RawSocket };

const id = (n: number) => n.toString(16).padStart(24, '0');
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The websocket under an engine.io client transport (the `ws` package's, in Node). */
interface TransportSocket {
  readyState: number;
  addEventListener(event: 'close', listener: () => void): void;
}
const WEBSOCKET_CLOSED = 3;

/**
 * Disconnects the socket and resolves once the server has let go of it (its slot is free):
 * the server answers the websocket's closing handshake only after it has handled the
 * disconnection sent before it. A socket on polling, or never opened, holds no transport.
 */
function closed(socket: Socket): Promise<void> {
  const transport = socket.io.engine?.transport as unknown as { ws?: TransportSocket } | undefined;
  const ws = transport?.ws;
  socket.disconnect();
  if (!ws || ws.readyState === WEBSOCKET_CLOSED) return Promise.resolve();
  return new Promise((resolve) => ws.addEventListener('close', () => resolve()));
}

/**
 * Finding: a socket could join unlimited rooms, send unlimited events with any payload, and
 * one address could open unlimited connections. Now every event is parsed with the contract,
 * rooms, events per second and connections per address are capped, and a socket beyond a cap
 * is told why (errorSocket or connect_error with a stable code) and dropped.
 */
describe('security: socket.io abuse', () => {
  let t: TestApp;
  let address: string;
  const opened: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    // Wait for the server to see the disconnections, so every test starts with free slots.
    await Promise.all(opened.splice(0).map(closed));
  });
  afterAll(() => t.close());

  function open(options: Partial<ManagerOptions & SocketOptions> = {}): ClientSocket {
    const socket: ClientSocket = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...options,
    });
    opened.push(socket);
    return socket;
  }

  function connected(socket: ClientSocket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  }

  /**
   * Resolves once the server has handled everything the socket sent up to joining `room`:
   * the server announces a marker to the room until the socket hears it. Events reach a
   * socket in the order the server sent them, so anything sent to the socket before the
   * marker has arrived by then too.
   */
  let marcadores = 0;
  async function heardIn(socket: ClientSocket, room: string): Promise<void> {
    const marcador = id(0xfff000 + ++marcadores);
    let heard = false;
    const listener = ({ tiendaId }: { tiendaId: string }) => {
      if (tiendaId === marcador) heard = true;
    };
    socket.on('tiendaHabilitada', listener);
    const deadline = Date.now() + 5_000;
    try {
      while (!heard) {
        if (Date.now() > deadline) throw new Error(`the socket never heard from ${room}`);
        t.app.realtime.emitToRoom(room, 'tiendaHabilitada', { tiendaId: marcador });
        await pause();
      }
    } finally {
      socket.off('tiendaHabilitada', listener);
    }
  }

  /** Opens an anonymous socket, retrying while the address is at its cap (until a deadline). */
  async function openOnceFree(): Promise<ClientSocket> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const socket = open();
      try {
        await connected(socket);
        return socket;
      } catch (error) {
        if ((error as Error).message !== 'DEMASIADAS_CONEXIONES' || Date.now() > deadline) {
          throw error;
        }
        socket.disconnect();
        await pause();
      }
    }
  }

  /** Every errorSocket the socket receives, and how it was disconnected. */
  function watch(socket: ClientSocket) {
    const errors: ErrorSocket[] = [];
    socket.on('errorSocket', (error) => errors.push(error));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    return { errors, disconnected };
  }

  const grupoEvent = (grupoId: string) => ({
    grupoId,
    estado: 'abierto' as const,
    lugaresOcupados: 3,
    lugaresNecesarios: 10,
    participantesCount: 2,
    productoNombre: 'Yerba 1 kg',
  });

  it('a legitimate client joining a few rooms keeps working and receives room events', async () => {
    const socket = open();
    await connected(socket);
    const { errors } = watch(socket);
    socket.emit('joinGrupo', id(1));
    socket.emit('joinTienda', id(2));
    socket.emit('joinProducto', id(3));
    // Rejoining a room it is already in costs nothing.
    socket.emit('joinGrupo', id(1));
    await heardIn(socket, rooms.producto(id(3)));

    const grupo = new Promise((resolve) => socket.once('grupoActualizado', resolve));
    const stock = new Promise((resolve) => socket.once('stockActualizado', resolve));
    t.app.realtime.emitToRoom(rooms.grupo(id(1)), 'grupoActualizado', grupoEvent(id(1)));
    t.app.realtime.emitToRoom(rooms.producto(id(3)), 'stockActualizado', {
      productoId: id(3),
      nuevoStock: 7,
    });
    await expect(grupo).resolves.toEqual(grupoEvent(id(1)));
    await expect(stock).resolves.toEqual({ productoId: id(3), nuevoStock: 7 });

    // After leaving, the room's events no longer arrive.
    socket.emit('leaveGrupo', id(1));
    socket.emit('joinTienda', id(4));
    await heardIn(socket, rooms.tienda(id(4)));
    let late = false;
    socket.once('grupoActualizado', () => {
      late = true;
    });
    t.app.realtime.emitToRoom(rooms.grupo(id(1)), 'grupoActualizado', grupoEvent(id(1)));
    // Sent after the group's event: once the marker arrives, the group's would have too.
    await heardIn(socket, rooms.tienda(id(4)));
    expect(late).toBe(false);
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it.each(['websocket', 'polling'] as const)(
    'a socket joining more rooms than the cap is told why and dropped (%s)',
    async (transport) => {
      const socket = open({ transports: [transport] });
      await connected(socket);
      const { errors, disconnected } = watch(socket);
      for (let n = 0; n <= LIMITES_SOCKET.salasPorSocket; n++) socket.emit('joinGrupo', id(n));

      await expect(disconnected).resolves.toBe('io server disconnect');
      expect(errors).toEqual([
        { code: 'DEMASIADAS_SALAS', mensaje: MENSAJES_SOCKET.DEMASIADAS_SALAS },
      ]);
      expect(errors[0]?.mensaje).toContain(`${LIMITES_SOCKET.salasPorSocket} salas`);
    },
  );

  it('a socket asking for 10,000 rooms is told why and dropped', async () => {
    const socket = open({ transports: ['websocket'] });
    await connected(socket);
    const { errors, disconnected } = watch(socket);
    for (let n = 0; n < 10_000; n++) socket.emit('joinGrupo', id(n));

    await expect(disconnected).resolves.toBe('io server disconnect');
    // Told once and dropped, by the room cap or (this fast) by the event rate first: the
    // rest is never read.
    expect(errors).toHaveLength(1);
    expect(['DEMASIADAS_SALAS', 'DEMASIADOS_EVENTOS']).toContain(errors[0]?.code);
  });

  it('leaving rooms makes room for others: the cap is on rooms held at once', async () => {
    const socket = open();
    await connected(socket);
    const { errors } = watch(socket);
    for (let n = 0; n < LIMITES_SOCKET.salasPorSocket; n++) socket.emit('joinTienda', id(n));
    socket.emit('leaveTienda', id(0));
    socket.emit('joinTienda', id(999));
    await heardIn(socket, rooms.tienda(id(999)));
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('a burst of join events is told why and dropped', async () => {
    const socket = open();
    await connected(socket);
    const { errors, disconnected } = watch(socket);
    for (let n = 0; n < LIMITES_SOCKET.rafagaDeEventos * 3; n++) {
      socket.emit(n % 2 ? 'leaveGrupo' : 'joinGrupo', id(1));
    }
    await expect(disconnected).resolves.toBe('io server disconnect');
    expect(errors).toEqual([
      { code: 'DEMASIADOS_EVENTOS', mensaje: MENSAJES_SOCKET.DEMASIADOS_EVENTOS },
    ]);
  });

  it('malformed payloads are answered with errorSocket and ignored, never a crash', async () => {
    const socket = open();
    await connected(socket);
    const raw = socket as unknown as RawSocket;
    const { errors } = watch(socket);
    const malformed: unknown[][] = [
      [{ grupoId: id(1) }],
      [['a', 'b']],
      [42],
      [null],
      [],
      ['x'.repeat(MAX_BYTES_POR_MENSAJE / 2)],
      ['ZZZZZZZZZZZZZZZZZZZZZZZZ'],
      [id(1), 'otro'],
    ];
    for (const args of malformed) raw.emit('joinGrupo', ...args);
    socket.emit('joinTienda', id(6));
    await heardIn(socket, rooms.tienda(id(6)));
    expect(errors).toHaveLength(malformed.length);
    for (const error of errors) {
      expect(error).toEqual({ code: 'EVENTO_INVALIDO', mensaje: MENSAJES_SOCKET.EVENTO_INVALIDO });
    }
    // An acknowledgement the contract does not offer is malformed too.
    const acknowledged = new Promise((resolve) => socket.once('errorSocket', resolve));
    raw.emit('joinGrupo', id(1), () => undefined);
    await expect(acknowledged).resolves.toMatchObject({ code: 'EVENTO_INVALIDO' });

    // None of them joined a room, and the socket still works.
    expect(socket.connected).toBe(true);
    socket.emit('joinGrupo', id(5));
    await heardIn(socket, rooms.grupo(id(5)));
    const received = new Promise((resolve) => socket.once('grupoActualizado', resolve));
    t.app.realtime.emitToRoom(rooms.grupo(id(5)), 'grupoActualizado', grupoEvent(id(5)));
    await expect(received).resolves.toEqual(grupoEvent(id(5)));
  });

  it('repeated malformed events drop the socket', async () => {
    const socket = open();
    await connected(socket);
    const raw = socket as unknown as RawSocket;
    const { errors, disconnected } = watch(socket);
    for (let n = 0; n <= LIMITES_SOCKET.eventosInvalidosPorConexion; n++) {
      raw.emit('joinTienda', { $ne: null });
    }
    await expect(disconnected).resolves.toBe('io server disconnect');
    expect(errors).toHaveLength(LIMITES_SOCKET.eventosInvalidosPorConexion + 1);
    expect(errors.at(-1)).toEqual({
      code: 'DEMASIADOS_EVENTOS_INVALIDOS',
      mensaje: MENSAJES_SOCKET.DEMASIADOS_EVENTOS_INVALIDOS,
    });
  });

  it('unknown events are ignored without an answer, but counted: too many drop the socket', async () => {
    const socket = open();
    await connected(socket);
    const raw = socket as unknown as RawSocket;
    const { errors, disconnected } = watch(socket);
    raw.emit('joinTodo', id(1));
    raw.emit('__proto__', id(1));
    raw.emit('constructor');
    socket.emit('joinTienda', id(7));
    await heardIn(socket, rooms.tienda(id(7)));
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);

    for (let n = 3; n <= LIMITES_SOCKET.eventosInvalidosPorConexion; n++) raw.emit('hola', n);
    await expect(disconnected).resolves.toBe('io server disconnect');
    expect(errors).toEqual([
      {
        code: 'DEMASIADOS_EVENTOS_INVALIDOS',
        mensaje: MENSAJES_SOCKET.DEMASIADOS_EVENTOS_INVALIDOS,
      },
    ]);
  });

  it('a message larger than the buffer limit closes that connection, and the server carries on', async () => {
    const socket = open();
    await connected(socket);
    const { disconnected } = watch(socket);
    (socket as unknown as RawSocket).emit('joinGrupo', 'x'.repeat(MAX_BYTES_POR_MENSAJE * 4));
    await expect(disconnected).resolves.toBe('transport close');

    const other = open();
    await connected(other);
    expect(other.connected).toBe(true);
  });

  it('more anonymous connections from one address than the cap are refused; a slot frees on disconnect', async () => {
    const sockets = Array.from({ length: MAX_CONEXIONES_ANONIMAS_POR_IP }, () => open());
    await Promise.all(sockets.map(connected));

    const extra = open();
    const refused = await new Promise<Error>((resolve) => extra.once('connect_error', resolve));
    expect(refused.message).toBe('DEMASIADAS_CONEXIONES');

    // A forged X-Forwarded-For does not dodge the cap (no proxy is trusted by default).
    const spoofed = open({ extraHeaders: { 'x-forwarded-for': '203.0.113.9' } });
    const refusedToo = await new Promise<Error>((resolve) =>
      spoofed.once('connect_error', resolve),
    );
    expect(refusedToo.message).toBe('DEMASIADAS_CONEXIONES');

    // Signed-in users get a higher cap: they still connect from the same address.
    const sesion = await registerAndLogin(t.app);
    const signedIn = open({ auth: { token: sesion.accessToken } });
    await connected(signedIn);

    sockets[0]?.disconnect();
    const again = await openOnceFree();
    expect(again.connected).toBe(true);

    const full = open();
    const refusedAgain = await new Promise<Error>((resolve) => full.once('connect_error', resolve));
    expect(refusedAgain.message).toBe('DEMASIADAS_CONEXIONES');
  });

  it('every slot is released: after all disconnect, the whole cap is available again', async () => {
    const sockets = Array.from({ length: MAX_CONEXIONES_ANONIMAS_POR_IP }, () => open());
    await Promise.all(sockets.map(connected));
    for (const socket of sockets) socket.disconnect();
    for (let n = 0; n < MAX_CONEXIONES_ANONIMAS_POR_IP; n++) await openOnceFree();
  });

  it('a refused token takes no slot', async () => {
    for (let n = 0; n < MAX_CONEXIONES_ANONIMAS_POR_IP + 5; n++) {
      const socket = open({ auth: { token: 'falso' } });
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('TOKEN_INVALIDO');
    }
    const sockets = Array.from({ length: MAX_CONEXIONES_ANONIMAS_POR_IP }, () => open());
    await Promise.all(sockets.map(connected));
  });
});

describe('security: socket.io behind a trusted proxy', () => {
  let t: TestApp;
  let address: string;
  const opened: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of opened.splice(0)) socket.disconnect();
    await t.close();
  });

  const open = (forwardedFor: string) => {
    const socket = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    });
    opened.push(socket);
    return socket;
  };
  const outcome = (socket: Socket) =>
    new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connect'));
      socket.once('connect_error', (error) => resolve(error.message));
    });

  it('counts connections per client address, not per proxy', async () => {
    const first = Array.from({ length: MAX_CONEXIONES_ANONIMAS_POR_IP }, () =>
      open('198.51.100.1'),
    );
    expect(await Promise.all(first.map(outcome))).toEqual(first.map(() => 'connect'));
    expect(await outcome(open('198.51.100.1'))).toBe('DEMASIADAS_CONEXIONES');
    // Another shopper behind the same proxy is not affected; a forged left-most entry does
    // not help the first one (the proxy appends the address it saw).
    expect(await outcome(open('198.51.100.2'))).toBe('connect');
    expect(await outcome(open('10.9.9.9, 198.51.100.1'))).toBe('DEMASIADAS_CONEXIONES');
  });
});
