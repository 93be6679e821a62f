/** Focus helpers that see through shadow roots. */

/** The element that really has focus, looking inside open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const FOCUSABLE = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

/** Tabbable elements inside `container`, in DOM order (disabled and hidden ones left out). */
export function tabbables(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Keep Tab and Shift+Tab inside `container`: from the last tabbable Tab goes to the first and back.
 * @returns whether the key was handled (then its default was prevented)
 */
export function wrapTab(event: KeyboardEvent, container: ParentNode, root: ShadowRoot): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const items = tabbables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const active = root.activeElement;
  const outside = !active || !items.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
