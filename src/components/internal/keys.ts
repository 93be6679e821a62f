/**
 * Whether a key event belongs to an IME composition (Japanese, Chinese…): the Enter that commits
 * it and the Escape that drops it are the input method's, never an answer or a dismissal. Safari
 * sends the key that ends a composition with `isComposing` false but `keyCode` 229.
 */
export function isComposing(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}
