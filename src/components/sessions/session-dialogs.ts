/**
 * The two modal dialogs of `rpc-sessions`: name the current session, and fork it from one of its
 * prompts. Each is a native `<dialog>` named by its title, `aria-modal`, over a backdrop of its own
 * that takes the pointer; Tab stays inside, Escape closes it, and focus goes back to the button
 * that opened it.
 *
 * Shown with `show()`, not `showModal()`: with a modal one, Orca in Firefox said nothing as it
 * opened and stayed in browse mode, so the name typed next ran Orca's navigation keys instead
 * (docs/accessibility.md, "The console's panels"). The kit's contained dialogs are shown the same way.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ForkPoint } from '../../protocol/sessions.js';
import { plainText } from '../ansi-text/ansi-text.js';
import { onDialogKeydown } from '../dialog/dialog-keys.js';
import { enterKind } from '../internal/keys.js';
import { onListKeydown } from '../internal/list-keys.js';
import { TypeAheadBuffer } from '../select/typeahead.js';
import type { sessionsEnglish } from '../strings/session-strings.js';
import type { Strings } from '../strings/strings.js';

/** The strings the sessions panel and its dialogs show. */
export type SessionText = Strings<typeof sessionsEnglish>;

/** The most a session's name may hold (the bridge's limit). */
const NAME_LIMIT = 200;

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** What both dialogs do: open over the page, close, give focus back. */
abstract class SessionDialog {
  protected readonly host: Host;
  #opener: HTMLElement | undefined;

  constructor(host: Host) {
    this.host = host;
  }

  /** The dialog's id in the host's shadow root. */
  protected abstract readonly id: string;

  protected get dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector<HTMLDialogElement>(`#${this.id}`);
  }

  /** Show the dialog; `opener` gets focus back when it closes. */
  protected async show(opener: HTMLElement): Promise<HTMLDialogElement | undefined> {
    this.#opener = opener;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.dialog;
    if (!dialog || dialog.open) return undefined;
    dialog.show();
    return dialog;
  }

  /** `dialog` over its backdrop, which is there while it is open. */
  protected frame(dialog: TemplateResult): TemplateResult {
    return html`<div class="backdrop" part="backdrop" ?hidden=${this.#opener === undefined}></div>${dialog}`;
  }

  /** Close it, if open, doing nothing (what it was about is over). */
  dismiss(): void {
    this.close();
  }

  protected close = (): void => {
    const dialog = this.dialog;
    if (dialog?.open) dialog.close();
  };

  /** Escape closes, Ctrl/Cmd+Enter does the dialog's action, Tab stays inside. */
  protected onKeydown = (event: KeyboardEvent): void => {
    const dialog = this.dialog;
    if (dialog) onDialogKeydown(event, dialog, { cancel: this.close, primary: () => this.primary() });
  };

  protected onClose = (): void => {
    const opener = this.#opener;
    this.#opener = undefined;
    if (opener?.isConnected) opener.focus();
    this.host.requestUpdate();
  };

  protected abstract primary(): void;
}

/** Names the current session: a field prefilled with its name, Save and Cancel. */
export class RenameDialog extends SessionDialog {
  protected readonly id = 'rename';
  #save: ((name: string) => void) | undefined;

  /** Open it over `opener`, prefilled with `name`; `save` gets the name given. */
  async open(opener: HTMLElement, name: string, save: (name: string) => void): Promise<void> {
    this.#save = save;
    const dialog = await this.show(opener);
    const input = dialog?.querySelector('input');
    if (!input) return;
    input.value = name;
    input.removeAttribute('aria-invalid');
    input.focus();
    input.select();
  }

  render(text: SessionText): TemplateResult {
    // No <form>: a form is for sending to an address, and the kit sends nothing but its messages.
    return this.frame(html`<dialog id="rename" part="dialog rename-dialog" aria-modal="true" aria-labelledby="rename-title"
      @keydown=${this.onKeydown} @close=${this.onClose}>
      <div class="body">
        <p class="title" part="dialog-title" id="rename-title">${text.sessionsRenameTitle}</p>
        <label>${text.sessionsNameLabel}
          <input part="name-input" name="name" type="text" aria-required="true" maxlength=${NAME_LIMIT}
            autocomplete="off" spellcheck="false" @keydown=${this.#onFieldKeydown} @input=${this.#onInput} />
        </label>
        <div class="actions">
          <button type="button" @click=${this.close}>${text.sessionsCancel}</button>
          <button type="button" class="primary" @click=${this.primary}>${text.sessionsSave}</button>
        </div>
      </div>
    </dialog>`);
  }

  /** Save the name given; a blank one is not a name: the field says so and keeps focus. */
  protected primary = (): void => {
    const input = this.dialog?.querySelector('input');
    const name = input?.value.trim();
    if (!name) {
      input?.setAttribute('aria-invalid', 'true');
      input?.focus();
      return;
    }
    const save = this.#save;
    this.#save = undefined;
    this.close();
    save?.(name);
  };

  /** Enter in the field saves, as a form's would (not the Enter that ends an IME composition). */
  #onFieldKeydown = (event: KeyboardEvent): void => {
    if (enterKind(event) !== 'plain') return;
    event.preventDefault();
    if (!event.repeat) this.primary();
  };

  #onInput = (event: Event): void => {
    (event.currentTarget as HTMLInputElement).removeAttribute('aria-invalid');
  };
}

/** Forks the current session: its prompts, as the agent lists them, the last one active. */
export class ForkDialog extends SessionDialog {
  protected readonly id = 'fork';
  #fork: ((point: ForkPoint) => void) | undefined;
  #active = -1;
  #points: readonly ForkPoint[] | undefined;
  readonly #typeAhead = new TypeAheadBuffer();

  /** Open it over `opener` (the prompts are asked for by the caller); `fork` gets the one chosen. */
  async open(opener: HTMLElement, fork: (point: ForkPoint) => void): Promise<void> {
    this.#fork = fork;
    this.#active = -1;
    this.#points = undefined;
    const dialog = await this.show(opener);
    // Focus where it belongs, not where the browser's first focusable is (an option, made active).
    if (dialog && !this.#focusActive()) dialog.querySelector<HTMLElement>('.actions button')?.focus();
  }

  /**
   * Take in the prompts the agent listed (from the host's `willUpdate`): when they first arrive,
   * the last is active, and has focus once rendered.
   */
  takeIn(points: readonly ForkPoint[] | undefined): void {
    if (points === this.#points) return;
    this.#points = points;
    const count = points?.length ?? 0;
    this.#active = count - 1;
    if (count > 0) void this.host.updateComplete.then(() => this.#focusActive());
  }

  render(text: SessionText, locale: string): TemplateResult {
    const points = this.#points;
    const listed = points ?? [];
    const active = this.#active;
    const truncation = { truncated: text.textTruncated, locale };
    const note =
      points === undefined ? text.sessionsForkLoading : listed.length === 0 ? text.sessionsForkNone : '';
    const list = html`<div id="fork-list" role="listbox" part="fork-list" aria-label=${text.sessionsForkListLabel}
      @keydown=${this.#onListKeydown} @click=${this.#onListClick} @focusin=${this.#onFocusin}>${listed.map(
        (point, index) => html`<div role="option" part="fork-point" data-index=${index}
          tabindex=${index === active ? 0 : -1} aria-selected=${index === active ? 'true' : 'false'}>
          <span class="label">${plainText(point.text, truncation)}</span></div>`,
      )}</div>`;
    return this.frame(html`<dialog id="fork" part="dialog fork-dialog" aria-modal="true" aria-labelledby="fork-title"
      aria-describedby="fork-hint"
      @keydown=${this.onKeydown} @close=${this.onClose}>
      <div class="body">
        <p class="title" part="dialog-title" id="fork-title">${text.sessionsForkTitle}</p>
        <p class="hint" id="fork-hint">${text.sessionsForkHint}</p>
        <p class="note" role="status">${note}</p>
        ${listed.length > 0 ? list : nothing}
        <div class="actions">
          <button type="button" @click=${this.close}>${text.sessionsCancel}</button>
          <button type="button" class="primary" aria-disabled=${listed.length === 0 ? 'true' : 'false'}
            @click=${this.primary}>${text.sessionsForkSubmit}</button>
        </div>
      </div>
    </dialog>`);
  }

  protected primary = (): void => {
    const point = this.#points?.[this.#active];
    const fork = this.#fork;
    if (!point || !fork) return;
    this.#fork = undefined;
    this.close();
    fork(point);
  };

  /** Focus the active prompt; whether there was one to focus. */
  #focusActive(): boolean {
    if (!this.dialog?.open) return false;
    const option = this.dialog.querySelector<HTMLElement>('[role="option"][tabindex="0"]');
    option?.focus();
    option?.scrollIntoView({ block: 'nearest' });
    return option !== null && option !== undefined;
  }

  #moveTo(index: number): void {
    this.#active = index;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => this.#focusActive());
  }

  #onListKeydown = (event: KeyboardEvent): void => {
    const points = this.#points ?? [];
    onListKeydown(event, {
      listbox: this.dialog?.querySelector<HTMLElement>('#fork-list'),
      active: this.#active,
      labels: () => points.map((point) => point.text),
      typeAhead: this.#typeAhead,
      moveTo: (index) => this.#moveTo(index),
      pick: this.primary,
    });
  };

  #onListClick = (event: MouseEvent): void => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option) this.#moveTo(Number(option.dataset.index));
  };

  #onFocusin = (event: FocusEvent): void => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    const index = Number(option?.dataset.index ?? this.#active);
    if (index !== this.#active) this.#moveTo(index);
  };
}
