import { html, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import type { EditorRequest, InputRequest } from '../../protocol/types.js';
import { FormValueDialogElement } from './form-value.js';

/**
 * A dialog answered with text the user types (input, editor). Bound to a controller, what they
 * type is kept as the dialog's draft there (`controller.setDraft`), so a snapshot brings it back
 * with the dialog after a reload or a hidden VS Code webview.
 *
 * Some text is not sent ({@link refusal}): Submit then says why, visibly and to screen readers,
 * and leaves the dialog open to edit the text or cancel.
 */
export abstract class TextDialogElement<
  R extends InputRequest | EditorRequest,
> extends FormValueDialogElement<R> {
  /** Why the last Submit sent nothing (`''`: it did, or the text changed since). */
  @state()
  protected refused = '';

  /** The text typed in this request's field before a reload, if the controller kept it. */
  protected get draft(): string | undefined {
    return this.request && this.controller?.draft(this.request.id);
  }

  /** Why `value` may not be sent as the answer, or `undefined` when it may (none: it always may). */
  protected refusal?(value: string): string | undefined;

  /** The ids that describe the field: the hint, `more`, and why Submit sent nothing (if it did not). */
  protected fieldDescription(...more: (string | false)[]): string {
    return ['hint', ...more, this.refused && 'refusal'].filter(Boolean).join(' ');
  }

  /**
   * The line that says why Submit sent nothing: an assertive live region, empty until then. Not
   * `role="alert"`: WebKit leaves an alert's text out of the field's description.
   */
  protected renderRefusal(): TemplateResult {
    return html`<p id="refusal" class="refusal" part="refusal" aria-live="assertive">${this.refused}</p>`;
  }

  /** Submit the field's text, or say why not and give the field focus back to edit it. */
  protected override primaryAction(): void {
    const value = this.pendingValue;
    if (value === undefined || this.settled) return;
    this.refused = this.refusal?.(value) ?? '';
    if (this.refused) this.field?.focus();
    else this.submit(value);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('request')) this.refused = '';
  }

  /** The field's `input` listener (Lit calls it with the element as `this`): keep the draft. */
  protected keepDraft(event: Event): void {
    this.refused = '';
    if (this.request) this.controller?.setDraft(this.request.id, (event.target as HTMLInputElement).value);
  }
}
