/**
 * `rpc-login`, the agent's logins: long because it is one element and its focus rules; the cards'
 * templates are in login-parts.ts, its announcer and links beside it.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import type { LoginEntry } from '../../controller/logins.js';
import { followModels } from '../../controller/models.js';
import { agentLineStyles, plainText, type TruncationOptions } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { monoToken } from '../internal/mono.styles.js';
import { loginEnglish } from '../strings/login-strings.js';
import { format } from '../strings/format.js';
import { LoginAnnouncer, type LoginWording } from './announcer.js';
import { CodeExpiry } from '../reactive/code-expiry.js';
import { CopyFeedback } from '../reactive/copy-feedback.js';
import { providersConverter } from './links.js';
import {
  type CardContext,
  type CopyTarget,
  copyValue,
  type LoginText,
  renderCode,
  renderMessages,
  renderPage,
} from './login-parts.js';
import { loginStyles } from './rpc-login.styles.js';

/**
 * The agent's logins, bound to an {@link ExtensionUIController} (`controller.logins`): one card per
 * login, a labelled group named by its title, for atomic's `oauth_*` and oh-my-pi's `open_url`.
 * The login's questions (a prompt, a choice, the manual code) are ordinary dialogs, shown by
 * `rpc-dialogs`; this panel shows what goes around them:
 *
 * - The page to open, as a link (`target="_blank"`, `rel="noopener noreferrer"`) named by its host,
 *   with the agent's instructions, the full address in a disclosure and a copy button. Only `http`
 *   and `https` addresses are links: any other scheme is shown as text with a note. Nothing is ever
 *   opened by itself: the user follows the link. oh-my-pi's `launchUrl` (a local address that
 *   survives a cut one) is offered beside it, with its own copy button.
 * - A device code (atomic's `oauth_device_code`), large and copyable, its page as a link, and the
 *   time left when the agent gives one (counted from when the code arrived here).
 * - Progress and information messages, oldest first, in a polite log region; their links follow
 *   the same rules (a label is followed by the link's host).
 * - How the login ended: signed in, cancelled, or failed with the agent's error text.
 * - **Cancel sign-in** while a login with a provider runs (the agent is sent
 *   `cancel_login_provider`, once), and **Dismiss** for a card that is over or has no provider.
 *
 * With `providers` (an attribute: `providers="anthropic,openai-codex"`) a small form starts a login
 * (`login_provider` with `authType: "oauth"`); without, there is no form. With neither a login nor
 * providers the element shows nothing.
 *
 * Agent text is text, never markup (ANSI colours become styled spans). "Copied" (or why not) is
 * shown beside the button and announced. One polite live region, there from the first render,
 * says what else arrives: a login started, a page or a code ready, a code's time left at 5 min,
 * 1 min, 30 s and 10 s, how a login ended. A button that leaves while it has focus (a card
 * dismissed, a login over) hands focus to the next control in the panel.
 *
 * @tagname rpc-login
 * @summary The agent's logins: the page to open, a device code, progress, cancel.
 * @csspart announcer - the visually hidden polite live region
 * @csspart base - the labelled region holding the form and the cards
 * @csspart start-form - the form that starts a login (with `providers`)
 * @csspart provider-label - the label of the provider list
 * @csspart provider-select - the provider list (more than one provider)
 * @csspart start-button - the button that starts a login
 * @csspart form-error - why a login could not be started
 * @csspart card - one login; also `card-running`, `card-open`, `card-done`, `card-cancelled`, `card-failed`
 * @csspart title - a card's title, its accessible name
 * @csspart state - a card's state: running, cancelling, or how it ended
 * @csspart page - the page to open: instructions, link, address, copy button
 * @csspart instructions - the agent's instructions
 * @csspart link - the link to the page to open (or to the device code's page)
 * @csspart address - the disclosure holding the full address
 * @csspart address-summary - the disclosure's summary
 * @csspart url - an address shown as text
 * @csspart note - the note after an address that is not offered as a link
 * @csspart launch-hint - the words before the local launch address
 * @csspart launch-link - the local launch address, as a link
 * @csspart copy-button - a copy button
 * @csspart copy-status - "Copied" (or why not), beside its button
 * @csspart device - the device code, its page and its time left
 * @csspart code-hint - the words before the device code
 * @csspart code - the device code
 * @csspart expiry - the device code's time left
 * @csspart messages - the polite log region of a card's progress messages
 * @csspart message-list - the list of messages
 * @csspart message - one message
 * @csspart message-link - a link in a message
 * @csspart actions - the row of a card's buttons
 * @csspart cancel-button - the button that cancels a running login
 * @csspart dismiss-button - the button that removes a card
 * @cssprop --rpc-login-gap - space between the cards
 * @cssprop --rpc-login-background - a card's background (defaults to the widget background)
 * @cssprop --rpc-login-border-color - a card's border
 * @cssprop --rpc-login-code-font-size - the device code's size
 * @cssprop --rpc-login-done-color - the accent of a login that signed in
 * @cssprop --rpc-error-color - the accent of a login that failed
 * @cssprop --rpc-link-color - the links' colour (falls back to VS Code's `textLink.foreground`)
 */
export class RpcLogin extends BoundElement {
  static override styles = [...BoundElement.styles, agentLineStyles, monoToken, loginStyles];

  protected static override renders: RenderedState = { parts: ['logins'] };

  /**
   * The provider ids a login can be started for, in order; as an attribute, comma-separated:
   * `anthropic,openai-codex`. Empty (the default): those the agent names, asked while the panel
   * is on the page (`controller.logins.providers`); with none, no form.
   */
  @property({ converter: providersConverter })
  providers: readonly string[] = [];

  /** The clock for device codes' time left; defaults to the controller's. */
  @property({ attribute: false })
  clock: Clock | undefined;

  /** The provider chosen in the form's list. */
  @state()
  private chosen: string | undefined;

  readonly #announcer = new LoginAnnouncer();
  readonly #expiry = new CodeExpiry(this, () => this.clock ?? this.controller?.clock ?? systemClock);
  /** The copy buttons' results, by `key\ncopied`. */
  readonly #copy = new CopyFeedback(this);
  /** Logins whose cancellation could not be sent; `''` for a start from the form. */
  readonly #unsent = new Set<string>();
  #entries: readonly LoginEntry[] = [];
  /** Where focus was when the update began: a card's key and place (`''` and -1 outside the cards). */
  #focus: { readonly key: string; readonly index: number } | undefined;

  /** The agent's models, while the panel is on the page: the agent is asked which providers it offers. */
  protected override follow(controller: ExtensionUIController): () => void {
    return followModels(controller).stop;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('controller')) {
      // Another controller: its logins start afresh.
      this.#announcer.reset();
      this.#unsent.clear();
    }
    const entries = (this.#entries = this.controller?.logins.list ?? []);
    const running = new Set(entries.filter((entry) => !entry.outcome).map((entry) => entry.key));
    for (const key of this.#unsent) if (key && !running.has(key)) this.#unsent.delete(key);
    const keys = new Set(entries.map((entry) => entry.key));
    this.#copy.keepOnly((id) => keys.has(id.slice(0, id.lastIndexOf('\n'))));
    const text = this.#text();
    const wording = this.#wording(text);
    this.#announcer.takeIn(entries, wording);
    for (const { key, seconds } of this.#expiry.takeIn(entries)) {
      const entry = entries.find((e) => e.key === key);
      const time =
        seconds >= 60
          ? format(text.loginMinutes, { count: seconds / 60 }, this.locale)
          : format(text.loginSeconds, { count: seconds }, this.locale);
      const said = seconds === 0 ? text.loginCodeExpired : format(text.loginCodeExpiryAnnouncement, { time });
      if (entry)
        this.#announcer.say(format(text.loginAnnouncement, { title: wording.title(entry), text: said }));
    }
    const active = this.shadowRoot?.activeElement;
    const card = active?.closest<HTMLElement>('[data-key]');
    const cards = [...this.renderRoot.querySelectorAll('.card')];
    this.#focus = active
      ? { key: card?.dataset.key ?? '', index: card ? cards.indexOf(card) : -1 }
      : undefined;
  }

  protected override render(): TemplateResult {
    const entries = this.#entries;
    const providers = this.#offered();
    const text = this.#text();
    const panel = html`
      <div class="panel" part="base" role="region" aria-label=${text.loginsLabel}>
        ${providers.length > 0 ? this.#renderStart(providers, text) : nothing}
        ${repeat(
          entries,
          (entry) => entry.key,
          (entry, index) => this.#renderCard(entry, index, text),
        )}
      </div>
    `;
    return html`${this.#announcer.region()}${entries.length > 0 || providers.length > 0 ? panel : nothing}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const focus = this.#focus;
    this.#focus = undefined;
    // The control that had focus left with this update: the next one in the panel takes it.
    if (!focus || this.shadowRoot?.activeElement) return;
    const cards = [...this.renderRoot.querySelectorAll<HTMLElement>('.card')];
    const same = cards.find((card) => card.dataset.key === focus.key);
    const near = cards[Math.min(focus.index, cards.length - 1)];
    const controls = 'button:not([hidden]), select, a[href]';
    const target =
      same?.querySelector<HTMLElement>('.actions button') ??
      (same ?? near)?.querySelector<HTMLElement>(controls) ??
      this.renderRoot.querySelector<HTMLElement>(controls);
    target?.focus();
  }

  #text(): LoginText {
    return this.textFor(loginEnglish);
  }

  /** How agent text cut for length says so, in `text`. */
  #agentText(text: LoginText): TruncationOptions {
    return { truncated: text.textTruncated, locale: this.locale };
  }

  #wording(text: LoginText): LoginWording {
    return {
      text,
      agentText: this.#agentText(text),
      title: (entry) => this.#title(entry, text),
      outcome: (entry) => this.#outcome(entry, text),
    };
  }

  #title(entry: LoginEntry, text: LoginText): string {
    return entry.provider === undefined
      ? text.loginPageTitle
      : format(text.loginTitle, { provider: plainText(this.#name(entry.provider), this.#agentText(text)) });
  }

  #outcome({ outcome }: LoginEntry, text: LoginText): string | undefined {
    if (outcome?.kind === 'done') return text.loginDone;
    if (outcome?.kind === 'cancelled') return text.loginCancelled;
    if (outcome?.kind !== 'failed') return undefined;
    if (!outcome.error) return text.loginFailedBare;
    return format(text.loginFailed, { error: plainText(outcome.error, this.#agentText(text)) });
  }

  #state(entry: LoginEntry, text: LoginText): string | undefined {
    if (entry.outcome) return this.#outcome(entry, text);
    if (this.#unsent.has(entry.key)) return text.loginSendFailed;
    if (entry.cancelling) return text.loginCancelling;
    return entry.provider === undefined ? undefined : text.loginRunning;
  }

  #renderStart(providers: readonly string[], text: LoginText): TemplateResult {
    const [only] = providers.length === 1 ? providers : [];
    const chosen = this.#chosen();
    const list = html`
      <label class="provider" part="provider-label">
        ${text.loginProviderLabel}
        <select part="provider-select" @change=${this.#onChoose}>
          ${providers.map((id) => html`<option value=${id} ?selected=${id === chosen}>${plainText(this.#name(id), this.#agentText(text))}</option>`)}
        </select>
      </label>
    `;
    return html`
      <form class="start" part="start-form" aria-label=${text.loginStartLabel} @submit=${this.#onStart}>
        ${only === undefined ? list : nothing}
        <button type="submit" class="primary" part="start-button">
          ${only === undefined ? text.loginStart : format(text.loginStartProvider, { provider: plainText(this.#name(only), this.#agentText(text)) })}
        </button>
        ${this.#unsent.has('') ? html`<p class="error" part="form-error">${text.loginSendFailed}</p>` : nothing}
      </form>
    `;
  }

  #renderCard(entry: LoginEntry, index: number, text: LoginText): TemplateResult {
    const id = `login-${index}`;
    const over = entry.outcome !== undefined;
    const runs = entry.provider !== undefined && !over;
    const kind = entry.outcome?.kind ?? (runs ? 'running' : 'open');
    const state = this.#state(entry, text);
    const card = this.#card(entry, text);
    const page = entry.url && !over ? renderPage(entry.url, card) : nothing;
    const code =
      entry.deviceCode && !over ? renderCode(entry.deviceCode, this.#expiry.left(entry.key), card) : nothing;
    const cancel = html`<button
      type="button"
      part="cancel-button"
      aria-disabled=${entry.cancelling ? 'true' : 'false'}
      @click=${this.#onCancel}
    >${text.loginCancel}</button>`;
    const dismiss = html`<button type="button" part="dismiss-button" @click=${this.#onDismiss}>${text.loginDismiss}</button>`;
    return html`
      <div class="card" part="card card-${kind}" role="group" aria-labelledby=${id} data-key=${entry.key} data-state=${kind}>
        <p class="title" part="title" id=${id}>${this.#title(entry, text)}</p>
        ${state === undefined ? nothing : html`<p class="state" part="state">${state}</p>`}
        ${page} ${code} ${renderMessages(entry.messages, card)}
        <div class="actions" part="actions">${runs ? cancel : dismiss}</div>
      </div>
    `;
  }

  #card(entry: LoginEntry, text: LoginText): CardContext {
    return {
      text,
      agentText: this.#agentText(text),
      copyButton: (what, label) => {
        const status = this.#copy.status(`${entry.key}\n${what}`, {
          copied: text.loginCopied,
          failed: text.loginCopyFailed,
        });
        return html`<p class="copy">
          <button type="button" part="copy-button" data-copy=${what} @click=${this.#onCopy}>${label}</button>
          ${status}
        </p>`;
      },
    };
  }

  /** The provider ids the form offers: the host's, else the agent's own. */
  #offered(): readonly string[] {
    if (this.providers.length > 0) return this.providers;
    return this.controller?.logins.providers.map((provider) => provider.id) ?? [];
  }

  /** A provider's name as the agent gives it, else its id. */
  #name(id: string): string {
    return this.controller?.logins.providerName(id) ?? id;
  }

  /** The provider the form starts: the one chosen, if still offered, else the first. */
  #chosen(): string | undefined {
    const chosen = this.chosen;
    const offered = this.#offered();
    return chosen !== undefined && offered.includes(chosen) ? chosen : offered[0];
  }

  /** The login of the card an event came from. */
  #entryOf(event: Event): LoginEntry | undefined {
    const key = (event.currentTarget as Element).closest<HTMLElement>('[data-key]')?.dataset.key;
    return this.#entries.find((entry) => entry.key === key);
  }

  #onChoose = (event: Event): void => {
    this.chosen = (event.currentTarget as HTMLSelectElement).value;
  };

  #onStart = (event: SubmitEvent): void => {
    event.preventDefault();
    const provider = this.#chosen();
    const logins = this.controller?.logins;
    if (provider === undefined || !logins) return;
    // Already running: its card, rather than a second login under the same id.
    const running = this.#entries.find((entry) => entry.key === provider && !entry.outcome);
    if (running) {
      this.renderRoot.querySelector<HTMLElement>(`.card[data-key="${CSS.escape(provider)}"] button`)?.focus();
      return;
    }
    try {
      logins.start(provider);
      this.#unsent.delete('');
    } catch {
      this.#unsent.add('');
      this.#announcer.say(this.#text().loginSendFailed);
    }
    this.requestUpdate();
  };

  #onCancel = (event: Event): void => {
    const entry = this.#entryOf(event);
    // Once: the button stays (focus with it) until the agent answers.
    if (!entry || entry.cancelling) return;
    try {
      this.controller?.logins.cancel(entry.key);
      this.#unsent.delete(entry.key);
    } catch {
      this.#unsent.add(entry.key);
      this.#announcer.say(this.#text().loginSendFailed);
    }
    this.requestUpdate();
  };

  #onDismiss = (event: Event): void => {
    const entry = this.#entryOf(event);
    if (entry) this.controller?.logins.dismiss(entry.key);
  };

  #onCopy = (event: Event): void => {
    const entry = this.#entryOf(event);
    const what = (event.currentTarget as HTMLElement).dataset.copy as CopyTarget;
    const value = entry && copyValue(entry, what);
    if (entry && value !== undefined) void this.#copy.copy(`${entry.key}\n${what}`, value);
  };
}
