import { atLeast } from './checks.js';

/** How to reconnect after the connection is lost. */
export interface ReconnectOptions {
  /** Delay before the first retry, in milliseconds (default 500). */
  readonly initialDelayMs?: number;
  /** Longest delay between retries, in milliseconds (default 30 000). */
  readonly maxDelayMs?: number;
  /** Each retry waits this many times longer than the one before (default 2). */
  readonly factor?: number;
  /** Retries in a row before giving up and closing for good (default: no limit). */
  readonly maxRetries?: number;
}

/**
 * When to try a lost connection again: exponential backoff with jitter (each delay between half
 * and all of the computed one), a count of retries in a row that every open starts again.
 */
export class ReconnectPolicy {
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #factor: number;
  readonly #maxRetries: number;
  #retries = 0;

  /** The policy a transport option asks for; `undefined` for `false` (never reconnect). */
  static from(option: boolean | ReconnectOptions | undefined): ReconnectPolicy | undefined {
    if (option === false) return undefined;
    return new ReconnectPolicy(option === true || option === undefined ? {} : option);
  }

  /** @throws RangeError for a negative delay, a factor under 1 or a negative retry count */
  constructor(options: ReconnectOptions = {}) {
    this.#initialDelayMs = atLeast(0, 'reconnect.initialDelayMs', options.initialDelayMs ?? 500);
    this.#maxDelayMs = atLeast(0, 'reconnect.maxDelayMs', options.maxDelayMs ?? 30_000);
    this.#factor = atLeast(1, 'reconnect.factor', options.factor ?? 2);
    this.#maxRetries = atLeast(0, 'reconnect.maxRetries', options.maxRetries ?? Number.POSITIVE_INFINITY);
  }

  /** Whether the retries in a row are used up. */
  get exhausted(): boolean {
    return this.#retries >= this.#maxRetries;
  }

  /** The delay before the next retry, in milliseconds. */
  delay(): number {
    const full = Math.min(this.#maxDelayMs, this.#initialDelayMs * this.#factor ** this.#retries);
    return full / 2 + (Math.random() * full) / 2;
  }

  /** What comes next after a loss, for the error that reports it: a retry in `delay`, or none. */
  describeNext(delay: number): string {
    const retries = this.#retries;
    if (this.exhausted) return `Gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}.`;
    const of = Number.isFinite(this.#maxRetries) ? ` of ${this.#maxRetries}` : '';
    return `Retrying in ${Math.round(delay)} ms (retry ${retries + 1}${of}).`;
  }

  /** A retry is scheduled. */
  count(): void {
    this.#retries++;
  }

  /** The connection opened: the retries in a row start again. */
  reset(): void {
    this.#retries = 0;
  }
}
