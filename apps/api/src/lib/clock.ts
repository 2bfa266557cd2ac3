/** Where time comes from. Services and the jobs runner take one, so tests drive time. */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock for tests: it stands still until the test moves it. */
export interface TestClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the clock to an instant. */
  set(instant: Date): void;
}

export function createTestClock(start: Date = new Date('2026-01-01T12:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance(ms) needs ms >= 0');
      current += ms;
    },
    set: (instant) => {
      current = instant.getTime();
    },
  };
}
