/**
 * Whether a key event belongs to an IME composition (Japanese, Chinese…): the Enter that commits
 * it and the Escape that drops it are the input method's, never an answer or a dismissal. Safari
 * sends the key that ends a composition with `isComposing` false but `keyCode` 229.
 */
export function isComposing(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}

/**
 * Whether a key event is Tab or Shift+Tab. WebKitGTK names Shift+Tab's key `Unidentified` (GTK's
 * ISO_Left_Tab) while its `code` stays `Tab`.
 */
export function isTab(event: KeyboardEvent): boolean {
  return event.key === 'Tab' || (event.key === 'Unidentified' && event.code === 'Tab');
}

/**
 * Which Enter a key event is, the one key rule every handler shares: `primary` with Ctrl or Cmd
 * (a dialog's primary action, from anywhere in it), `plain` with no modifier at all (submit a
 * field, pick the active option); `undefined` for any other key, for Shift+Enter or Alt+Enter
 * (a new line, the platform's), and for the Enter that ends an IME composition.
 */
export function enterKind(event: KeyboardEvent): 'plain' | 'primary' | undefined {
  if (event.key !== 'Enter' || isComposing(event)) return undefined;
  if (event.ctrlKey || event.metaKey) return 'primary';
  return event.altKey || event.shiftKey ? undefined : 'plain';
}
