/**
 * `rpc-sessions`, the agent's sessions of this project: the list and its commands; the two small
 * dialogs (name, fork) are in session-dialogs.ts.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { AgentSessions, type SessionOutcome, sessionLabel } from '../../controller/sessions.js';
import type { ForkPoint, SessionSummary } from '../../protocol/sessions.js';
import { plainText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { RovingList } from '../reactive/roving-list.js';
import { format } from '../strings/format.js';
import { sessionsEnglish } from '../strings/session-strings.js';
import { ForkDialog, RenameDialog, type SessionText } from './session-dialogs.js';
import { sessionMoment, sessionTime } from './session-time.js';
import { sessionsStyles } from './rpc-sessions.styles.js';

export { AgentSessions, type SessionCommand, type SessionOutcome } from '../../controller/sessions.js';
export {
  type ForkPoint,
  readForkPoints,
  readSessionAnswer,
  type SessionSummary,
} from '../../protocol/sessions.js';

/** How often the times shown ("5 minutes ago") are said again. */
const TIME_TICK = 30_000;

/**
 * The sessions of the agent's project, through the rpc-ui bridge, bound to an
 * {@link ExtensionUIController}: the list (newest first, each with its name or first prompt, when
 * it was last written and how many messages it holds, the current one marked in words and with an
 * edge), and **New session**, **Rename** and **Fork…** for the current one. The page names no
 * file: every command takes the id the bridge listed, and the bridge refuses any other. Every tab
 * of the bridge is on the same session: one opened in another tab shows here too.
 *
 * Keyboard (the design's list box pattern): the list is one tab stop, with focus on its active
 * option; ArrowUp/ArrowDown, Home/End, PageUp/PageDown and type-ahead move it; Enter or Space opens
 * the active session, as a click does. Rename and Fork open a modal dialog (Tab stays inside,
 * Escape closes it, focus goes back to the button); Fork's dialog lists the current session's
 * prompts as the agent gives them, as a list box too. What happens (opening, opened, why not) is
 * said in a polite status region and, when it failed, in an alert; both are there from the first
 * render. While a command runs, the others wait (`aria-disabled`).
 *
 * Without the bridge (a page talking to the agent directly) the element says that sessions need
 * it. Agent text (names, prompts) is text, never markup.
 *
 * @tagname rpc-sessions
 * @summary The agent's sessions of this project: list, open, new, rename, fork.
 * @csspart base - the labelled region holding everything
 * @csspart header - the title and the buttons
 * @csspart title - the panel's title, its accessible name
 * @csspart new-button - the button that starts a new session
 * @csspart rename-button - the button that names the current session
 * @csspart fork-button - the button that forks the current session
 * @csspart current - the line naming the current session
 * @csspart list - the list box of sessions
 * @csspart session - one session; also `session-current` for the one the agent is on
 * @csspart label - a session's name or first prompt
 * @csspart meta - a session's time, size and "Current"
 * @csspart note - what stands for the list: listing, none yet, no bridge
 * @csspart status - what happened, a polite live region
 * @csspart error - why a command failed, an alert
 * @csspart dialog - the rename and fork dialogs; also `rename-dialog` and `fork-dialog`
 * @csspart backdrop - what covers the page while a dialog is open
 * @csspart dialog-title - a dialog's title
 * @csspart name-input - the rename dialog's field
 * @csspart fork-list - the fork dialog's list box of prompts
 * @csspart fork-point - one prompt of it
 * @cssprop --rpc-sessions-gap - space between the panel's rows
 * @cssprop --rpc-sessions-max-height - the list's height before it scrolls (default 24rem)
 * @cssprop --rpc-sessions-background - the list's background (defaults to the widget background)
 * @cssprop --rpc-error-color - the edge of a failure
 */
export class RpcSessions extends BoundElement {
  static override styles = [...BoundElement.styles, sessionsStyles];

  // The sessions' own events render it, not the controller's state.
  protected static override renders: RenderedState = { parts: [] };

  /** The session list followed while the element is on the page. */
  #sessions: AgentSessions | undefined;
  /** The list box's focus, by session id. */
  readonly #list = new RovingList(this);
  readonly #rename = new RenameDialog(this);
  readonly #fork = new ForkDialog(this);
  #tick: ReturnType<typeof setInterval> | undefined;
  /** The bridge's greetings the dialogs were opened under. */
  #greetings = 0;

  protected override follow(controller: ExtensionUIController): () => void {
    const sessions = (this.#sessions = new AgentSessions(controller));
    const stops = [sessions.on('change', () => this.requestUpdate()), sessions.follow()];
    this.requestUpdate();
    return () => {
      for (const stop of stops) stop();
      if (this.#sessions === sessions) this.#sessions = undefined;
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#tick = setInterval(() => this.requestUpdate(), TIME_TICK);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#tick);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const sessions = this.#sessions;
    // Greeted again: the agent may be on another conversation, which a dialog open on the last
    // one must not name or fork.
    if (sessions && sessions.greetings !== this.#greetings) {
      this.#greetings = sessions.greetings;
      this.#rename.dismiss();
      this.#fork.dismiss();
    }
    this.#fork.takeIn(sessions?.forkPoints);
  }

  protected override render(): TemplateResult {
    const text = this.#text();
    const sessions = this.#sessions;
    const current = sessions?.currentSession;
    const busy = sessions?.busy !== undefined;
    const usable = sessions?.available === true;
    const noCurrent = !usable || busy || current === undefined;
    return html`
      <div class="panel" part="base" role="region" aria-labelledby="title">
        <div class="head" part="header">
          <p class="title" part="title" id="title">${text.sessionsLabel}</p>
          <button type="button" part="new-button" aria-disabled=${!usable || busy}
            @click=${this.#onNew}>${text.sessionsNew}</button>
          <button type="button" part="rename-button" aria-disabled=${noCurrent}
            aria-describedby=${current ? 'current' : nothing} @click=${this.#onRename}>${text.sessionsRename}</button>
          <button type="button" part="fork-button" aria-disabled=${noCurrent}
            aria-describedby=${current ? 'current' : nothing} @click=${this.#onFork}>${text.sessionsFork}</button>
        </div>
        <p class="current" part="current" id="current" ?hidden=${current === undefined}>
          ${text.sessionsCurrent}: <span class="name">${current ? this.#label(current, text) : ''}</span>
        </p>
        ${this.#renderList(text)}
        <p class="status" part="status" role="status">${this.#statusText(text)}</p>
        <!-- A failure said again is new text, heard again. -->
        <p class="error" part="error" role="alert">${keyed(sessions?.outcome, this.#errorText(text))}</p>
      </div>
      ${this.#rename.render(text)}
      ${this.#fork.render(text, this.locale)}
    `;
  }

  /** The strings, for the dialogs too. */
  #text(): SessionText {
    return this.textFor(sessionsEnglish);
  }

  #label(session: SessionSummary, text: SessionText): string {
    const label = sessionLabel(session).trim();
    return label
      ? plainText(label, { truncated: text.textTruncated, locale: this.locale })
      : text.sessionsUntitled;
  }

  #renderList(text: SessionText): TemplateResult {
    const sessions = this.#sessions;
    const list = sessions?.list;
    if (!sessions?.available || list === undefined || list.length === 0) {
      const note = !sessions?.available
        ? text.sessionsNoBridge
        : list === undefined
          ? text.sessionsLoading
          : text.sessionsEmpty;
      return html`<p class="note" part="note">${note}</p>`;
    }
    const active = this.#list.activeIndex(
      list.map((session) => session.id),
      sessions.current,
    );
    const now = Date.now();
    return html`<div id="list" role="listbox" part="list" aria-label=${text.sessionsListLabel}
      aria-busy=${sessions.busy === 'open' ? 'true' : 'false'}
      @keydown=${this.#onKeydown} @click=${this.#onClick} @focusin=${this.#list.onFocusin}
      @focusout=${this.#list.onFocusout}>${repeat(
        list,
        (session) => session.id,
        (session, index) =>
          this.#renderOption(session, index === active, session.id === sessions.current, now, text),
      )}</div>`;
  }

  #renderOption(
    session: SessionSummary,
    active: boolean,
    current: boolean,
    now: number,
    text: SessionText,
  ): TemplateResult {
    const messages = format(text.sessionsMessages, { count: session.messages }, this.locale);
    return html`<div role="option" part=${current ? 'session session-current' : 'session'}
      data-key=${session.id} tabindex=${active ? 0 : -1} aria-selected=${this.#list.selected(active)}
      aria-current=${current ? 'true' : nothing}>
      <span class="label" part="label">${this.#label(session, text)}</span>
      <span class="meta" part="meta"><time datetime=${new Date(session.modified).toISOString()}
        title=${sessionMoment(session.modified, this.locale)}>${sessionTime(session.modified, now, this.locale)}</time>
        · ${messages}${current ? html` · <span>${text.sessionsCurrent}</span>` : nothing}</span>
    </div>`;
  }

  #statusText(text: SessionText): string {
    const sessions = this.#sessions;
    const busy = sessions?.busy;
    const subject = (value: string | undefined) =>
      value?.trim()
        ? plainText(value, { truncated: text.textTruncated, locale: this.locale })
        : text.sessionsUntitled;
    const session = subject(sessions?.busySubject ?? sessions?.outcome?.subject);
    if (busy === 'open') return format(text.sessionsOpening, { session });
    if (busy === 'new') return text.sessionsStarting;
    if (busy === 'name') return text.sessionsNaming;
    if (busy === 'fork') return text.sessionsForking;
    const outcome = sessions?.outcome;
    if (!outcome?.ok) return '';
    if (outcome.command === 'open') return format(text.sessionsOpened, { session });
    if (outcome.command === 'new') return text.sessionsStarted;
    if (outcome.command === 'name') return format(text.sessionsNamed, { name: session });
    return format(text.sessionsForked, { prompt: session });
  }

  #errorText(text: SessionText): string {
    const outcome: SessionOutcome | undefined = this.#sessions?.outcome;
    if (!outcome || outcome.ok) return '';
    if (outcome.unsent) return text.sessionsUnsent;
    if (outcome.unanswered) return text.sessionsUnanswered;
    const error = plainText(outcome.error ?? '', { truncated: text.textTruncated, locale: this.locale });
    const failed = {
      open: text.sessionsOpenFailed,
      new: text.sessionsNewFailed,
      name: text.sessionsNameFailed,
      fork: text.sessionsForkFailed,
    }[outcome.command];
    return format(failed, { error });
  }

  #open(id: string | undefined): void {
    const sessions = this.#sessions;
    const session = sessions?.list?.find((item) => item.id === id);
    if (!sessions || !session || sessions.busy || session.id === sessions.current) return;
    sessions.open(session);
  }

  #onKeydown = (event: KeyboardEvent): void => {
    const list = this.#sessions?.list ?? [];
    this.#list.keydown(event, {
      keys: list.map((session) => session.id),
      fallback: this.#sessions?.current,
      labels: () => list.map((session) => this.#label(session, this.#text())),
      pick: (id) => this.#open(id),
    });
  };

  #onClick = (event: MouseEvent): void => {
    this.#open(this.#list.keyOf(event));
  };

  // Without the bridge the model says the command was not sent: the button explains itself.
  #onNew = (): void => {
    const sessions = this.#sessions;
    if (sessions && !sessions.busy) sessions.start();
  };

  #onRename = (event: Event): void => {
    const sessions = this.#sessions;
    const current = sessions?.currentSession;
    if (!sessions?.available || sessions.busy || !current) return;
    void this.#rename.open(event.currentTarget as HTMLElement, current.name ?? '', (name) =>
      sessions.rename(name),
    );
  };

  #onFork = (event: Event): void => {
    const sessions = this.#sessions;
    if (!sessions?.available || sessions.busy || !sessions.currentSession) return;
    sessions.askForkPoints();
    void this.#fork.open(event.currentTarget as HTMLElement, (point: ForkPoint) => sessions.fork(point));
  };
}
