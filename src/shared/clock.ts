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

/**
 * Call `callback` once `clock` reaches `deadline` (on its monotonic scale), at once when it has
 * passed. Platform timers may fire a little early, and stop at about 24.8 days: then it waits
 * again for the rest. The one way deadlines are kept, by the controller, the countdown and the
 * bridge.
 * @returns the function that cancels it
 */
export function atDeadline(clock: Clock, deadline: number, callback: () => void): () => void {
  let handle: unknown;
  let cancelled = false;
  const check = () => {
    handle = undefined;
    if (cancelled) return;
    const left = deadline - clock.now();
    if (left > 0) handle = clock.setTimeout(check, left);
    else callback();
  };
  check();
  return () => {
    cancelled = true;
    if (handle !== undefined) clock.clearTimeout(handle);
    handle = undefined;
  };
}
