import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import type {
  AssistantEntry,
  CompactionEntry,
  ToolEntry,
  TranscriptEntry,
} from '../../controller/transcript/entries.js';
import { Transcript } from '../../controller/transcript/transcript.js';
import { agentLineStyles, ansiText, plainText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { monoToken } from '../internal/mono.styles.js';
import { format } from '../strings/format.js';
import { tokenCount } from '../strings/numbers.js';
import { transcriptEnglish } from '../strings/transcript-strings.js';
import { transcriptStyles } from './rpc-transcript.styles.js';
import { FrameUpdate } from '../reactive/frame-update.js';
import { markdownStyles } from '../markdown/markdown-blocks.styles.js';
import { noModelNotice } from './no-model-notice.js';
import { ReplyMarkdown } from './reply-markdown.js';
import { messageImages } from './message-images.js';
import { messageImagesStyles } from './message-images.styles.js';
import { toolCard } from './tool-card.js';
import { toolCardStyles } from './tool-card.styles.js';
import { markdownWords } from '../../markdown/plain-text.js';
import { agentText, markdownView, type TranscriptText } from './transcript-text.js';

export { Transcript, type TranscriptEvents } from '../../controller/transcript/transcript.js';
export { AgentModels, followModels } from '../../controller/models.js';
export type {
  AssistantEntry,
  NoticeEntry,
  ToolEntry,
  TranscriptEntry,
  UserEntry,
} from '../../controller/transcript/entries.js';

/** How close to the bottom (px) still counts as at the bottom: the view follows new text there. */
const FOLLOW_SLACK = 32;

/** Entries rendered at first, and added by each "Show earlier messages". */
const PAGE = 100;

/** Whether an entry shows anything: a reply that only called tools has no words of its own. */
const shows = (entry: TranscriptEntry) =>
  entry.kind !== 'assistant' || entry.streaming || entry.text !== '' || entry.thinking !== '';

/**
 * The conversation with the agent as it streams: the user's prompts, the agent's replies growing
 * as they come, its thinking and each tool call collapsed (a failed one shows its error), and the
 * agent's own errors and stops as notices. A reply's Markdown is drawn as it streams (headings,
 * lists, tables, code, links): parsed to tokens and rendered through Lit's bindings, never as an
 * HTML string, its raw HTML shown as text. Only the block being written is drawn again at each
 * token; a marker half-written at its end waits until the line says what it is. A link opens only
 * when the person activates it (`http:`, `https:` and `mailto:` only, without an opener, its
 * address shown on hover and focus); an image's address is never fetched. A reply's `#` heading
 * is an h2 (`heading-level`). docs/markdown.md says how and why.
 *
 * Bind it to the controller the rest of the kit uses (`controller`): it reads the lines the
 * controller passes through from then on. To miss nothing said before the element is on the
 * page, give it a {@link Transcript} that follows the controller from the start
 * (`transcript.follow(controller)`, then `transcript`).
 *
 * The view follows the bottom while text streams, unless the user scrolled up; scrolled back
 * down, it follows again. A screen reader hears each reply once, whole, when it ends (a polite
 * live region), not every token; the entries themselves are a labelled, focusable region to
 * read at leisure. A long conversation stays light: the newest 100 entries are rendered, and a
 * "Show earlier messages" button at the top renders 100 more each time, keeping the view where
 * it was (every rendered entry is laid out, so the view is kept exactly).
 *
 * @tagname rpc-transcript
 * @summary The conversation, as the agent streams it.
 * @csspart log - the labelled, scrolling region of the entries
 * @csspart entry - every entry; also `user`, `assistant`, `tool`, `notice`
 * @csspart text - the text of a prompt or a reply (a reply's is its Markdown, drawn)
 * @csspart code - a code block of a reply: its language, copy button and code
 * @csspart copy-button - a code block's copy button
 * @csspart copy-status - "Copied" (or why not), beside its button
 * @csspart thinking - a reply's collapsed thinking
 * @csspart tool-details - a tool call's disclosure: its header (state, tool, what it acts on) and what it did
 * @csspart tool-state - a tool call's state in words: running, done, failed or blocked
 * @csspart tool-diff - an edit's diff
 * @csspart tool-show-all - the button that shows the whole of a long output
 * @csspart images - the images of a prompt or a tool's answer, shown from their data
 * @csspart tool-error - a failed or blocked call's error (its last lines), shown outside the disclosure
 * @csspart empty - the line shown while nothing was said
 * @csspart no-model - what is said when the agent has no model: its words, and what to do
 * @csspart earlier - the button that shows earlier entries
 * @csspart announcer - the visually hidden live region that says each reply
 * @cssprop --rpc-transcript-user-background - the background of the user's prompts
 * @cssprop --rpc-link-color - the help link's colour (falls back to VS Code's `textLink.foreground`)
 */
export class RpcTranscript extends BoundElement {
  static override styles = [
    ...BoundElement.styles,
    monoToken,
    agentLineStyles,
    transcriptStyles,
    markdownStyles,
    toolCardStyles,
    messageImagesStyles,
  ];

  // It renders the transcript it reads from the controller's lines (`#frameUpdate`), none of the
  // controller's own state.
  protected static override renders: RenderedState = { parts: [] };

  /** A transcript to show instead of one read from `controller`. */
  @property({ attribute: false })
  transcript: Transcript | undefined;

  /**
   * Where a person learns to give the agent a model (a page of the host's docs): linked from
   * what the conversation says when the agent has none and offers no sign-in.
   */
  @property({ attribute: 'model-help-href' })
  modelHelpHref: string | undefined;

  /**
   * The heading level of a reply's `#` heading (2 to 6; `##` is one below, and so on): one below
   * the page's heading over the conversation, so that the page's outline holds (the default, 2,
   * fits a page whose title is its h1).
   */
  @property({ type: Number, attribute: 'heading-level' })
  headingLevel = 2;

  /** The transcript read from `controller` when no `transcript` is given, and that controller. */
  #own: { readonly transcript: Transcript; readonly controller: ExtensionUIController } | undefined;
  #stopFollowing: (() => void) | undefined;
  #stopListening: (() => void) | undefined;
  #shown: Transcript | undefined;
  // At most one render a frame, however fast the text streams.
  readonly #frameUpdate = new FrameUpdate(this);
  /** Whether the view follows new text (the user has not scrolled up). */
  #follow = true;
  #announcement = '';
  #announcements = 0;
  /** How many of the newest entries are rendered; it grows while the user reads further up. */
  #rendered = PAGE;
  /** The entries there were at the last render. */
  #seen = 0;
  /** The scroll height before "Show earlier messages", to keep the view where it was. */
  #heightBefore: number | undefined;
  /** The transcript's `reads` at the last render: a change puts entries in place, not adds them. */
  #reads = 0;
  /** Whether "Show earlier messages" asked for messages not read in yet, whose arrival it awaits. */
  #earlierAsked = false;
  /** The strings rendered with, and their locale: a new object only when one of them changed. */
  #text: TranscriptText = { ...transcriptEnglish, locale: 'en' };
  /** The rendered replies' Markdown, each block kept while the reply streams on. */
  readonly #replies = new ReplyMarkdown();
  /** The tool calls whose whole output the person asked to see. */
  readonly #expanded = new Set<string>();
  /** How replies' Markdown is drawn, in `#text`'s words: a new object only when they change. */
  #markdownView = markdownView(this.#text, 2);

  /** The transcript shown. */
  get current(): Transcript | undefined {
    return this.transcript ?? this.#own?.transcript;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#bind();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // What was said stays (the element may come back); what is said meanwhile is not heard.
    this.#unbind();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('controller') || changed.has('transcript')) this.#bind();
    const text = {
      ...this.textFor(transcriptEnglish),
      locale: this.locale,
    };
    const newText = Object.entries(text).some(
      ([key, value]) => this.#text[key as keyof typeof text] !== value,
    );
    if (newText) this.#text = text;
    if (newText || changed.has('headingLevel'))
      this.#markdownView = markdownView(this.#text, this.headingLevel);
    // Reading further up, the user keeps what they read: new entries do not push it out.
    const count = this.current?.entries.length ?? 0;
    const reads = this.current?.reads ?? 0;
    if (reads !== this.#reads) {
      this.#reads = reads;
      // The older messages asked for came: the next page of them shows, above what was read.
      if (this.#earlierAsked) this.#showMore();
      this.#earlierAsked = false;
    } else if (!this.#follow) this.#rendered += Math.max(0, count - this.#seen);
    this.#seen = count;
  }

  /** Follow the controller (a transcript of its own) and listen to the transcript shown. */
  #bind(): void {
    if (!this.isConnected) return;
    const controller = this.transcript ? undefined : this.controller;
    if (this.#own && this.#own.controller !== controller) {
      this.#stopFollowing?.();
      this.#stopFollowing = undefined;
      this.#own = undefined;
    }
    if (controller) {
      this.#own ??= { transcript: new Transcript(), controller };
      this.#stopFollowing ??= this.#own.transcript.follow(controller);
    }
    const shown = this.current;
    if (shown === this.#shown) return;
    this.#stopListening?.();
    this.#shown = shown;
    if (!shown) return;
    const offChange = shown.on('change', () => this.#frameUpdate.request());
    const offReply = shown.on('reply', (entry) => this.#say(entry));
    this.#stopListening = () => {
      offChange();
      offReply();
    };
  }

  protected override render(): TemplateResult {
    const text = this.#text;
    const entries = this.current?.entries ?? [];
    const hidden = Math.max(0, entries.length - this.#rendered);
    const rendered = hidden > 0 ? entries.slice(hidden) : entries;
    this.#replies.keepOnly(rendered);
    // Entries not rendered, and the agent's older messages not read in yet.
    const earlier = hidden + (this.current?.unread ?? 0);
    const models = this.current?.models;
    const noModel = models?.available === 0;
    return html`
      <div class="visually-hidden" role="status" part="announcer">
        ${keyed(this.#announcements, html`<span>${this.#announcement}</span>`)}
      </div>
      <section class="log" part="log" aria-label=${text.transcriptLabel} tabindex="0" @scroll=${this.#onScroll}>
        ${entries.length === 0 && !noModel ? html`<p class="empty" part="empty">${text.transcriptEmpty}</p>` : nothing}
        ${
          earlier > 0
            ? html`<button type="button" class="earlier" part="earlier" @click=${this.#showEarlier}>
                ${format(text.transcriptEarlier, { count: earlier }, text.locale)}
              </button>`
            : nothing
        }
        <ol>
          ${repeat(
            rendered.filter(shows),
            (entry) => entry.id,
            // An entry is replaced, never changed: one that stayed is not rendered again (unless
            // the words or the heading level are new).
            (entry) =>
              guard([entry, text, this.#markdownView, this.#expanded.has(entry.id)], () =>
                this.#entry(entry, text),
              ),
          )}
        </ol>
        ${noModel && models ? noModelNotice(models, text, this.modelHelpHref) : nothing}
      </section>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const log = this.renderRoot.querySelector<HTMLElement>('.log');
    if (!log) return;
    if (this.#heightBefore !== undefined) log.scrollTop += log.scrollHeight - this.#heightBefore;
    else if (this.#follow) log.scrollTop = log.scrollHeight;
    this.#heightBefore = undefined;
  }

  #showEarlier = (): void => {
    const transcript = this.current;
    if (transcript && transcript.unread > 0 && transcript.entries.length <= this.#rendered) {
      // All read in is shown: the older messages are asked for, and shown when they come.
      this.#earlierAsked = true;
      transcript.readEarlier();
      return;
    }
    this.#showMore();
    this.requestUpdate();
  };

  /** Render a page more of the older entries, keeping the view where it is. */
  #showMore(): void {
    this.#heightBefore = this.renderRoot.querySelector('.log')?.scrollHeight;
    this.#rendered += PAGE;
  }

  #entry(entry: TranscriptEntry, text: TranscriptText): TemplateResult {
    switch (entry.kind) {
      case 'user':
        return html`<li class="entry user" part="entry user">
          <p class="who">${text.transcriptYou}</p>
          <div class="text" part="text">${ansiText(entry.text, { ...agentText(text), lines: true })}</div>
          ${messageImages(entry.images, text.transcriptImageAttached, text)}
        </li>`;
      case 'assistant':
        return this.#reply(entry, text);
      case 'tool':
        return this.#tool(entry, text);
      case 'notice':
        return html`<li class="entry notice ${entry.level}" part="entry notice">
          ${entry.command === undefined ? nothing : html`<p>${format(text.transcriptCommandFailed, { command: entry.command })}</p>`}
          <p class="text">${entry.cause === 'stopped' ? text.transcriptStopped : ansiText(entry.text, { ...agentText(text), lines: true })}</p>
        </li>`;
      case 'compaction':
        return this.#compaction(entry, text);
    }
  }

  /** A compaction: its heading says so (and how full the context was); its summary opens. */
  #compaction(entry: CompactionEntry, text: TranscriptText): TemplateResult {
    const tokens =
      entry.tokensBefore === undefined
        ? ''
        : ` (${format(text.transcriptCompactedTokens, { tokens: tokenCount(entry.tokensBefore, this.locale) })})`;
    return html`<li class="entry compaction" part="entry compaction">
      <details>
        <summary>${entry.automatic ? text.transcriptCompactedAuto : text.transcriptCompacted}${tokens}</summary>
        <div class="text" part="text">${ansiText(entry.summary, { ...agentText(text), lines: true })}</div>
      </details>
    </li>`;
  }

  #reply(entry: AssistantEntry, text: TranscriptText): TemplateResult {
    return html`<li class="entry assistant" part="entry assistant" aria-busy=${entry.streaming ? 'true' : 'false'}>
      <p class="who">${text.transcriptAgent}</p>
      ${
        entry.thinking
          ? html`<details part="thinking">
              <summary>${text.transcriptThinking}</summary>
              <div class="text">${ansiText(entry.thinking, { ...agentText(text), lines: true })}</div>
            </details>`
          : nothing
      }
      ${entry.text ? this.#replies.draw(entry, this.#markdownView) : nothing}
    </li>`;
  }

  #tool(entry: ToolEntry, text: TranscriptText): TemplateResult {
    return toolCard(entry, {
      text,
      copy: this.#markdownView.copy,
      expanded: this.#expanded.has(entry.id),
      showAll: this.#showAll,
    });
  }

  /** Show the whole output of the call `id`, and put the keyboard on it: its button is gone. */
  #showAll = (id: string, button: HTMLElement): void => {
    const card = button.closest('li');
    this.#expanded.add(id);
    this.requestUpdate();
    void this.updateComplete.then(() => card?.querySelector<HTMLElement>('.output, .results')?.focus());
  };

  /** Say a reply once, whole (an empty one, a tool call's turn, says nothing). */
  #say(entry: AssistantEntry): void {
    const text = this.#text;
    // Its words, not its Markdown: a screen reader would say every `#` and `*`.
    const said = plainText(markdownWords(entry.text), agentText(text)).trim();
    if (!said) return;
    this.#announcement = format(text.transcriptReplyAnnouncement, { text: said });
    this.#announcements++;
    this.#frameUpdate.request();
  }

  #onScroll = (event: Event): void => {
    const log = event.currentTarget as HTMLElement;
    this.#follow = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_SLACK;
  };

  #unbind(): void {
    this.#stopFollowing?.();
    this.#stopFollowing = undefined;
    this.#stopListening?.();
    this.#stopListening = undefined;
    this.#shown = undefined;
    this.#frameUpdate.cancel();
  }
}
