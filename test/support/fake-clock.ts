import type { Clock } from '../../src/shared/clock.js';

/** A clock whose time moves only when the test says so. */
export class FakeClock implements Clock {
  #now: number;
  #timers = new Map<number, { at: number; callback: () => void }>();
  #next = 1;

  constructor(start = 1000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.#next++;
    this.#timers.set(handle, { at: this.#now + Math.max(0, ms), callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Pending timers. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Move time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.#timers)
        if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = Math.max(this.#now, due[1].at);
      due[1].callback();
    }
    this.#now = end;
  }
}
