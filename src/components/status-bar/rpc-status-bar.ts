import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import type { StatusEntry } from '../../controller/types.js';
import { agentLineStyles, ansiText, plainText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { relayToModal } from '../internal/modal-relay.js';
import { format } from '../strings/format.js';
import { type Strings } from '../strings/strings.js';
import { statusBarEnglish } from '../strings/status-strings.js';
import { statusBarStyles } from './rpc-status-bar.styles.js';

/** At most one announcement per key in this many milliseconds. */
export const STATUS_ANNOUNCE_INTERVAL = 2000;

/**
 * The extensions' status line (`setStatus`): keyed items sorted by key, each on one line with an
 * ellipsis (line breaks, tabs and runs of spaces show as one space, as in the agent's footer), the
 * whole bar on one line. An item cut short shows its full text in a tooltip on hover and on
 * keyboard focus (items are focusable; Escape hides the tooltip). ANSI colours are rendered as
 * styled spans.
 *
 * The bar is a labelled region, not a live region: changes are announced politely through a
 * separate hidden status element, at most once per key every 2 s (the latest text wins), as
 * plain text. Set `announce` to `false` to stay silent.
 *
 * @tagname rpc-status-bar
 * @summary The status line of extension statuses.
 * @csspart bar - the region holding the items (one line)
 * @csspart list - the list of items
 * @csspart item - one status item (focusable)
 * @csspart text - an item's text, cut with an ellipsis
 * @csspart tooltip - the full text of the hovered or focused item
 * @csspart announcer - the visually hidden polite live region
 * @cssprop --rpc-status-gap - space between items
 * @cssprop --rpc-status-background - the bar's background (defaults to the widget background)
 * @cssprop --rpc-status-border-color - the bar's top border (transparent by default)
 * @cssprop --rpc-status-item-max-inline-size - how wide one item may grow before its ellipsis
 * @cssprop --rpc-ansi-dim-opacity - the opacity of dim (SGR 2) text
 * @cssprop --rpc-ansi-red - and the other `--rpc-ansi-<name>` colours: the 16 base ANSI colours
 */
export class RpcStatusBar extends BoundElement {
  static override styles = [...BoundElement.styles, agentLineStyles, statusBarStyles];

  protected static override renders: RenderedState = { parts: ['statuses'], perFrame: true };

  /** Announce changes politely (at most once per key every 2 s). */
  @property({ type: Boolean })
  announce = true;

  /** The clock for the announcement interval; defaults to the controller's. */
  @property({ attribute: false })
  clock: Clock | undefined;

  /** The key whose full text the tooltip shows. */
  @state()
  private tipKey: string | undefined;
  /** The texts seen on the last update; `undefined` until the first one (not announced). */
  #known: Map<string, string> | undefined;
  /** When each key was last announced, on `clock`. */
  readonly #announcedAt = new Map<string, number>();
  /** Keys whose change waits for their interval to end, with the timer handle. */
  readonly #waiting = new Map<string, unknown>();
  #announcement = '';
  #announcements = 0;
  #statuses: readonly StatusEntry[] = [];
  /** The status the tooltip shows. */
  #tip: StatusEntry | undefined;

  /** The latest announcement (plain text), as placed in the live region. */
  get lastAnnouncement(): string {
    return this.#announcement;
  }

  // The bar's width caps each item's (a container query would take a bar sized by its content,
  // in a flex row say, down to nothing).
  readonly #resize = new ResizeObserver(([entry]) => {
    const bar = entry?.target as HTMLElement | undefined;
    // Hidden (no statuses), it keeps the last width: items never flash at no width.
    if (bar?.clientWidth) bar.style.setProperty('--_bar-inline-size', `${bar.clientWidth}px`);
  });

  protected override firstUpdated(): void {
    const bar = this.renderRoot.querySelector('.bar');
    if (bar) this.#resize.observe(bar);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onDocumentKeyDown);
    this.#cancelWaiting();
    this.#known = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#statuses = this.controller?.statuses ?? [];
    if (changed.has('announce') && !this.announce) this.#cancelWaiting();
    this.#takeIn(this.#statuses);
    this.#tip = this.#statuses.find((s) => s.key === this.tipKey);
    this.tipKey = this.#tip?.key;
  }

  protected override render(): TemplateResult {
    const text = this.#text();
    const statuses = this.#statuses;
    const agentText = { truncated: text.textTruncated, locale: this.locale };
    const item = (status: StatusEntry) => html`
      <li
        class="item"
        part="item"
        tabindex="0"
        data-key=${status.key}
        ?data-tip=${status === this.#tip}
        @pointerenter=${this.#onEnter}
        @pointerleave=${this.#onLeave}
        @focus=${this.#onEnter}
        @blur=${this.#onLeave}
      >
        <span class="text" part="text">${ansiText(status.text, agentText)}</span>
      </li>
    `;
    return html`
      <div class="visually-hidden" role="status" part="announcer">
        ${keyed(this.#announcements, html`<span>${this.#announcement}</span>`)}
      </div>
      <div
        class="bar"
        part="bar"
        role="region"
        aria-label=${text.statusBarLabel}
        tabindex="-1"
        ?hidden=${statuses.length === 0}
        @wheel=${this.#onWheel}
      >
        <ul class="list" part="list" role="list">
          ${repeat(statuses, (status) => status.key, item)}
        </ul>
      </div>
      <div
        class="tooltip"
        part="tooltip"
        popover="manual"
        aria-hidden="true"
        @pointerleave=${this.#onLeave}
      >${this.#tip ? ansiText(this.#tip.text, { ...agentText, lines: true }) : ''}</div>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const tip = this.renderRoot.querySelector<HTMLElement>('.tooltip');
    // Browsers without popovers show no tooltip (and do not know `:popover-open`).
    if (typeof tip?.showPopover !== 'function') return;
    const wanted = this.tipKey !== undefined;
    if (tip.matches(':popover-open') === wanted) return;
    tip.togglePopover(wanted);
    // While it shows, Escape hides it wherever focus is (WCAG 1.4.13).
    if (wanted) document.addEventListener('keydown', this.#onDocumentKeyDown);
    else document.removeEventListener('keydown', this.#onDocumentKeyDown);
  }

  #text(): Strings<typeof statusBarEnglish> {
    return this.textFor(statusBarEnglish);
  }

  #clock(): Clock {
    return this.clock ?? this.controller?.clock ?? systemClock;
  }

  /** Compare with the texts seen before and announce what changed (not on the first look). */
  #takeIn(statuses: readonly StatusEntry[]): void {
    const previous = this.#known;
    this.#known = new Map(statuses.map((s) => [s.key, s.text]));
    for (const key of this.#waiting.keys()) if (!this.#known.has(key)) this.#stopWaiting(key);
    if (!previous || !this.announce) return;
    const due: string[] = [];
    const now = this.#clock().now();
    for (const { key, text } of statuses) {
      if (previous.get(key) === text) continue;
      const last = this.#announcedAt.get(key);
      if (last === undefined || now - last >= STATUS_ANNOUNCE_INTERVAL) {
        this.#stopWaiting(key);
        this.#announcedAt.set(key, now);
        due.push(this.#phrase(key, text));
      } else if (!this.#waiting.has(key)) {
        const wait = last + STATUS_ANNOUNCE_INTERVAL - now;
        this.#waiting.set(
          key,
          this.#clock().setTimeout(() => this.#announceLate(key), wait),
        );
      }
    }
    if (due.length > 0) this.#say(due.join('. '));
  }

  /**
   * The interval of `key` ended with a change pending: the next update says its latest text,
   * with whatever else it takes in.
   */
  #announceLate(key: string): void {
    this.#waiting.delete(key);
    this.#known?.delete(key);
    // With the changes, at most once a frame: many keys' intervals can end during a burst.
    this.requestStateUpdate();
  }

  #phrase(key: string, text: string): string {
    const strings = this.#text();
    return format(strings.statusAnnouncement, {
      key,
      text: plainText(text, { truncated: strings.textTruncated, locale: this.locale }),
    });
  }

  #say(message: string): void {
    relayToModal(message);
    this.#announcement = message;
    this.#announcements++;
  }

  #stopWaiting(key: string): void {
    const handle = this.#waiting.get(key);
    if (handle !== undefined) this.#clock().clearTimeout(handle);
    this.#waiting.delete(key);
  }

  #cancelWaiting(): void {
    for (const key of this.#waiting.keys()) this.#stopWaiting(key);
  }

  #onEnter = (event: Event): void => {
    const item = event.currentTarget as HTMLElement;
    const text = item.querySelector('.text');
    // Only an item cut short needs its full text shown.
    this.tipKey = text && text.scrollWidth > text.clientWidth ? item.dataset.key : undefined;
  };

  #onLeave = (event: Event): void => {
    // The tooltip stays while the pointer moves between the item and the tooltip, and while the item has focus.
    const to = (event as PointerEvent | FocusEvent).relatedTarget;
    if (to instanceof Element && this.renderRoot.contains(to) && to.closest('.tooltip, [data-tip]')) return;
    if (this.shadowRoot?.activeElement?.matches('[data-tip]')) return;
    this.tipKey = undefined;
  };

  #onDocumentKeyDown = (event: KeyboardEvent): void => {
    // The key still reaches the page: nothing is stopped or prevented.
    if (event.key === 'Escape') this.tipKey = undefined;
  };

  /** A vertical wheel scrolls a bar too narrow for its items sideways (a mouse has no other way). */
  #onWheel = (event: WheelEvent): void => {
    const bar = event.currentTarget as HTMLElement;
    if (event.deltaX || event.ctrlKey || bar.scrollWidth <= bar.clientWidth) return;
    const before = bar.scrollLeft;
    const unit = [1, 20, bar.clientWidth][event.deltaMode] ?? 1; // pixels, lines or pages
    const delta = event.deltaY * unit;
    // In a right-to-left bar the items run leftwards: down goes to the later ones there too.
    bar.scrollLeft += getComputedStyle(bar).direction === 'rtl' ? -delta : delta;
    if (bar.scrollLeft !== before) event.preventDefault();
  };
}
