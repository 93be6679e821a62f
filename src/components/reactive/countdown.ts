import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { atDeadline, type Clock } from '../../shared/clock.js';
import { cssomStyle } from '../internal/cssom-style.js';
import { format } from '../strings/format.js';
import type { RpcStrings } from '../strings/strings.js';

/** The words of a countdown. */
type CountdownText = Pick<RpcStrings, 'secondsLeft' | 'secondsLeftAnnouncement'>;

/** Seconds left at which the countdown is announced (not every second). */
export const ANNOUNCE_AT: readonly number[] = [60, 30, 10, 5];

/**
 * Counts down to a deadline on a monotonic clock and re-renders its host exactly when the
 * whole seconds shown change, so the display never lags the true remaining time. Calls
 * `onExpire` once at the deadline.
 */
export class Countdown implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #onExpire: () => void;
  #clock: Clock | undefined;
  #deadline: number | undefined;
  #total = 0;
  #cancel: (() => void) | undefined;
  #seconds: number | undefined;
  #announced: number | undefined;

  constructor(host: ReactiveControllerHost, onExpire: () => void) {
    this.#host = host;
    this.#onExpire = onExpire;
    host.addController(this);
  }

  /** Whole seconds left (rounded up), or `undefined` when there is no deadline. */
  get seconds(): number | undefined {
    return this.#seconds;
  }

  /**
   * The seconds left as text, padded with figure spaces (a digit's width) to the digits of the
   * whole time: the text, and the bar beside it, keep their width as 10 becomes 9.
   */
  get secondsText(): string {
    return String(this.#seconds ?? '').padStart(String(Math.ceil(this.#total / 1000)).length, '\u2007');
  }

  /** Remaining share of the whole time, from 1 to 0. */
  get fraction(): number {
    if (!this.#clock || this.#deadline === undefined || this.#total <= 0) return 0;
    return Math.max(0, Math.min(1, (this.#deadline - this.#clock.now()) / this.#total));
  }

  /** The last threshold crossed (see {@link ANNOUNCE_AT}), for a polite live region. */
  get announced(): number | undefined {
    return this.#announced;
  }

  /** Count down from `start` to `deadline` (both on `clock`); `undefined` stops counting. */
  start(clock: Clock, start: number, deadline: number | undefined): void {
    this.stop();
    this.#clock = clock;
    this.#deadline = deadline;
    this.#total = (deadline ?? start) - start;
    this.#announced = undefined;
    if (deadline !== undefined) this.#tick(true);
  }

  /** The seconds left and a bar that empties, while counting down; worded in `text`, of `locale`. */
  render(text: CountdownText, locale: string): TemplateResult | typeof nothing {
    if (this.#seconds === undefined) return nothing;
    return html`<div class="countdown" part="countdown">
      <span id="countdown" part="countdown-text"><bdi>${format(text.secondsLeft, { seconds: this.secondsText }, locale)}</bdi></span>
      <div class="bar" part="countdown-bar" aria-hidden="true">
        <div class="fill" ${cssomStyle({ '--_fraction': String(this.fraction) })}></div>
      </div>
    </div>`;
  }

  /** The polite live region that says the time left at each of {@link ANNOUNCE_AT}. */
  renderAnnouncement(text: CountdownText, locale: string): TemplateResult {
    const announced = this.#announced;
    return html`<div class="visually-hidden" aria-live="polite">${
      announced === undefined
        ? ''
        : format(text.secondsLeftAnnouncement, { count: announced, seconds: announced }, locale)
    }</div>`;
  }

  /** Stop counting (the dialog was answered or closed). */
  stop(): void {
    this.hostDisconnected(); // clears the timer
    this.#seconds = undefined;
    this.#deadline = undefined;
  }

  hostDisconnected(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  hostConnected(): void {
    if (this.#deadline !== undefined && this.#cancel === undefined) this.#tick(true);
  }

  #tick(first = false): void {
    const clock = this.#clock;
    const deadline = this.#deadline;
    this.#cancel = undefined;
    if (!clock || deadline === undefined) return;
    const remaining = deadline - clock.now();
    if (remaining <= 0) {
      this.#seconds = 0;
      this.#deadline = undefined;
      this.#host.requestUpdate();
      this.#onExpire();
      return;
    }
    const seconds = Math.ceil(remaining / 1000);
    if (!first && ANNOUNCE_AT.includes(seconds) && seconds !== this.#seconds) this.#announced = seconds;
    this.#seconds = seconds;
    this.#host.requestUpdate();
    // Wake exactly when the shown value changes (or at the deadline).
    this.#cancel = atDeadline(clock, deadline - (seconds - 1) * 1000, () => this.#tick());
  }
}
