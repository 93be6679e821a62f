import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { InputRequest } from '../../protocol/types.js';
import { enterKind } from '../internal/keys.js';
import { webAddress } from '../login/links.js';
import { cutNote, cutText } from '../dialog/cut-text.js';
import { TextDialogElement } from '../dialog/text-dialog.js';
import { inputStyles } from './rpc-input.styles.js';
import { format } from '../strings/format.js';
import { dialogEnglish, inputEnglish } from '../strings/dialog-strings.js';
import { type Strings } from '../strings/strings.js';

/**
 * Free-form, single-line text (`input`): a text field named by the title, focused on open, with
 * the request's placeholder shown as a placeholder. Enter (outside an IME composition) or
 * "OK" answers `{value}` with the text exactly as typed, `""` included; Escape or "Cancel"
 * answers `{cancelled: true}`. Form-associated: the last submitted text is `value` and the form
 * value under `name`.
 *
 * A question of an agent's login (atomic's `oauth_*`, `request.login`) names the provider above
 * the title. Its manual-code question comes without a title: the element words one, and links the
 * login's page (http and https only, never opened by itself), where the code comes from; it is
 * never sent empty: Submit says what it needs and the dialog stays open. A login's other
 * questions (`oauth_prompt`) take a blank answer, as atomic's own terminal does ("blank for
 * github.com"). A placeholder the agent cut to fit its frame is shown without
 * the cut mark, and a line under the field says so.
 *
 * @tagname rpc-input
 * @summary The single-line text dialog.
 * @csspart field - the text field
 * @csspart hint - the keyboard hint
 * @csspart refusal - why Submit sent nothing (an empty code for a login)
 * @csspart login-page - the link to the login's page, beside its manual-code question
 * @csspart submit-button - the "OK" button
 * @csspart cancel-button - the "Cancel" button
 */
export class RpcInput extends TextDialogElement<InputRequest> {
  static override styles = [...TextDialogElement.styles, inputStyles];

  protected override get text(): Strings<typeof dialogEnglish & typeof inputEnglish> {
    return this.textFor({ ...dialogEnglish, ...inputEnglish });
  }

  /** A login's manual-code question has no title of its own: it asks for the code. */
  protected override heading(request: InputRequest): string {
    const { login, title } = request;
    return login?.method === 'oauth_manual_code' && !title
      ? format(this.text.loginCodeTitle, { provider: this.providerName(login.provider) })
      : title;
  }

  /**
   * The page of the login this question belongs to, as a link, when it is a web address: the
   * code it asks for comes from there, and the login panel is behind the dialog.
   */
  #loginPage(request: InputRequest): TemplateResult | typeof nothing {
    const loginId = request.login?.loginId;
    const url = this.controller?.logins.list.find((entry) => entry.key === loginId)?.url?.url;
    const address = url === undefined ? undefined : webAddress(url);
    if (!address) return nothing;
    return html`<p part="login-page" class="login-page"><a href=${address.href} target="_blank" rel="noopener noreferrer">${format(this.text.loginPageLink, { host: address.host })}</a></p>`;
  }

  protected override renderBody(request: InputRequest): TemplateResult {
    const placeholder = cutText(request.placeholder ?? '');
    // A new request gets a new, empty field (or the text typed before a reload).
    return html`${keyed(
      request,
      html`<input id="field" part="field" type="text" autocomplete="off" enterkeyhint="done"
        aria-labelledby="title" aria-describedby=${this.fieldDescription(placeholder.omitted > 0 && 'placeholder-cut')}
        aria-invalid=${this.refused ? 'true' : nothing} placeholder=${request.placeholder === undefined ? nothing : placeholder.text}
        .value=${this.draft ?? ''} @input=${this.keepDraft} @keydown=${this.#onKeydown} />`,
    )}${cutNote('placeholder-cut', this.text.placeholderCut, placeholder.omitted, this.locale)}${this.renderRefusal()}${this.#loginPage(request)}`;
  }

  protected override renderActions(): TemplateResult {
    return this.renderSubmitActions(this.primaryAction, { hint: this.text.inputHint });
  }

  /** An empty code would only end the login in a failure ("Missing authorization code"). */
  protected override refusal(value: string): string | undefined {
    return value.trim() === '' && this.request?.login?.method === 'oauth_manual_code'
      ? this.text.loginCodeRefused
      : undefined;
  }

  #onKeydown(event: KeyboardEvent): void {
    // Ctrl/Cmd+Enter is the shell's; an Enter that ends an IME composition only commits the text.
    if (enterKind(event) !== 'plain') return;
    event.preventDefault();
    // A held-down Enter repeats: it must not answer the next dialog too.
    if (!event.repeat) this.primaryAction();
  }
}
