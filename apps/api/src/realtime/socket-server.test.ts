import {
  type ClientToServerEvents,
  rooms,
  type ServerToClientEvents,
} from '@compra-grupal/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAndLogin } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

describe('socket.io at /socket.io/', () => {
  let t: TestApp | undefined;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    socket?.disconnect();
    await t?.close();
  });

  it('accepts anonymous clients, lets them join a group room and delivers room events', async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = connect(address, { path: '/socket.io/', transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', resolve);
      socket?.once('connect_error', reject);
    });

    const grupoId = 'a1b2c3d4e5f6a1b2c3d4e5f6';
    socket.emit('joinGrupo', grupoId);
    const received = new Promise((resolve) => socket?.once('grupoActualizado', resolve));
    const payload = {
      grupoId,
      estado: 'abierto' as const,
      lugaresOcupados: 3,
      lugaresNecesarios: 10,
      participantesCount: 2,
      productoNombre: 'Yerba 1 kg',
    };
    // Emit through the port services use, again until the join has reached the server.
    const app = t.app;
    const announce = () =>
      app.realtime.emitToRoom(rooms.grupo(grupoId), 'grupoActualizado', payload);
    announce();
    const again = setInterval(announce, 20);
    try {
      await expect(received).resolves.toEqual(payload);
    } finally {
      clearInterval(again);
    }
  });

  it('serves the polling transport as fallback', async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = connect(address, { path: '/socket.io/', transports: ['polling'] });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', resolve);
      socket?.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
  });

  it('accepts a valid token, refuses a forged one with TOKEN_INVALIDO', async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sesion = await registerAndLogin(t.app);

    socket = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: sesion.accessToken },
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', resolve);
      socket?.once('connect_error', reject);
    });
    socket.disconnect();

    socket = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: `${sesion.accessToken}x` },
      reconnection: false,
    });
    const error = await new Promise<Error>((resolve) => socket?.once('connect_error', resolve));
    expect(error.message).toBe('TOKEN_INVALIDO');
  });

  it('drops a socket when its token expires, so the client reconnects with a new one', async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '10' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sesion = await registerAndLogin(t.app);
    // Timers run in real time until the test jumps past the token's ten seconds.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    socket = connect(address, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: sesion.accessToken },
      reconnection: false,
    });
    await new Promise((resolve) => socket?.once('connect', () => resolve(undefined)));
    const disconnected = new Promise<string>((resolve) => socket?.once('disconnect', resolve));
    vi.advanceTimersByTime(11_000);
    expect(await disconnected).toBe('io server disconnect');
  });
});
