/** A monotonic clock with timers. Injectable so tests and stories can control time. */
export interface Clock {
  /** Milliseconds on a monotonic scale (like `performance.now()`). */
  now(): number;
  /** Call `callback` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancel a timer made by `setTimeout`. */
  clearTimeout(handle: unknown): void;
}

/** The platform clock: `performance.now()` and the global timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};
