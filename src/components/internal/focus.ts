/** Focus helpers that see through shadow roots. */
import { isTab } from './keys.js';

const FOCUSABLE = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Keep Tab and Shift+Tab inside `container`: each moves to the next or previous of its tabbable
 * elements (disabled and hidden ones left out), in document order, wrapping at either end; from
 * outside them, Tab goes to the first and Shift+Tab to the last. Every step is taken here rather
 * than left to the browser, so that each engine keeps focus inside.
 */
export function wrapTab(event: KeyboardEvent, container: Element): void {
  if (!isTab(event) || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
  if (items.length === 0) return;
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement;
  const index = items.indexOf(active as HTMLElement);
  const step = event.shiftKey ? -1 : 1;
  const next =
    index < 0 ? items.at(event.shiftKey ? -1 : 0) : items[(index + step + items.length) % items.length];
  event.preventDefault();
  next?.focus();
}

/** The element that really has focus, looking inside open shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Remembers where focus was when an overlay opened, to give it back when it closes. */
export class FocusReturn {
  #previous: Element | null = null;

  /** Remember the element that really has focus now ({@link deepActiveElement}); return it. */
  save(): Element | null {
    this.#previous = deepActiveElement();
    return this.#previous;
  }

  /**
   * Focus the element remembered, else `fallback`, else the host's notice region in `root`
   * (standing in for the host, which in page mode is `display: contents` and cannot take focus):
   * the first that takes it. The page's body is nothing to go back to: it had focus only because
   * nothing did (a dialog that came back with a reload, or while the page was not in use), and
   * keys go nowhere from there.
   */
  restore(fallback: HTMLElement | undefined, root: ParentNode): void {
    const candidates = [this.#previous, fallback, root.querySelector('.notice')];
    this.#previous = null;
    for (const target of candidates) {
      if (!(target instanceof HTMLElement) || target === document.body) continue;
      target.focus();
      if ((target.getRootNode() as Document | ShadowRoot).activeElement === target) return;
    }
  }
}
