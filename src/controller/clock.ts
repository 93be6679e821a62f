/** A monotonic clock with timers. Injectable so tests and stories can control time. */
export interface Clock {
  /** Milliseconds on a monotonic scale (like `performance.now()`). */
  now(): number;
  /** Call `callback` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancel a timer made by `setTimeout`. */
  clearTimeout(handle: unknown): void;
}

/**
 * The longest delay the platform timers take: beyond it Node and browsers fire at once. Callers
 * that wait longer get woken early and check the time again.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The platform clock: `performance.now()` and the global timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, Math.min(ms, MAX_TIMER_MS)),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};
