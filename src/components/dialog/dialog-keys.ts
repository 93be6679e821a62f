import { wrapTab } from '../internal/focus.js';
import { enterKind, isComposing } from '../internal/keys.js';

/** What a dialog's keys do. */
export interface DialogKeyActions {
  cancel(): void;
  primary(): void;
}

/**
 * A dialog's keydown: Escape cancels, Ctrl/Cmd+Enter is the primary action, Tab stays inside
 * `dialog`. Every other key goes on (to the page, or to an IDE around it).
 */
export function onDialogKeydown(
  event: KeyboardEvent,
  dialog: HTMLDialogElement,
  actions: DialogKeyActions,
): void {
  // The Enter that commits an IME composition, the Escape that drops it: the input method's.
  if (isComposing(event)) return;
  // A held-down key repeats: it must not answer the next dialog too.
  const once = !event.repeat;
  if (event.key === 'Escape') {
    event.preventDefault();
    if (once) actions.cancel();
  } else if (enterKind(event) === 'primary') {
    event.preventDefault();
    if (once) actions.primary();
  } else if (event.key === 'Enter' && !once && event.target instanceof HTMLButtonElement) {
    event.preventDefault(); // the repeated key press would click the next dialog's button
  } else {
    wrapTab(event, dialog);
  }
}
