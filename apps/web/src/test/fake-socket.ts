import { vi } from 'vitest';

/** A stand-in for a socket.io socket: records calls and lets the test fire its events. */
export function fakeSocket() {
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
    emit: vi.fn(),
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
