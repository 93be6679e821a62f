/** Where focus was before, seen through shadow roots. */

let lastBlurred: Element | undefined;
// `relatedTarget` is retargeted to a shadow host (which may not take focus): this keeps the real
// element that focus left, inside whatever shadow root. (Optional call: no document when
// rendered on a server.)
globalThis.document?.addEventListener(
  'focusout',
  (event) => {
    lastBlurred = event.composedPath()[0] as Element;
  },
  true,
);

/** The element that last lost focus, looking inside shadow roots (during `focusin`: the one before). */
export function lastFocused(): Element | undefined {
  return lastBlurred;
}
