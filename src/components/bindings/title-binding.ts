import { stripAnsi } from '../../protocol/ansi.js';
import type { Clock } from '../../shared/clock.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { RpcTitleEvent } from '../events/title-event.js';

/** Where a title is written: `document`, or anything with a `title` property (tests, iframes). */
export interface TitleTarget {
  title: string;
}

/** Options of {@link bindTitle}. */
export interface TitleBindingOptions {
  /** Fire `rpc-title` here for every `setTitle` (not throttled). */
  readonly eventTarget?: EventTarget;
  /**
   * Opt in to writing the title: `true` for the page's `document`, or another target. Writes are
   * throttled; the title's ANSI codes and control characters are removed first.
   */
  readonly document?: boolean | TitleTarget;
  /** At most one write per this many milliseconds (default 250); the last title always lands. */
  readonly throttleMs?: number;
  /** Turn the agent's (plain-text) title into the page title, e.g. `(t) => \`${t} · My app\``. */
  readonly format?: (title: string) => string;
  /** The clock for throttling; defaults to the controller's. */
  readonly clock?: Clock;
}

/**
 * Follow the agent's terminal title (`setTitle`). Each one fires an {@link RpcTitleEvent}
 * (`rpc-title`, `detail.title` as sent, `detail.text` without ANSI codes) on
 * `options.eventTarget`. With `document`, the title also goes to `document.title`, throttled: the
 * first change is written at once, later ones at most once per `throttleMs` with a trailing write,
 * so a spinner animating the title every 80 ms costs about four writes a second and the last title
 * always lands. The title already set when binding is written at once.
 *
 * @returns a function that stops following (a pending trailing write is dropped)
 */
export function bindTitle(controller: ExtensionUIController, options: TitleBindingOptions = {}): () => void {
  const stopEvents = controller.on('title', (title) => {
    options.eventTarget?.dispatchEvent(new RpcTitleEvent({ title, text: stripAnsi(title) }));
  });
  const target = options.document === true ? globalThis.document : options.document || undefined;
  if (!target) return stopEvents;
  const writer = throttledWriter(target, options, options.clock ?? controller.clock);
  const write = (): void => {
    if (controller.title !== undefined) writer.set(controller.title);
  };
  write();
  const stopWrites = controller.on('change', (kind) => {
    if (kind === 'title') write();
  });
  return () => {
    stopEvents();
    stopWrites();
    writer.stop();
  };
}

/** Leading and trailing throttle: at most one write per window, the newest value last. */
function throttledWriter(target: TitleTarget, options: TitleBindingOptions, clock: Clock) {
  const throttleMs = Math.max(0, options.throttleMs ?? 250);
  const format = options.format ?? ((title: string) => title);
  let pending: string | undefined;
  let timer: unknown;
  let lastWrite = Number.NEGATIVE_INFINITY;

  const flush = (): void => {
    timer = undefined;
    if (pending === undefined) return;
    const value = format(stripAnsi(pending));
    pending = undefined;
    lastWrite = clock.now();
    if (target.title !== value) target.title = value;
  };

  return {
    set(title: string): void {
      pending = title;
      if (timer !== undefined) return;
      const wait = lastWrite + throttleMs - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    stop(): void {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
