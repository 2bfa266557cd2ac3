/**
 * Where the rate limiters count (docs/decisions/036): Redis, PostgreSQL or this process's
 * memory. Every API node on the same Redis or database sees the same counts.
 */
export interface LimiterStore {
  readonly kind: LimiterStoreKind;
  /**
   * Counts one hit of `key` in its fixed window: the first hit opens a window of `windowMs`,
   * hits after it ended open a new one. Answers the hits of the current window, this one
   * included, and what is left of the window.
   */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current window's hits without counting one (0 and 0 ms when there is none). */
  peek(key: string): Promise<WindowCount>;
  /**
   * Takes one hit of the current window back (an attempt counted before it was known whether
   * it counts); nothing when the window ended or holds none.
   */
  decrement(key: string): Promise<void>;
  /**
   * Takes a place under every slot's key at once, or none when one of them already holds
   * `max` (answers undefined then). A place is held until released; a shared store also lets
   * it lapse when the node that took it stops renewing it (it died), see `LEASE_MS`.
   */
  acquire(slots: readonly LimiterSlot[]): Promise<LimiterLease | undefined>;
  /**
   * Stops its timers and lets go of its connection (waiting for what is in flight); the store
   * answers nothing after. Places still held are not released: in a shared store they lapse.
   */
  close(): Promise<void>;
}

export type LimiterStoreKind = 'redis' | 'postgres' | 'memory';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends (0 when there is no window). */
  ttlMs: number;
}

export interface LimiterSlot {
  key: string;
  max: number;
}

export interface LimiterLease {
  /** Gives the places back; a second call does nothing. */
  release(): Promise<void>;
}

/**
 * How long a shared place lives without its node renewing it: the longest a node that died
 * keeps counting against an address. Live nodes renew their places every third of it.
 */
export const LEASE_MS = 60_000;
