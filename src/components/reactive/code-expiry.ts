import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { atDeadline, type Clock } from '../../shared/clock.js';
import type { LoginEntry } from '../../controller/logins.js';

/** Seconds left at which a device code's expiry is announced (not every second). */
export const CODE_ANNOUNCE_AT: readonly number[] = [300, 60, 30, 10];

/** A device code seen: the request, when it arrived here, the seconds shown last. */
interface Seen {
  readonly id: string;
  readonly deadline: number;
  seconds: number;
}

/** A threshold a code's countdown crossed: `seconds` left, `0` when it ran out. */
export interface CodeCrossing {
  readonly key: string;
  readonly seconds: number;
}

/**
 * The countdowns of the logins' device codes (atomic's `oauth_device_code` with
 * `expiresInSeconds`): each counts from the moment the element first saw the code, on a monotonic
 * clock, and wakes its host exactly when the whole seconds shown change. The agent gives no time
 * of issue, so a code seen again after a reload counts from then.
 */
export class CodeExpiry implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #clock: () => Clock;
  /** By login key. */
  readonly #seen = new Map<string, Seen>();
  #cancel: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, clock: () => Clock) {
    this.#host = host;
    this.#clock = clock;
    host.addController(this);
  }

  /**
   * Note the codes new in `entries`, forget the gone ones, and say which thresholds (see
   * {@link CODE_ANNOUNCE_AT}) each running code crossed since the last look, and which ran out.
   * A code's first look crosses nothing; the code of a login that is over is no longer counted.
   */
  takeIn(entries: readonly LoginEntry[]): CodeCrossing[] {
    const now = this.#clock().now();
    const keys = new Set<string>();
    const crossings: CodeCrossing[] = [];
    for (const { key, deviceCode, outcome } of entries) {
      const expires = deviceCode?.expiresInSeconds;
      // A login that is over shows no time left: its code is forgotten.
      if (!deviceCode || outcome || expires === undefined || !(expires >= 0)) continue;
      keys.add(key);
      let seen = this.#seen.get(key);
      if (seen?.id !== deviceCode.id) {
        seen = { id: deviceCode.id, deadline: now + expires * 1000, seconds: expires };
        this.#seen.set(key, seen);
        continue;
      }
      const seconds = secondsLeft(seen.deadline, now);
      const crossed = CODE_ANNOUNCE_AT.filter((at) => seen.seconds > at && seconds <= at);
      if (seconds === 0 && seen.seconds > 0) crossings.push({ key, seconds: 0 });
      else if (crossed.length > 0) crossings.push({ key, seconds: Math.min(...crossed) });
      seen.seconds = seconds;
    }
    for (const key of this.#seen.keys()) if (!keys.has(key)) this.#seen.delete(key);
    return crossings;
  }

  /** Whole seconds left (rounded up) for the code of login `key`, `undefined` without an expiry. */
  left(key: string): number | undefined {
    const seen = this.#seen.get(key);
    return seen && secondsLeft(seen.deadline, this.#clock().now());
  }

  hostUpdated(): void {
    this.#stop();
    // The soonest moment a running code's shown seconds change.
    const now = this.#clock().now();
    let wake = Number.POSITIVE_INFINITY;
    for (const { deadline } of this.#seen.values()) {
      const seconds = secondsLeft(deadline, now);
      if (seconds > 0) wake = Math.min(wake, deadline - (seconds - 1) * 1000);
    }
    if (wake !== Number.POSITIVE_INFINITY)
      this.#cancel = atDeadline(this.#clock(), wake, () => this.#host.requestUpdate());
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #stop(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}

function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds as `m:ss` (`14:59`, `0:05`). */
export function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
