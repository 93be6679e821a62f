import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { InputRequest } from '../../protocol/types.js';
import { enterKind } from '../internal/keys.js';
import { cutNote, cutText } from '../dialog/cut-text.js';
import { TextDialogElement } from '../dialog/text-dialog.js';
import { inputStyles } from './rpc-input.styles.js';
import { dialogEnglish, inputEnglish, stringsFor } from '../strings/strings.js';

/**
 * Free-form, single-line text (`input`): a text field named by the title, focused on open, with
 * the request's placeholder shown as a placeholder. Enter (outside an IME composition) or
 * "OK" answers `{value}` with the text exactly as typed, `""` included; Escape or "Cancel"
 * answers `{cancelled: true}`. Form-associated: the last submitted text is `value` and the form
 * value under `name`.
 *
 * A placeholder the agent cut to fit its frame is shown without the cut mark, and a line under
 * the field says so.
 *
 * @tagname rpc-input
 * @summary The single-line text dialog.
 * @csspart field - the text field
 * @csspart hint - the keyboard hint
 * @csspart submit-button - the "OK" button
 * @csspart cancel-button - the "Cancel" button
 */
export class RpcInput extends TextDialogElement<InputRequest> {
  static override styles = [...TextDialogElement.styles, inputStyles];

  protected override get text(): typeof dialogEnglish & typeof inputEnglish {
    return stringsFor({ ...dialogEnglish, ...inputEnglish }, this.strings);
  }

  protected override renderBody(request: InputRequest): TemplateResult {
    const placeholder = cutText(request.placeholder ?? '');
    // A new request gets a new, empty field (or the text typed before a reload).
    return html`${keyed(
      request,
      html`<input id="field" part="field" type="text" autocomplete="off" enterkeyhint="done"
        aria-labelledby="title" aria-describedby=${this.fieldDescription(placeholder.omitted > 0 && 'placeholder-cut')}
        placeholder=${request.placeholder === undefined ? nothing : placeholder.text}
        .value=${this.draft ?? ''} @input=${this.keepDraft} @keydown=${this.#onKeydown} />`,
    )}${cutNote('placeholder-cut', this.text.placeholderCut, placeholder.omitted)}`;
  }

  protected override renderActions(): TemplateResult {
    return this.renderSubmitActions(this.primaryAction, { hint: this.text.inputHint });
  }

  #onKeydown(event: KeyboardEvent): void {
    // Ctrl/Cmd+Enter is the shell's; an Enter that ends an IME composition only commits the text.
    if (enterKind(event) !== 'plain') return;
    event.preventDefault();
    // A held-down Enter repeats: it must not answer the next dialog too.
    if (!event.repeat) this.primaryAction();
  }
}
