import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppSocket, createAppSocket, createSessionPolicy, TOKEN_INVALIDO } from './socket';

/** A stand-in for a socket.io socket: records calls and lets the test fire its events. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const fake = {
    connected: false,
    active: false,
    connect: vi.fn(() => {
      fake.active = true;
    }),
    disconnect: vi.fn(() => {
      fake.active = false;
      fake.connected = false;
    }),
    on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    }),
    off: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((l) => l !== listener),
      );
    }),
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    /** The server refused the handshake: the socket stops trying on its own. */
    refuse(message: string) {
      fake.active = false;
      fake.fire('connect_error', new Error(message));
    },
    reset() {
      fake.connect.mockClear();
      fake.disconnect.mockClear();
    },
  };
  return fake;
}

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

describe('createAppSocket', () => {
  it('uses the spec options: /socket.io/, websocket then polling, 5 attempts 1 s apart', () => {
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
      expect(manager.reconnectionAttempts()).toBe(5);
      expect(manager.reconnectionDelay()).toBe(1000);
      expect(manager.reconnectionDelayMax()).toBe(1000);
      expect(manager.randomizationFactor()).toBe(0);
      expect(socket.auth).toBe(auth);
    } finally {
      socket.close();
    }
  });
});
