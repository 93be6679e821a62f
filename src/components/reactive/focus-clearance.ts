import type { ReactiveController } from 'lit';
import { deepActiveElement } from '../internal/focus.js';

/** The element the controller keeps clear of focus: a floating notification stack. */
interface Stack extends HTMLElement {
  readonly floating: boolean;
  addController(controller: ReactiveController): void;
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Floating notifications never hide what has focus (WCAG 2.4.11): when focus lands on a control
 * the stack covers, the stack moves to the top edge of the window (`raised`), and back down once
 * focus is clear of it. Measured a frame after the focus moved, once the browser scrolled it into
 * view. A move inside one shadow root fires no `focusin` at the document, so a Tab released there
 * is looked at too.
 */
export class FocusClearance implements ReactiveController {
  readonly #stack: Stack;
  #frame: number | undefined;

  constructor(stack: Stack) {
    this.#stack = stack;
    stack.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('focusin', this.#schedule, true);
    document.addEventListener('keyup', this.#onKeyup, true);
  }

  hostDisconnected(): void {
    document.removeEventListener('focusin', this.#schedule, true);
    document.removeEventListener('keyup', this.#onKeyup, true);
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
  }

  // Only Tab moves focus by key: typing elsewhere costs nothing.
  #onKeyup = (event: KeyboardEvent): void => {
    if (event.key === 'Tab') this.#schedule();
  };

  #schedule = (): void => {
    if (!this.#stack.floating || this.#frame !== undefined) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#place();
    });
  };

  #place(): void {
    const stack = this.#stack;
    const target = deepActiveElement();
    if (!target || target === document.body || stack.contains(target)) return;
    if (stack.shadowRoot?.contains(target)) return;
    // Where the stack sits when down: does the focused control lie under it there?
    stack.removeAttribute('raised');
    stack.toggleAttribute('raised', overlap(target.getBoundingClientRect(), stack.getBoundingClientRect()));
  }
}
