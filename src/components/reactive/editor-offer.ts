import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import type { ExtensionUIController } from '../../controller/controller.js';
import { bindEditorText, type EditorField, type EditorTextBinding } from '../bindings/editor-text-binding.js';
import { stripAnsi } from '../../protocol/ansi.js';
import type { hostEnglish } from '../strings/host-strings.js';
import type { Strings } from '../strings/strings.js';

/** How much of the agent's text the offer shows. */
const PREVIEW_CHARS = 300;

/**
 * The agent's editor text for the host's composer, when the user has a draft there: the draft is
 * never replaced by itself. The agent's text waits as an offer beside the composer, to use (it
 * then replaces the draft) or to dismiss (the draft stays); a newer one replaces the offer, and
 * one that comes while the composer is empty or untouched goes in at once.
 */
export class EditorOffer implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #binding: EditorTextBinding | undefined;
  #field: (() => EditorField | undefined) | undefined;
  #offered: string | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
    host.addEventListener('rpc-editor-text', (event) => {
      const offered = event.detail.deferred ? this.#binding?.pending() : undefined;
      // Most editor text goes straight in: the host renders only when the offer changes.
      if (offered === this.#offered) return;
      this.#offered = offered;
      host.requestUpdate();
    });
  }

  /** Follow `controller`'s editor text into `target` (looked up in `root`); nothing without one. */
  bind(controller: ExtensionUIController, target: string | undefined, root: ParentNode): void {
    this.unbind();
    this.#binding = bindEditorText(controller, {
      eventTarget: this.#host,
      target,
      root,
      deferUntil: 'apply',
      keepDrafts: true,
    });
    this.#field = () => {
      const found = target ? root.querySelector(target) : null;
      return found instanceof HTMLTextAreaElement || found instanceof HTMLInputElement ? found : undefined;
    };
  }

  unbind(): void {
    this.#binding?.();
    this.#binding = undefined;
    this.#offered = undefined;
  }

  hostDisconnected(): void {
    this.unbind();
  }

  /** The offer, while there is one: what the agent would put in the composer, Use, and Keep mine. */
  render(text: Strings<typeof hostEnglish>): TemplateResult | typeof nothing {
    const offered = this.#offered;
    if (offered === undefined) return nothing;
    const shown = stripAnsi(offered);
    const preview = shown.length > PREVIEW_CHARS ? `${shown.slice(0, PREVIEW_CHARS)}…` : shown;
    return html`<div class="editor-offer" part="editor-offer" role="group" aria-labelledby="editor-offer-label">
      <p id="editor-offer-label" part="editor-offer-label" role="status">${text.editorOffer}</p>
      <pre class="editor-offer-text" part="editor-offer-text">${preview}</pre>
      <div class="editor-offer-actions">
        <button type="button" part="editor-offer-use" @click=${this.#use}>${text.editorOfferUse}</button>
        <button type="button" part="editor-offer-keep" @click=${this.#keep}>${text.editorOfferKeep}</button>
      </div>
    </div>`;
  }

  #use = (): void => this.#settle(() => this.#binding?.apply());

  #keep = (): void => this.#settle(() => this.#binding?.discard());

  /** Settle the offer, and give focus back to the composer, where the user was going on. */
  #settle(how: () => void): void {
    how();
    this.#offered = undefined;
    this.#host.requestUpdate();
    this.#field?.()?.focus();
  }
}
