import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Clock } from '../../shared/clock.js';
import type { NotificationEntry } from '../../controller/types.js';

/** An auto-dismiss countdown: runs only while its notification is shown and nothing pauses it. */
interface Countdown {
  remaining: number;
  clock: Clock;
  /** When it last (re)started. */
  startedAt: number;
  /** Its timer, while it runs. */
  handle?: unknown;
}

/** What the timers ask their host, at each sync. */
export interface DismissTimersOptions {
  /** The notifications shown (not those folded behind "+N more"). */
  shown(): readonly NotificationEntry[];
  /** How long info and warnings stay shown, in milliseconds; `0` keeps them until dismissed. */
  duration(): number;
  /** The clock a new countdown runs on. */
  clock(): Clock;
  /** A countdown ran out: dismiss its notification. */
  expire(id: string): void;
}

/**
 * The auto-dismiss countdowns of a notification stack: one per shown info or warning (errors
 * stay), each running for `duration` ms of being shown. Every countdown pauses, keeping what is
 * left, while the pointer is over the stack (`hovered`), while focus is inside it (`focused`),
 * while the page is hidden and while the host is not connected. The host sets `hovered` and
 * `focused` and calls `sync()` after each change and each render.
 */
export class DismissTimers implements ReactiveController {
  /** The pointer is over the stack. */
  hovered = false;
  /** Focus is inside the stack. */
  focused = false;
  readonly #host: ReactiveControllerHost & { readonly isConnected: boolean };
  readonly #options: DismissTimersOptions;
  readonly #countdowns = new Map<string, Countdown>();

  constructor(
    host: ReactiveControllerHost & { readonly isConnected: boolean },
    options: DismissTimersOptions,
  ) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.sync);
    this.sync();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.sync);
    this.sync();
  }

  /** Start the countdowns of shown info and warnings, pause the others. */
  sync = (): void => {
    const paused =
      this.hovered || this.focused || document.visibilityState === 'hidden' || !this.#host.isConnected;
    const duration = this.#options.duration();
    const running = new Set<string>();
    if (!paused && duration > 0)
      for (const { id, notifyType } of this.#options.shown()) if (notifyType !== 'error') running.add(id);
    for (const id of running) {
      const countdown = this.#countdowns.get(id) ?? {
        remaining: duration,
        clock: this.#options.clock(),
        startedAt: 0,
      };
      this.#countdowns.set(id, countdown);
      if (countdown.handle !== undefined) continue;
      countdown.startedAt = countdown.clock.now();
      countdown.handle = countdown.clock.setTimeout(() => {
        this.#countdowns.delete(id);
        this.#options.expire(id);
      }, countdown.remaining);
    }
    for (const [id, countdown] of this.#countdowns) {
      if (running.has(id) || countdown.handle === undefined) continue;
      countdown.clock.clearTimeout(countdown.handle);
      countdown.handle = undefined;
      countdown.remaining = Math.max(0, countdown.remaining - (countdown.clock.now() - countdown.startedAt));
    }
  };

  /** Stop and forget the countdown of `id`. */
  stop(id: string): void {
    const countdown = this.#countdowns.get(id);
    if (countdown?.handle !== undefined) countdown.clock.clearTimeout(countdown.handle);
    this.#countdowns.delete(id);
  }

  /** Stop the countdowns of the notifications not in `ids` (all of them without `ids`). */
  keepOnly(ids: ReadonlySet<string> = new Set()): void {
    for (const id of this.#countdowns.keys()) if (!ids.has(id)) this.stop(id);
  }
}
