import { html, type TemplateResult } from 'lit';
import { elidedCount } from '../../protocol/chunks.js';
import type { ConfirmRequest } from '../../protocol/types.js';
import { ansiText } from '../ansi-text/ansi-text.js';
import { actionButton } from '../dialog/action-button.js';
import { cutNote, cutText } from '../dialog/cut-text.js';
import { RpcDialogElement } from '../dialog/dialog-element.js';
import { confirmStyles } from './rpc-confirm.styles.js';
import { confirmEnglish, dialogEnglish } from '../strings/dialog-strings.js';
import { type Strings } from '../strings/strings.js';

/**
 * A yes/no question (`confirm`): an alert dialog described by its message (kept as written,
 * several lines included). "Yes" answers `{confirmed: true}`, "No" `{confirmed: false}`, Escape
 * `{cancelled: true}`. Focus starts on "No", the non-destructive choice; Ctrl/Cmd+Enter says yes.
 * A message the agent cut to fit its frame is shown without the cut mark, and a line says so.
 *
 * @tagname rpc-confirm
 * @summary The confirm dialog.
 * @csspart message - the question's body
 * @csspart confirm-button - the "Yes" button
 * @csspart deny-button - the "No" button
 */
export class RpcConfirm extends RpcDialogElement<ConfirmRequest> {
  static override styles = [...RpcDialogElement.styles, confirmStyles];

  protected override get dialogRole(): 'alertdialog' {
    return 'alertdialog';
  }

  protected override describedBy(): string[] {
    return elidedCount(this.request?.message ?? '') ? ['message', 'message-cut'] : ['message'];
  }

  protected override get text(): Strings<typeof dialogEnglish & typeof confirmEnglish> {
    return this.textFor({ ...dialogEnglish, ...confirmEnglish });
  }

  protected override renderBody(request: ConfirmRequest): TemplateResult {
    const { text, locale } = this;
    const message = cutText(request.message);
    return html`<p id="message" class="message" part="message">${ansiText(message.text, { lines: true, truncated: text.textTruncated, locale })}</p>
      ${cutNote('message-cut', text.messageCut, message.omitted, locale)}`;
  }

  protected override renderActions(): TemplateResult {
    const text = this.text;
    return html`
      ${actionButton('deny', text.deny, this.#deny, this.settled)}
      ${actionButton('confirm', text.confirm, this.primaryAction, this.settled, true)}
    `;
  }

  /** Says yes. */
  protected override primaryAction(): void {
    this.answer({ confirmed: true });
  }

  protected override initialFocus(): HTMLElement | null {
    return this.renderRoot.querySelector('[data-action="deny"]');
  }

  #deny(): void {
    this.answer({ confirmed: false });
  }
}
