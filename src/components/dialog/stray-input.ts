/**
 * Input meant for something else must not answer a dialog that has just shown: an Enter typed for
 * the composer as a permission prompt pops up, or a second Enter or click after answering the
 * dialog before (the next one shows in the same place). Browsers guard their own prompts the same
 * way. A dialog that shows within {@link strayInput.guardMs} of the user's last key press or
 * pointer press ignores Enter and clicks for that long after showing, and for as long after each
 * key pressed meanwhile (someone still typing); other keys (arrows, typing, Escape, which only
 * cancels) work at once. Only the user's own input counts (`isTrusted`), so scripts that answer
 * are never held back.
 */
export const strayInput = {
  /** How long, in ms, the guard holds (default 500, about a double click). `0` turns it off. */
  guardMs: 500,
};

let lastInput = Number.NEGATIVE_INFINITY;
// One clock for all, the page's: an event's timeStamp runs on its own document's (an iframe's, a
// picture-in-picture window's) and would not compare.
const record = (event: Event): void => {
  if (event.isTrusted) lastInput = performance.now();
};
// From the start: the key press that matters may come before the first dialog is even created.
// (Optional calls: the module may be evaluated where there is no window, e.g. server rendering.)
globalThis.addEventListener?.('keydown', record, true);
globalThis.addEventListener?.('pointerdown', record, true);

/**
 * Guard a dialog element: capture listeners on `host` stop an Enter or a click that comes too soon
 * after a request showed, before any control in its shadow root sees it. A key pressed meanwhile
 * (the user is still typing) holds the guard on until the keys pause for as long.
 * @returns `arm`, to call when a request shows
 */
export function guardStrayInput(host: HTMLElement): () => void {
  let until = 0;
  const hold = (event: Event): void => {
    const now = performance.now();
    if (!event.isTrusted || now >= until) return;
    if (event.type === 'keydown') until = now + strayInput.guardMs;
    // A click has no key: it is held back like Enter.
    if (((event as KeyboardEvent).key ?? 'Enter') === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  host.addEventListener('keydown', hold, true);
  host.addEventListener('click', hold, true);
  return () => {
    const now = performance.now();
    until = now - lastInput < strayInput.guardMs ? now + strayInput.guardMs : 0;
  };
}
