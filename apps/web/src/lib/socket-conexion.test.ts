import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIN_CONEXION_AVISO_MS } from '@/config/ui';
import { fakeSocket } from '@/test/fake-socket';
import { marcarSinConexion } from './estado-conexion';
import {
  type AppSocket,
  createReconnectSignal,
  createRoomSubscriptions,
  watchConnection,
} from './socket';

/** A socket that has connected once, with the connection watched. */
function conectado() {
  const socket = fakeSocket();
  socket.connect();
  socket.connected = true;
  const avisos = { onDown: vi.fn(), onBack: vi.fn(), onGaveUp: vi.fn() };
  const detach = watchConnection(socket as unknown as AppSocket, avisos);
  socket.fire('connect');
  return { socket, avisos, detach };
}

/** The server went away: socket.io says so and keeps retrying (the socket stays active). */
function caida(socket: ReturnType<typeof fakeSocket>) {
  socket.connected = false;
  socket.fire('disconnect', 'transport close');
}

function vuelta(socket: ReturnType<typeof fakeSocket>) {
  socket.connected = true;
  socket.fire('connect');
}

describe('the connection watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    marcarSinConexion(false);
  });

  it('says nothing before the delay, and that it is down once the delay has passed', () => {
    const { socket, avisos, detach } = conectado();
    caida(socket);
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS - 1);
    expect(avisos.onDown).not.toHaveBeenCalled();
    // Failed attempts meanwhile do not restart the count.
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(1);
    expect(avisos.onDown).toHaveBeenCalledOnce();
    // More failures, however many, say it once.
    for (let intento = 0; intento < 50; intento++) {
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(10_000);
    }
    expect(avisos.onDown).toHaveBeenCalledOnce();
    vuelta(socket);
    expect(avisos.onBack).toHaveBeenCalledOnce();
    detach();
  });

  it('a blip shorter than the delay says neither down nor back', () => {
    const { socket, avisos, detach } = conectado();
    caida(socket);
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS - 1);
    vuelta(socket);
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS * 2);
    expect(avisos.onDown).not.toHaveBeenCalled();
    expect(avisos.onBack).not.toHaveBeenCalled();
    detach();
  });

  it('a first connection that keeps failing is down too', () => {
    const socket = fakeSocket();
    const avisos = { onDown: vi.fn(), onBack: vi.fn(), onGaveUp: vi.fn() };
    const detach = watchConnection(socket as unknown as AppSocket, avisos);
    socket.connect();
    socket.fire('connect_error', new Error('websocket error'));
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS);
    expect(avisos.onDown).toHaveBeenCalledOnce();
    detach();
  });

  it('says nothing when the app closed the connection itself, and stops saying it on logout', () => {
    const { socket, avisos, detach } = conectado();
    socket.disconnect();
    socket.fire('disconnect', 'io client disconnect');
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS * 2);
    expect(avisos.onDown).not.toHaveBeenCalled();

    socket.connect();
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS);
    expect(avisos.onDown).toHaveBeenCalledOnce();
    socket.disconnect();
    window.dispatchEvent(new Event('logout'));
    expect(avisos.onGaveUp).toHaveBeenCalledOnce();
    expect(avisos.onBack).not.toHaveBeenCalled();
    detach();
  });
});

describe('after a reconnection', () => {
  it('joins every held room again and tells the screens to read again, not on the first connection', () => {
    const socket = fakeSocket();
    const rooms = createRoomSubscriptions(socket as unknown as AppSocket);
    const reconnects = createReconnectSignal(socket as unknown as AppSocket);
    const releer = vi.fn();
    // A screen that mounts before the first connection.
    reconnects.onReconnect(releer);
    rooms.join('grupo', 'a'.repeat(24));
    rooms.join('tienda', 'b'.repeat(24));
    socket.connected = true;
    socket.fire('connect');
    expect(releer).not.toHaveBeenCalled();
    expect(socket.emit).toHaveBeenCalledTimes(2);

    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    for (let intento = 0; intento < 10; intento++) socket.fire('connect_error', new Error('x'));
    // A screen that mounts while the connection is down is told too.
    const releerOtra = vi.fn();
    reconnects.onReconnect(releerOtra);
    socket.emit.mockClear();
    socket.connected = true;
    socket.fire('connect');
    expect(releer).toHaveBeenCalledOnce();
    expect(releerOtra).toHaveBeenCalledOnce();
    expect(socket.emit.mock.calls).toEqual([
      ['joinGrupo', 'a'.repeat(24)],
      ['joinTienda', 'b'.repeat(24)],
    ]);
    rooms.detach();
    reconnects.detach();
  });
});
