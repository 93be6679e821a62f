import type { EditorRequest, InputRequest } from '../../protocol/types.js';
import { FormValueDialogElement } from './form-value.js';

/**
 * A dialog answered with text the user types (input, editor). Bound to a controller, what they
 * type is kept as the dialog's draft there (`controller.setDraft`), so a snapshot brings it back
 * with the dialog after a reload or a hidden VS Code webview.
 */
export abstract class TextDialogElement<
  R extends InputRequest | EditorRequest,
> extends FormValueDialogElement<R> {
  /** The text typed in this request's field before a reload, if the controller kept it. */
  protected get draft(): string | undefined {
    return this.request && this.controller?.draft(this.request.id);
  }

  /** The field's `input` listener (Lit calls it with the element as `this`): keep the draft. */
  protected keepDraft(event: Event): void {
    if (this.request) this.controller?.setDraft(this.request.id, (event.target as HTMLInputElement).value);
  }
}
