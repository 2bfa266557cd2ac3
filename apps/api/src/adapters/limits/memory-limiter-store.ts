import type { LimiterLease, LimiterSlot, LimiterStore, WindowCount } from './limiter-store.port';

/** Windows kept at most: past it, ended windows go first, then the oldest ones. */
const MAX_WINDOWS = 10_000;

/**
 * Counts in this process only: one node, or the fallback of a shared store that is down.
 * Bounded, so that a flood of distinct keys cannot grow it without end.
 */
export function createMemoryLimiterStore({
  maxWindows = MAX_WINDOWS,
}: {
  maxWindows?: number;
} = {}): LimiterStore {
  const now = Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();
  const held = new Map<string, number>();

  const makeRoom = () => {
    if (windows.size < maxWindows) return;
    const at = now();
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxWindows) break;
      windows.delete(key);
    }
  };

  const current = (key: string): WindowCount => {
    const window = windows.get(key);
    const at = now();
    if (!window || window.endsAt <= at) return { count: 0, ttlMs: 0 };
    return { count: window.count, ttlMs: window.endsAt - at };
  };

  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const at = now();
      const window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key);
        makeRoom();
        windows.set(key, { count: 1, endsAt: at + windowMs });
        return { count: 1, ttlMs: windowMs };
      }
      window.count += 1;
      return { count: window.count, ttlMs: window.endsAt - at };
    },
    peek: async (key) => current(key),
    async decrement(key) {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
    },
    async acquire(slots: readonly LimiterSlot[]): Promise<LimiterLease | undefined> {
      if (slots.some(({ key, max }) => (held.get(key) ?? 0) >= max)) return undefined;
      for (const { key } of slots) held.set(key, (held.get(key) ?? 0) + 1);
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          for (const { key } of slots) {
            const left = (held.get(key) ?? 1) - 1;
            if (left > 0) held.set(key, left);
            else held.delete(key);
          }
        },
      };
    },
    close: async () => undefined,
  };
}
