/**
 * `RpcDialogElement`, the shell of the four dialogs: long because it is one lifecycle (open, answer
 * once, expire, close, focus) that every dialog shares; its parts are beside it in dialog/ and in
 * components/reactive/ (the countdown, focus).
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { responseFor } from '../../protocol/responses.js';
import type { DialogAnswer, DialogRequest } from '../../protocol/types.js';
import { dialogTimeout } from '../../protocol/types.js';
import { quotedText } from '../../protocol/ansi.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { RpcExpireEvent } from '../events/expire-event.js';
import { RpcResponseEvent } from '../events/response-event.js';
import { agentLineStyles, ansiText } from '../ansi-text/ansi-text.js';
import { Countdown } from '../reactive/countdown.js';
import { Notice } from '../reactive/notice.js';
import { dialogStyles } from './dialog.styles.js';
import { DialogFocus } from '../reactive/dialog-focus.js';
import { onDialogKeydown } from './dialog-keys.js';
import { format } from '../strings/format.js';
import { dialogEnglish } from '../strings/dialog-strings.js';
import { type Strings } from '../strings/strings.js';
import { guardStrayInput } from './stray-input.js';
import { actionButton } from './action-button.js';
import { cutNote, cutText } from './cut-text.js';
import { endLogin } from './end-login.js';

/** A click on the contained backdrop must not take focus out of the dialog (Escape works on). */
const keepFocus = (event: Event) => event.preventDefault();

/**
 * The shell every dialog element shares: a native `<dialog>` that answers its request exactly
 * once (see docs/elements.md for how it behaves).
 *
 * @fires rpc-response - standalone mode: the user answered; `detail` is the exact response object.
 * @fires rpc-expire - the request's timeout ran out before an answer; nothing was sent.
 * @csspart dialog - the dialog box
 * @csspart header - the title row
 * @csspart title - the request title
 * @csspart position - "1 of 3" when more dialogs wait
 * @csspart eyebrow - the line above the title of a login's question ("Log in to anthropic")
 * @csspart cut-note - a line that says the agent cut a text short (the title, say) to fit its frame
 * @csspart body - the element's content
 * @csspart countdown - the countdown row
 * @csspart countdown-text - the seconds left
 * @csspart countdown-bar - the decorative progress bar
 * @csspart actions - the button row
 * @csspart button - every button
 * @csspart primary-button - the primary button
 * @csspart notice - the brief note shown after a timeout
 * @cssprop --rpc-foreground - text colour (falls back to `--vscode-foreground`)
 * @cssprop --rpc-background - dialog background (falls back to `--vscode-editorWidget-background`)
 * @cssprop --rpc-border-color - borders (falls back to `--vscode-widget-border`)
 * @cssprop --rpc-focus-color - focus ring and countdown bar (falls back to `--vscode-focusBorder`)
 * @cssprop --rpc-button-background - primary button (falls back to `--vscode-button-background`)
 * @cssprop --rpc-button-foreground - primary button text (falls back to `--vscode-button-foreground`)
 * @cssprop --rpc-button-secondary-background - other buttons (falls back to `--vscode-button-secondaryBackground`)
 * @cssprop --rpc-input-background - fields (falls back to `--vscode-input-background`)
 * @cssprop --rpc-backdrop - the backdrop behind a modal dialog
 * @cssprop --rpc-radius - corner radius
 * @cssprop --rpc-font-family - font (falls back to `--vscode-font-family`)
 * @cssprop --rpc-ansi-dim-opacity - the opacity of dim (SGR 2) text
 * @cssprop --rpc-ansi-red - and the other `--rpc-ansi-<name>` colours: the 16 base ANSI colours
 */
export abstract class RpcDialogElement<R extends DialogRequest> extends BoundElement {
  static override styles = [...BoundElement.styles, agentLineStyles, dialogStyles];

  // The agent may name a login's provider after its question showed (a reload replays both).
  protected static override renders: RenderedState = { parts: ['logins'] };

  /** The request to show. Setting a new one opens the dialog; `undefined` closes it. */
  @property({ attribute: false })
  request: R | undefined;

  /**
   * Standalone: when the request arrived, on `clock` (defaults to the moment `request` was set);
   * the countdown runs to it plus the request's timeout. Bound, the controller's dialog says when
   * it arrived and when the agent stops waiting, and the controller ends it.
   */
  @property({ attribute: false })
  receivedAt: number | undefined;

  /**
   * When the agent stops waiting, on `clock`: the controller keeps it (`PendingDialog.deadline`)
   * and a queue host hands it on, so that the countdown follows a deadline the controller moves
   * (a replay with less time left). Unset, the element counts to `receivedAt` plus the timeout.
   */
  @property({ attribute: false })
  deadline: number | undefined;

  /** The monotonic clock for the countdown (defaults to the controller's, else `performance.now()`). */
  @property({ attribute: false })
  clock: Clock | undefined;

  /** Confine the overlay to the nearest positioned ancestor instead of the whole page (IDE sidebars). */
  @property({ type: Boolean, reflect: true })
  contained = false;

  /** Position in a queue of dialogs (1-based); with `total` > 1 it shows "1 of 3". */
  @property({ type: Number })
  position = 0;

  /** How many dialogs wait in the queue, this one included. */
  @property({ type: Number })
  total = 0;

  /** Where focus goes on close when the element focused before is gone (else to the element). */
  @property({ attribute: false })
  returnFocus: HTMLElement | undefined;

  /** Whether focus returns on close (a queue host turns this off while more dialogs follow). */
  @property({ attribute: false })
  restoreFocus = true;

  /** Whether the dialog is showing. */
  @property({ type: Boolean, reflect: true })
  open = false;

  /** Whether the current request has been answered or has expired (its buttons are disabled). */
  @state()
  protected settled = false;

  protected readonly countdown = new Countdown(this, () => {
    // Bound, the controller keeps the deadline and ends the dialog; its host moves on.
    if (!this.controller) this.#expire();
  });
  readonly #notice = new Notice(this);
  readonly #focus = new DialogFocus(this, { shown: () => this.#shown, initial: () => this.initialFocus() });
  // Enter and clicks meant for something else: held back for a moment after a request shows.
  readonly #armStrayInputGuard = guardStrayInput(this);
  // A title or body taller than its box scrolls: Tab reaches it then, so that keys scroll it.
  // (Else -1: a click on it keeps focus in the dialog, where Escape and Tab work.)
  readonly #scrollers = new ResizeObserver((entries) => {
    for (const { target } of entries)
      (target as HTMLElement).tabIndex = target.scrollHeight > target.clientHeight ? 0 : -1;
  });
  #shown = false;

  /** The native dialog in the shadow root, once rendered. */
  protected get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** The strings in effect: the element's language's, under the global and its own overrides. */
  protected get text(): Strings<typeof dialogEnglish> {
    return this.textFor(dialogEnglish);
  }

  /** The dialog role: `alertdialog` for confirm. */
  protected get dialogRole(): 'dialog' | 'alertdialog' {
    return 'dialog';
  }

  /** Ids inside the shadow root that describe the dialog, besides position and countdown. */
  protected describedBy(): string[] {
    return [];
  }

  /** The title, as shown and as the dialog's name (the agent's cut mark, if any, is taken off). */
  protected heading(request: R): string {
    return request.title;
  }

  /** A login's provider as the agent names it (bound), else its id. */
  protected providerName(id: string): string {
    return this.controller?.logins.providerName(id) ?? id;
  }

  /** The element's content. */
  protected abstract renderBody(request: R): TemplateResult | typeof nothing;

  /** The element's buttons. */
  protected abstract renderActions(request: R): TemplateResult;

  /** What Ctrl/Cmd+Enter does. */
  protected abstract primaryAction(): void;

  /** Where focus goes on open. */
  protected abstract initialFocus(): HTMLElement | null | undefined;

  /**
   * Answer the current request once. Standalone, fires `rpc-response`; bound, calls the
   * controller's `respond`.
   * @returns whether this call answered (later calls, and calls after expiry, return false)
   */
  answer(answer: DialogAnswer): boolean {
    const request = this.request;
    if (!request || this.settled) return false;
    const controller = this.controller;
    if (!controller) {
      const response = responseFor(request, answer);
      this.settled = true;
      this.dispatchEvent(new RpcResponseEvent(response));
    } else {
      this.settled = true;
      // Not sent (no connection): the dialog stays, so the user can try again.
      if (controller.respond(request.id, answer) === 'send-failed') {
        this.settled = false;
        return false;
      }
    }
    this.#close();
    return true;
  }

  /**
   * The row most dialogs end with: an optional keyboard hint, Cancel, and the primary Submit.
   * @param submit what Submit does
   */
  protected renderSubmitActions(
    submit: () => void,
    options: {
      readonly hint?: string;
      readonly submitDisabled?: boolean;
      readonly submitLabel?: string;
    } = {},
  ): TemplateResult {
    const text = this.text;
    const { hint, submitDisabled = false, submitLabel = text.submit } = options;
    return html`${hint === undefined ? nothing : html`<span id="hint" class="hint" part="hint">${hint}</span>`}
      ${actionButton('cancel', text.cancel, this.cancel, this.settled)}
      ${actionButton('submit', submitLabel, submit, this.settled || submitDisabled, true)}`;
  }

  /** Cancel the current request (`{cancelled: true}`), as Escape does; a login's question ends its login. */
  cancel(): boolean {
    if (this.request && this.controller && endLogin(this.controller, this.request)) return true;
    return this.answer({ cancelled: true });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page while open: the browser took the modal dialog out of the top layer (the
    // page behind works again) and focus out of it. (On the first connection there is no dialog.)
    const dialog = this.dialog;
    if (!dialog?.open) return;
    if (!this.contained) {
      dialog.close();
      dialog.showModal();
    }
    this.#focus.enter();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const request = this.request;
    if (changed.has('request')) {
      this.open = request !== undefined;
      if (request) {
        this.settled = false;
        this.#notice.show('');
        if (!changed.has('receivedAt')) this.receivedAt = this.clockInUse.now();
      }
    }
    if (request && !this.settled) this.#count(changed, request);
  }

  /** Count down to the controller's deadline for the request when bound, else to its own. */
  #count(changed: PropertyValues<this>, request: R): void {
    const inputs = ['request', 'receivedAt', 'deadline', 'clock', 'controller'] as const;
    if (!inputs.some((name) => changed.has(name))) return;
    const pending = this.controller?.dialogs.find((dialog) => dialog.request === request);
    const start = pending?.receivedAt ?? this.receivedAt ?? this.clockInUse.now();
    const timeout = dialogTimeout(request);
    const deadline = pending
      ? pending.deadline
      : (this.deadline ?? (timeout === undefined ? undefined : start + timeout));
    this.countdown.start(this.clockInUse, start, deadline);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('request')) return;
    if (this.request) this.#show();
    else this.#close();
  }

  protected override render(): TemplateResult {
    const request = this.request;
    if (!request) return this.#notice.render();
    const { text, countdown, position, total, locale } = this;
    const queued = total > 1 && position > 0;
    const { seconds } = countdown;
    const { login } = request;
    const title = cutText(this.heading(request));
    const described = [
      login && 'eyebrow',
      title.omitted && 'title-cut',
      ...this.describedBy(),
      queued && 'position',
      seconds !== undefined && 'countdown',
    ]
      .filter(Boolean)
      .join(' ');
    return html`${this.contained && this.open ? html`<div class="backdrop" part="backdrop" @mousedown=${keepFocus}></div>` : nothing}
      <dialog part="dialog" role=${this.dialogRole} aria-modal="true" aria-labelledby="title"
        aria-describedby=${described || nothing}
        @keydown=${this.#onKeydown} @cancel=${this.#onCancel} @close=${this.#onClose}>
        <div class="header" part="header">
          ${
            login
              ? html`<p id="eyebrow" class="eyebrow" part="eyebrow"
                ><bdi>${format(text.loginEyebrow, { provider: this.providerName(login.provider) })}</bdi></p>`
              : nothing
          }
          <h2 id="title" part="title">${ansiText(title.text, { lines: true, truncated: text.textTruncated, locale })}</h2>
          ${
            queued
              ? html`<span id="position" class="position" part="position"
                ><bdi>${format(text.position, { index: position, total }, locale)}</bdi></span>`
              : nothing
          }
        </div>
        <div class="body" part="body">${cutNote('title-cut', text.titleCut, title.omitted, locale)}${this.renderBody(request)}</div>
        ${countdown.render(text, locale)}
        <div class="actions" part="actions">${this.renderActions(request)}</div>
        ${countdown.renderAnnouncement(text, locale)}
      </dialog>
      ${this.#notice.render()}`;
  }

  /** The clock in effect: `clock`, else the controller's, else `performance.now()`. */
  protected get clockInUse(): Clock {
    return this.clock ?? this.controller?.clock ?? systemClock;
  }

  #show(): void {
    const dialog = this.dialog;
    if (!dialog || this.settled) return;
    if (!dialog.open) {
      this.#focus.save();
      if (this.contained) dialog.show();
      else dialog.showModal();
      this.#shown = true;
    }
    this.#armStrayInputGuard();
    for (const scroller of dialog.querySelectorAll('h2, .body')) this.#scrollers.observe(scroller);
    this.#focus.enter();
  }

  #close(): void {
    this.countdown.stop();
    const wasShown = this.#shown;
    this.#shown = false;
    this.open = false;
    this.dialog?.close(); // nothing happens when it is closed already
    if (wasShown && this.restoreFocus) this.#focus.restore(this.returnFocus);
  }

  #expire(): void {
    const request = this.request;
    if (!request || this.settled) return;
    this.settled = true;
    const message = format(this.text.expired, { title: quotedText(cutText(this.heading(request)).text) });
    this.#close();
    this.dispatchEvent(new RpcExpireEvent(request, message));
    if (!this.controller) this.#notice.show(message, 6000); // bound, the queue host reports it
  }

  // Lit calls these listeners with the element as `this`.

  #onKeydown(event: KeyboardEvent): void {
    onDialogKeydown(event, event.currentTarget as HTMLDialogElement, {
      cancel: () => this.cancel(),
      primary: () => this.primaryAction(),
    });
  }

  #onCancel(event: Event): void {
    // Escape is handled on keydown; never let the platform close the dialog without an answer.
    event.preventDefault();
  }

  #onClose(): void {
    // Closed by something else (e.g. the platform's close watcher): that is a cancel. The event
    // comes a task after close(): by then the dialog may show the next request (open again).
    if (this.open && !this.settled && !this.dialog?.open) this.cancel();
  }
}
