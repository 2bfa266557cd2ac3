import { LIMITES_SOCKET } from '@compra-grupal/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '@/test/fake-socket';
import { saveSessionToken } from './session/session-token';
import {
  type AppSocket,
  createAppSocket,
  createRoomSubscriptions,
  createSessionPolicy,
  listenInRoom,
  onServerEvent,
  preloadEventSchemas,
  TOKEN_INVALIDO,
} from './socket';

// The event schemas load with the first event; loaded here, every event below parses at once.
// 'server events before the schemas have loaded' covers the first event on a fresh module.
beforeAll(() => preloadEventSchemas());

function setUp({ renewToken = vi.fn(async () => 'renovado') } = {}) {
  const socket = fakeSocket();
  const policy = createSessionPolicy({ renewToken });
  const detach = policy.attach(socket as unknown as AppSocket);
  const handshake = () => {
    let sent: unknown;
    policy.auth((data) => {
      sent = data;
    });
    return sent;
  };
  return { socket, policy, detach, handshake, renewToken };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('realtime session policy', () => {
  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  it('sends the token stored at each (re)connection', () => {
    const ctx = setUp();
    detach = ctx.detach;
    expect(ctx.handshake()).toEqual({});
    localStorage.setItem('accessToken', 'token-1');
    expect(ctx.handshake()).toEqual({ token: 'token-1' });
    localStorage.setItem('accessToken', 'token-2');
    expect(ctx.handshake()).toEqual({ token: 'token-2' });
  });

  it("reconnects after 'io server disconnect' and leaves other reasons to socket.io", () => {
    const ctx = setUp();
    detach = ctx.detach;
    ctx.socket.fire('disconnect', 'transport close');
    expect(ctx.socket.connect).not.toHaveBeenCalled();
    ctx.socket.fire('disconnect', 'io server disconnect');
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
  });

  it('reconnects on authChange so a renewed token or a login is used', () => {
    const ctx = setUp();
    detach = ctx.detach;
    window.dispatchEvent(new Event('authChange'));
    expect(ctx.socket.disconnect).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
    expect(ctx.socket.disconnect.mock.invocationCallOrder[0]).toBeLessThan(
      ctx.socket.connect.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('drops the connection on logout', () => {
    const ctx = setUp();
    detach = ctx.detach;
    window.dispatchEvent(new Event('logout'));
    expect(ctx.socket.disconnect).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).not.toHaveBeenCalled();
  });

  it('tries one renewal on TOKEN_INVALIDO, then reconnects with the new token', async () => {
    localStorage.setItem('accessToken', 'vencido');
    const renewToken = vi.fn(async () => {
      localStorage.setItem('accessToken', 'renovado');
      window.dispatchEvent(new Event('authChange'));
      return 'renovado';
    });
    const ctx = setUp({ renewToken });
    detach = ctx.detach;

    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();

    expect(renewToken).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
    expect(ctx.handshake()).toEqual({ token: 'renovado' });
  });

  it('reconnects even if the renewal did not announce itself', async () => {
    localStorage.setItem('accessToken', 'vencido');
    const ctx = setUp();
    detach = ctx.detach;
    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
  });

  it('connects anonymously when the renewal fails, without ending the session', async () => {
    localStorage.setItem('accessToken', 'vencido');
    const renewToken = vi.fn(async () => {
      throw new Error('No se pudo renovar el token');
    });
    const ctx = setUp({ renewToken });
    detach = ctx.detach;

    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();

    expect(renewToken).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
    expect(ctx.handshake()).toEqual({});
    expect(localStorage.getItem('accessToken')).toBe('vencido');

    // A new token (a login) is offered again.
    localStorage.setItem('accessToken', 'nuevo');
    expect(ctx.handshake()).toEqual({ token: 'nuevo' });
  });

  it('does not renew twice in a row: a refused renewed token connects anonymously', async () => {
    localStorage.setItem('accessToken', 'vencido');
    const renewToken = vi.fn(async () => {
      localStorage.setItem('accessToken', 'renovado');
      return 'renovado';
    });
    const ctx = setUp({ renewToken });
    detach = ctx.detach;

    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();
    ctx.socket.reset();
    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();

    expect(renewToken).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
    expect(ctx.handshake()).toEqual({});

    // After a successful connection a later refusal may renew again.
    ctx.socket.fire('connect');
    localStorage.setItem('accessToken', 'otro');
    ctx.socket.refuse(TOKEN_INVALIDO);
    await flush();
    expect(renewToken).toHaveBeenCalledTimes(2);
  });

  it('ignores other connection errors (socket.io retries them)', async () => {
    localStorage.setItem('accessToken', 'token');
    const ctx = setUp();
    detach = ctx.detach;
    ctx.socket.fire('connect_error', new Error('websocket error'));
    await flush();
    expect(ctx.renewToken).not.toHaveBeenCalled();
    expect(ctx.socket.connect).not.toHaveBeenCalled();
  });

  it('stops listening once detached', () => {
    const ctx = setUp();
    ctx.detach();
    window.dispatchEvent(new Event('authChange'));
    window.dispatchEvent(new Event('logout'));
    ctx.socket.fire('disconnect', 'io server disconnect');
    expect(ctx.socket.connect).not.toHaveBeenCalled();
    expect(ctx.socket.disconnect).not.toHaveBeenCalled();
  });
});

describe('realtime errors (errorSocket)', () => {
  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  it('logs an ignored event and still reconnects after a later server disconnect', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ctx = setUp();
    detach = ctx.detach;
    ctx.socket.fire('errorSocket', {
      code: 'EVENTO_INVALIDO',
      mensaje: 'El evento no tiene el formato esperado y se ignoró.',
    });
    expect(warn).toHaveBeenCalledWith(
      'Tiempo real: El evento no tiene el formato esperado y se ignoró. (EVENTO_INVALIDO)',
    );
    ctx.socket.fire('disconnect', 'io server disconnect');
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
  });

  it('does not reconnect on its own after being dropped for exceeding a cap', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ctx = setUp();
    detach = ctx.detach;
    ctx.socket.fire('errorSocket', { code: 'DEMASIADAS_SALAS', mensaje: 'Demasiadas salas.' });
    ctx.socket.fire('disconnect', 'io server disconnect');
    expect(warn).toHaveBeenCalledOnce();
    expect(ctx.socket.connect).not.toHaveBeenCalled();

    // A login still reconnects, and a later plain server disconnect reconnects again.
    window.dispatchEvent(new Event('authChange'));
    expect(ctx.socket.connect).toHaveBeenCalledOnce();
    ctx.socket.fire('disconnect', 'io server disconnect');
    expect(ctx.socket.connect).toHaveBeenCalledTimes(2);
  });

  it('drops a server event whose payload does not match the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = fakeSocket();
    const handler = vi.fn();
    const off = onServerEvent(socket as unknown as AppSocket, 'stockActualizado', handler);
    socket.fire('stockActualizado', { productoId: 'no-es-un-id', nuevoStock: 'muchos' });
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    const valid = { productoId: 'a1b2c3d4e5f6a1b2c3d4e5f6', nuevoStock: 4 };
    socket.fire('stockActualizado', valid);
    expect(handler).toHaveBeenCalledWith(valid);
    off();
    socket.fire('stockActualizado', valid);
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('server events before the schemas have loaded', () => {
  it('waits for them, keeps the arrival order, and an errorSocket still decides the disconnect after it', async () => {
    vi.resetModules();
    const fresh = await import('./socket');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = fakeSocket();
    const detach = fresh
      .createSessionPolicy({ renewToken: vi.fn(async () => 'renovado') })
      .attach(socket as unknown as AppSocket);
    const heard: unknown[] = [];
    const stopped = vi.fn();
    const stop = fresh.onServerEvent(socket as unknown as AppSocket, 'stockActualizado', stopped);
    fresh.onServerEvent(socket as unknown as AppSocket, 'stockActualizado', (data) => {
      heard.push(data);
    });
    const first = { productoId: 'a1b2c3d4e5f6a1b2c3d4e5f6', nuevoStock: 4 };
    const second = { productoId: 'a1b2c3d4e5f6a1b2c3d4e5f6', nuevoStock: 3 };

    socket.fire('stockActualizado', first);
    socket.fire('errorSocket', { code: 'DEMASIADAS_SALAS', mensaje: 'Demasiadas salas.' });
    socket.fire('disconnect', 'io server disconnect');
    socket.fire('stockActualizado', second);
    // A listener that stops meanwhile hears nothing of what was still waiting.
    stop();
    expect(heard).toEqual([]);

    await vi.waitFor(() => expect(heard).toEqual([first, second]));
    expect(stopped).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Tiempo real: Demasiadas salas. (DEMASIADAS_SALAS)');
    // Dropped for exceeding a cap: no reconnection of its own, as when parsing is immediate.
    expect(socket.connect).not.toHaveBeenCalled();
    detach();
    warn.mockRestore();
  });
});

describe('realtime rooms', () => {
  const id = (n: number) => n.toString(16).padStart(24, '0');

  function setUpRooms({ connected = true } = {}) {
    let clock = 0;
    const socket = fakeSocket();
    socket.connected = connected;
    const subscriptions = createRoomSubscriptions(socket as unknown as AppSocket, {
      now: () => clock,
    });
    const sent = () => socket.emit.mock.calls.map(([event, roomId]) => `${event} ${roomId}`);
    const advance = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    return { socket, subscriptions, sent, advance };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('joins a room once however many screens hold it, and leaves when the last one lets go', () => {
    const { subscriptions, sent } = setUpRooms();
    const leaveA = subscriptions.join('grupo', id(1));
    const leaveB = subscriptions.join('grupo', id(1));
    expect(sent()).toEqual([`joinGrupo ${id(1)}`]);
    leaveA();
    leaveA();
    expect(sent()).toEqual([`joinGrupo ${id(1)}`]);
    leaveB();
    expect(sent()).toEqual([`joinGrupo ${id(1)}`, `leaveGrupo ${id(1)}`]);
    expect(subscriptions.heldRooms()).toEqual([]);
    subscriptions.detach();
  });

  it('joins every held room again after a (re)connection, and nothing while disconnected', () => {
    const { socket, subscriptions, sent } = setUpRooms({ connected: false });
    subscriptions.join('tienda', id(2));
    const leave = subscriptions.join('producto', id(3));
    subscriptions.join('grupo', id(4))();
    expect(sent()).toEqual([]);
    leave();
    subscriptions.join('producto', id(3));
    socket.connected = true;
    socket.fire('connect');
    expect(sent()).toEqual([`joinTienda ${id(2)}`, `joinProducto ${id(3)}`]);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(sent()).toHaveLength(4);
    subscriptions.detach();
  });

  it('keeps every held room across a token renewal: the reconnection joins them again', async () => {
    const { socket, subscriptions, sent } = setUpRooms();
    // The fake socket behaves like socket.io here: disconnect fires 'disconnect' and connect
    // completes with 'connect'.
    socket.disconnect.mockImplementation(() => {
      socket.connected = false;
      socket.fire('disconnect', 'io client disconnect');
    });
    socket.connect.mockImplementation(() => {
      socket.connected = true;
      socket.fire('connect');
    });
    const policy = createSessionPolicy({ renewToken: vi.fn(async () => 'renovado') });
    const detachPolicy = policy.attach(socket as unknown as AppSocket);
    subscriptions.join('grupo', id(5));
    subscriptions.join('tienda', id(6));
    socket.emit.mockClear();
    // A renewal stores the new token and announces authChange (api client).
    saveSessionToken('token-renovado');
    expect(socket.disconnect).toHaveBeenCalledOnce();
    expect(sent()).toEqual([`joinGrupo ${id(5)}`, `joinTienda ${id(6)}`]);
    expect(subscriptions.heldRooms()).toHaveLength(2);
    detachPolicy();
    subscriptions.detach();
  });

  it('never holds more rooms than the server allows', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { subscriptions } = setUpRooms({ connected: false });
    for (let n = 0; n <= LIMITES_SOCKET.salasPorSocket; n++) subscriptions.join('grupo', id(n));
    expect(subscriptions.heldRooms()).toHaveLength(LIMITES_SOCKET.salasPorSocket);
    expect(warn).toHaveBeenCalledOnce();
    subscriptions.detach();
  });

  it('sends join and leave events no faster than the server allows', () => {
    vi.useFakeTimers();
    const { subscriptions, sent, advance } = setUpRooms();
    const leaves = Array.from({ length: LIMITES_SOCKET.salasPorSocket }, (_, n) =>
      subscriptions.join('grupo', id(n)),
    );
    for (const leave of leaves) leave();
    for (let n = 0; n < LIMITES_SOCKET.salasPorSocket; n++) subscriptions.join('tienda', id(n));
    const total = LIMITES_SOCKET.salasPorSocket * 3;

    // Never more than the burst at once, then at most the sustained rate, until all are out.
    expect(sent().length).toBeLessThan(LIMITES_SOCKET.rafagaDeEventos);
    let seconds = 0;
    while (sent().length < total && seconds < 60) {
      const before = sent().length;
      advance(1000);
      seconds += 1;
      expect(sent().length - before).toBeLessThanOrEqual(LIMITES_SOCKET.eventosPorSegundo);
    }
    expect(sent()).toHaveLength(total);
    expect(sent().at(-1)).toBe(`joinTienda ${id(LIMITES_SOCKET.salasPorSocket - 1)}`);
    subscriptions.detach();
  });

  it('a leave and a join of the same room that are both waiting cancel out', () => {
    vi.useFakeTimers();
    const { subscriptions, sent, advance } = setUpRooms();
    const leave = subscriptions.join('grupo', id(0));
    // Screens come and go until the burst is spent and events wait.
    for (let n = 1; n <= LIMITES_SOCKET.rafagaDeEventos; n++) subscriptions.join('tienda', id(n))();
    // React's development double mount: unmount and mount again while events wait.
    leave();
    subscriptions.join('grupo', id(0));
    advance(10_000);
    expect(sent().filter((event) => event.endsWith(id(0)))).toEqual([`joinGrupo ${id(0)}`]);
    const joins = sent().filter((event) => event.startsWith('joinTienda'));
    const leaves = sent().filter((event) => event.startsWith('leaveTienda'));
    expect(joins.length).toBeLessThan(LIMITES_SOCKET.rafagaDeEventos);
    expect(leaves).toHaveLength(joins.length);
    expect(subscriptions.heldRooms()).toEqual([`grupo:${id(0)}`]);
    subscriptions.detach();
  });
});

describe('listenInRoom', () => {
  const id = (n: number) => n.toString(16).padStart(24, '0');

  it('joins the room, hears the parsed event, and on cleanup stops and leaves', () => {
    const socket = fakeSocket();
    socket.connected = true;
    const realtime = {
      socket: socket as unknown as AppSocket,
      rooms: createRoomSubscriptions(socket as unknown as AppSocket),
    };
    const handler = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = listenInRoom(
      realtime,
      { kind: 'producto', id: id(7) },
      'stockActualizado',
      handler,
    );
    expect(socket.emit).toHaveBeenCalledWith('joinProducto', id(7));

    socket.fire('stockActualizado', { productoId: id(7), nuevoStock: 4 });
    socket.fire('stockActualizado', { productoId: id(7), nuevoStock: 'cuatro' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ productoId: id(7), nuevoStock: 4 });
    expect(warn).toHaveBeenCalledTimes(1);

    stop();
    socket.fire('stockActualizado', { productoId: id(7), nuevoStock: 3 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(socket.emit).toHaveBeenLastCalledWith('leaveProducto', id(7));
    realtime.rooms.detach();
    warn.mockRestore();
  });

  it('private events need no room', () => {
    const socket = fakeSocket();
    socket.connected = true;
    const rooms = createRoomSubscriptions(socket as unknown as AppSocket);
    const handler = vi.fn();
    listenInRoom(
      { socket: socket as unknown as AppSocket, rooms },
      null,
      'tiendaHabilitada',
      handler,
    );
    socket.fire('tiendaHabilitada', { tiendaId: id(9) });
    expect(handler).toHaveBeenCalledWith({ tiendaId: id(9) });
    expect(socket.emit).not.toHaveBeenCalled();
  });
});

describe('createAppSocket', () => {
  it('uses /socket.io/, websocket then polling, and retries forever: 1 s doubled up to 10 s, ±50 %', () => {
    const auth = vi.fn();
    const socket = createAppSocket(auth);
    try {
      expect(socket.connected).toBe(false);
      expect(socket.active).toBe(false);
      const manager = socket.io;
      expect(manager.opts.path).toBe('/socket.io/');
      expect(manager.opts.transports).toEqual(['websocket', 'polling']);
      expect(manager.opts.withCredentials).toBe(true);
      expect(manager.reconnection()).toBe(true);
      expect(manager.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
      expect(manager.reconnectionDelay()).toBe(1000);
      expect(manager.reconnectionDelayMax()).toBe(10_000);
      expect(manager.randomizationFactor()).toBe(0.5);
      expect(socket.auth).toBe(auth);
    } finally {
      socket.close();
    }
  });
});
