import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { EditorRequest } from '../../protocol/types.js';
import { cutMark, cutNote, cutText } from '../dialog/cut-text.js';
import { TextDialogElement } from '../dialog/text-dialog.js';
import { monoToken } from '../internal/mono.styles.js';
import { editorStyles } from './rpc-editor.styles.js';
import { dialogEnglish, editorEnglish } from '../strings/dialog-strings.js';
import { type Strings } from '../strings/strings.js';

/**
 * Multi-line text (`editor`): a monospace textarea named by the title, holding the request's
 * prefill exactly (newlines, tabs, U+2028, a trailing newline), focused on open with the caret
 * at the end. Enter is a newline and Tab leaves the field, as in any textarea; Ctrl/Cmd+Enter or
 * "OK" answers `{value}` with the text exactly as edited; Escape or "Cancel" answers
 * `{cancelled: true}`. Never counts down. Form-associated: the last submitted text is `value`
 * and the form value under `name`.
 *
 * oh-my-pi's `promptStyle: true` shows it as a prompt, a styling hint only: a composer of a few
 * lines in the interface's font that grows with the text (where the browser supports
 * `field-sizing`), the title as its label, and "Send"; the keys are the same.
 *
 * A prefill the agent cut to fit its frame (oh-my-pi without protocol v2) says so above the field,
 * and its last line is the agent's cut mark (`…[N chars elided for RPC frame]`). The text is not
 * sent back while that mark is in it: Submit says why and the dialog stays open, to edit or
 * cancel. Once the user deletes the mark, the text is theirs.
 *
 * @tagname rpc-editor
 * @summary The multi-line text dialog.
 * @csspart textarea - the text area
 * @csspart hint - the keyboard hint
 * @csspart refusal - why Submit sent nothing (the agent's cut text)
 * @csspart submit-button - the "OK" button ("Send" as a prompt)
 * @csspart cancel-button - the "Cancel" button
 */
export class RpcEditor extends TextDialogElement<EditorRequest> {
  static override styles = [...TextDialogElement.styles, monoToken, editorStyles];

  protected override get text(): Strings<typeof dialogEnglish & typeof editorEnglish> {
    return this.textFor({ ...dialogEnglish, ...editorEnglish });
  }

  protected override renderBody(request: EditorRequest): TemplateResult {
    const { omitted } = cutText(request.prefill ?? '');
    const prompt = request.promptStyle === true;
    // A new request gets a new textarea with its prefill (or the text typed before a reload);
    // re-renders leave the edits alone.
    return html`${cutNote('prefill-cut', this.text.prefillCut, omitted, this.locale)}${keyed(
      request,
      html`<textarea id="field" part="textarea" class=${prompt ? 'prompt' : nothing} rows=${prompt ? 3 : 12}
        aria-labelledby="title" aria-describedby=${this.fieldDescription(omitted > 0 && 'prefill-cut')}
        aria-invalid=${this.refused ? 'true' : nothing}
        .value=${this.draft ?? request.prefill ?? ''} @input=${this.keepDraft}></textarea>`,
    )}${this.renderRefusal()}`;
  }

  protected override renderActions(request: EditorRequest): TemplateResult {
    const text = this.text;
    const prompt = request.promptStyle === true;
    return this.renderSubmitActions(this.primaryAction, {
      hint: prompt ? text.promptHint : text.editorHint,
      submitLabel: prompt ? text.promptSubmit : text.submit,
    });
  }

  /** The agent's cut text is not sent back as the user's while its cut mark is in it. */
  protected override refusal(value: string): string | undefined {
    const mark = cutMark(this.request?.prefill ?? '');
    return mark !== undefined && value.includes(mark) ? this.text.prefillCutRefused : undefined;
  }

  /** The textarea, with the caret at the end of the text and scrolled to it. */
  protected override initialFocus(): HTMLElement | null {
    const field = this.field;
    if (field) {
      const end = field.value.length;
      field.setSelectionRange(end, end);
      field.scrollTop = field.scrollHeight;
    }
    return field;
  }
}
