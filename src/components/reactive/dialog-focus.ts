import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FocusReturn } from '../internal/focus.js';

/** A dialog element, as its focus sees it. */
type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

/** What {@link DialogFocus} needs of its dialog. */
export interface DialogFocusOptions {
  /** Whether the dialog is showing now. */
  readonly shown: () => boolean;
  /** Where focus goes when the dialog opens. */
  readonly initial: () => HTMLElement | null | undefined;
}

/**
 * Where focus goes around a dialog: in when it shows, back where it was when it closes, and
 * back in when its window gets focus again with nothing focused.
 *
 * That last one is for frames (an IDE's webview, an iframe): Chromium takes focus off the focused
 * element when another frame takes it (VS Code's command palette, say), and the frame focused
 * again has focus on its body, where keys go nowhere. The element last focused in the dialog gets
 * it back (while Tab reaches it), unless the user focused something else meanwhile.
 */
export class DialogFocus implements ReactiveController {
  readonly #host: Host;
  readonly #options: DialogFocusOptions;
  readonly #return = new FocusReturn();
  #last: HTMLElement | undefined;

  constructor(host: Host, options: DialogFocusOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /**
   * Before the dialog shows: note where focus is, and take it off. Nothing focused at
   * showModal() leaves the browser nothing to give focus back to on close: that is
   * {@link DialogFocus.restore}'s job, and between queued dialogs nothing on the page should get it.
   */
  save(): void {
    (this.#return.save() as HTMLElement | null)?.blur();
  }

  /** Focus goes into the dialog. */
  enter(): void {
    this.#options.initial()?.focus();
  }

  /** Focus goes back where it was when the dialog showed, else to `fallback` (see `FocusReturn`). */
  restore(fallback: HTMLElement | undefined): void {
    this.#return.restore(fallback, this.#host.renderRoot);
  }

  hostConnected(): void {
    this.#host.addEventListener('focusin', this.#onFocusin);
    window.addEventListener('focus', this.#onWindowFocus);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('focusin', this.#onFocusin);
    window.removeEventListener('focus', this.#onWindowFocus);
    this.#last = undefined;
  }

  #onFocusin = (event: FocusEvent): void => {
    const target = event.composedPath()[0];
    if (target instanceof HTMLElement) this.#last = target;
  };

  #onWindowFocus = (): void => {
    const active = document.activeElement;
    if (!this.#options.shown() || (active !== null && active !== document.body)) return;
    // The element last focused, while Tab still reaches it; else where the dialog starts (a list
    // box's options: the active one, which may have moved since).
    const last = this.#last;
    if (last?.isConnected && last.tabIndex >= 0 && this.#host.renderRoot.contains(last)) last.focus();
    else this.enter();
  };
}
