import { html, nothing, type PropertyValues, svg, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { NotifyType } from '../../protocol/types.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import type { NotificationEntry } from '../../controller/types.js';
import { agentLineStyles, ansiText } from '../ansi-text/ansi-text.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { isComposing } from '../internal/keys.js';
import { lastFocused } from '../internal/last-focused.js';
import { format } from '../strings/format.js';
import { notificationsEnglish, noteText } from '../strings/notification-strings.js';
import { type Strings } from '../strings/strings.js';
import { Announcer } from './announcer.js';
import { FocusClearance } from '../reactive/focus-clearance.js';
import { DismissTimers } from '../reactive/dismiss-timers.js';
import { notificationsStyles } from './rpc-notifications.styles.js';

type NotificationsText = Strings<typeof notificationsEnglish>;

/**
 * The severity icons: decoration (the text prefix says the same), stroked in `currentColor` (the
 * stroke and fill are set in the styles).
 */
const ICONS: Record<NotifyType, TemplateResult> = {
  info: svg`<circle cx="8" cy="8" r="6.75"/><path d="M8 7.25v4M8 4.75v.01" stroke-width="1.75"/>`,
  warning: svg`<path d="M8 1.75 14.75 14H1.25Z"/><path d="M8 6.25v3.5M8 11.75v.01" stroke-width="1.75"/>`,
  error: svg`<circle cx="8" cy="8" r="6.75"/><path d="m5.75 5.75 4.5 4.5m0-4.5-4.5 4.5"/>`,
};

/**
 * The agent's notifications (`notify`), bound to an {@link ExtensionUIController}: a stack,
 * newest first, with `max-visible` shown and the rest behind a "+N more" button that expands the
 * list. Each has a severity icon, colour and a visible text prefix ("Info:", "Warning:", "Error:")
 * so colour is never the only cue; the message keeps its line breaks and ANSI colours.
 *
 * Announcements: two visually hidden live regions exist from the first render on, `role="status"`
 * (polite) for info and warnings and `role="alert"` for errors. Each notification that arrives
 * after the element is bound is written into its region once (at most the newest five of a burst
 * that lands in one frame); notifications already in the controller's history when it is bound
 * are shown but not announced. The regions are not atomic, so an earlier message is not read
 * again with the next one. The visible stack itself is not a live region.
 *
 * Dismissal: info and warnings leave after `duration` ms of being shown; the countdown pauses
 * while the pointer is over the stack, while focus is inside it and while the page is hidden, and
 * does not run for notifications folded behind "+N more". Errors stay until dismissed. Every
 * notification has a close button; Escape dismisses the focused notification, and focus moves on
 * to the next one (after the last one, back to where it was before). Other keys pass through
 * untouched. A dismissed notification leaves the controller's history, so a restored snapshot
 * does not bring it back. While focus is in a notification, newer ones do not fold it away.
 *
 * The element is not positioned: the host places it, or sets `floating` to pin it to the bottom
 * inline-end corner of the viewport. Renders are coalesced to one per animation frame.
 *
 * @tagname rpc-notifications
 * @summary Notification stack with live-region announcements.
 * @csspart status-region - the polite live region (visually hidden)
 * @csspart alert-region - the assertive live region for errors (visually hidden)
 * @csspart stack - the column holding the list and the "more" button
 * @csspart list - the list of shown notifications
 * @csspart notification - one notification; also `notification-info`, `notification-warning`, `notification-error`
 * @csspart icon - the severity icon
 * @csspart body - the prefix and the message
 * @csspart prefix - the visible severity prefix ("Error:")
 * @csspart message - the message text
 * @csspart close-button - a notification's dismiss button
 * @csspart more-button - the "+N more" / "Show fewer" button
 * @cssprop --rpc-info-color - accent of info notifications (falls back to VS Code's `notificationsInfoIcon.foreground`)
 * @cssprop --rpc-warning-color - accent of warnings
 * @cssprop --rpc-error-color - accent of errors
 * @cssprop --rpc-notification-background - a notification's background
 * @cssprop --rpc-notification-foreground - a notification's text colour
 * @cssprop --rpc-notification-border-color - a notification's border
 * @cssprop --rpc-notifications-offset - distance from the viewport edges when `floating`
 * @cssprop --rpc-z-index - stacking order when `floating`
 */
export class RpcNotifications extends BoundElement {
  static override styles = [...BoundElement.styles, agentLineStyles, notificationsStyles];

  protected static override renders: RenderedState = { parts: ['notifications'], perFrame: true };

  /** How many notifications are shown before the rest are counted behind "+N more". */
  @property({ type: Number, attribute: 'max-visible' })
  maxVisible = 3;

  /** How long info and warnings stay on screen, in milliseconds; `0` keeps them until dismissed. */
  @property({ type: Number })
  duration = 6000;

  /**
   * Pin the stack to the bottom inline-end corner of the viewport (`position: fixed`); it moves to
   * the top corner while the control that has focus lies under it.
   */
  @property({ type: Boolean, reflect: true })
  floating = false;

  /** The clock for auto-dismissal; defaults to the controller's clock. */
  @property({ attribute: false })
  clock: Clock | undefined;

  /** Whether every notification is shown (the "+N more" button was pressed). */
  @state()
  private expanded = false;

  readonly #announcer = new Announcer();
  readonly #timers = new DismissTimers(this, {
    shown: () => this.#shown,
    duration: () => this.duration,
    clock: () => this.clock ?? this.controller?.clock ?? systemClock,
    expire: (id) => this.dismiss(id),
  });
  #shown: readonly NotificationEntry[] = [];
  #focusIndex: number | undefined;

  constructor() {
    super();
    // Floating, the stack moves out of the way of what has focus (its own reactive controller).
    new FocusClearance(this);
  }

  /** Where focus was before it came into the stack. */
  #cameFrom: HTMLElement | undefined;

  /** Dismiss one notification: it leaves the controller's history. */
  dismiss(id: string): void {
    this.#timers.stop(id);
    this.controller?.dismissNotification(id);
    this.requestUpdate();
  }

  /** Dismiss every notification shown or counted (the controller's history is cleared). */
  dismissAll(): void {
    this.controller?.clearNotifications();
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Another controller: its notifications start afresh.
    if (changed.has('controller')) this.#reset();
    this.#takeIn(this.controller?.notifications ?? []);
    if (this.expanded && this.#active().length <= this.maxVisible) this.expanded = false;
  }

  get #text(): NotificationsText {
    return this.textFor(notificationsEnglish);
  }

  protected override render(): TemplateResult {
    const text = this.#text;
    const active = this.#active();
    const shown = this.expanded ? active : this.#folded(active);
    const hidden = active.length - shown.length;
    this.#shown = shown;
    const message = (entry: NotificationEntry) => this.#message(entry, text);
    const list = html`
      <ul class="list" part="list" aria-label=${text.notificationsLabel}>
        ${repeat(
          shown,
          (entry) => entry.id,
          (entry, index) => this.#renderNotification(entry, index, text),
        )}
      </ul>
    `;
    const more = html`
      <button
        type="button"
        class="more"
        part="more-button"
        aria-expanded=${String(this.expanded)}
        @click=${this.#toggle}
      >
        ${this.expanded ? text.fewerNotifications : format(text.moreNotifications, { count: hidden }, this.locale)}
      </button>
    `;
    return html`
      <div class="visually-hidden">
        ${this.#announcer.region('status', text, message)}
        ${this.#announcer.region('alert', text, message)}
      </div>
      <div
        class="stack"
        part="stack"
        ?hidden=${active.length === 0}
        @pointerenter=${this.#onPointer}
        @pointerleave=${this.#onPointer}
        @focusin=${this.#onFocus}
        @focusout=${this.#onFocus}
      >
        ${shown.length > 0 ? list : nothing}
        ${hidden > 0 || this.expanded ? more : nothing}
      </div>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.#shown.length === 0) this.#timers.hovered = false;
    // Focus left with the element that had it (everything focusable here is in the stack).
    if (!this.shadowRoot?.activeElement) this.#timers.focused = false;
    this.#moveFocus();
    this.#timers.sync();
  }

  #renderNotification(entry: NotificationEntry, index: number, text: NotificationsText): TemplateResult {
    const type = entry.notifyType;
    const bodyId = `body-${index}`;
    return html`
      <li class="notification ${type}" part="notification notification-${type}" data-id=${entry.id} @keydown=${this.#onKeyDown}>
        <span class="icon" part="icon" aria-hidden="true"><svg viewBox="0 0 16 16">${ICONS[type]}</svg></span>
        <p class="body" part="body" id=${bodyId}><span class="prefix" part="prefix">${text[`${type}Prefix`]}</span>
          <span class="message" part="message">${this.#message(entry, text)}</span></p>
        <button
          type="button"
          class="close"
          part="close-button"
          aria-label=${text.dismissNotification}
          aria-describedby=${bodyId}
          @click=${this.#dismissFrom}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true"><path d="m4 4 8 8m0-8-8 8"/></svg>
        </button>
      </li>
    `;
  }

  /** The agent's text, or a note of the kit's own worded from the strings. */
  #message(entry: NotificationEntry, text: NotificationsText): TemplateResult | string {
    if (entry.note) return noteText(entry.note, text);
    return ansiText(entry.message, { truncated: text.textTruncated, locale: this.locale, lines: true });
  }

  /** The controller's notifications, newest first. */
  #active(): NotificationEntry[] {
    return [...(this.controller?.notifications ?? [])].reverse();
  }

  /** The first `max-visible`, but a newer notification does not fold away the focused one. */
  #folded(active: NotificationEntry[]): NotificationEntry[] {
    const max = Math.max(0, this.maxVisible);
    const shown = active.slice(0, max);
    const id = this.shadowRoot?.activeElement?.closest<HTMLElement>('.notification')?.dataset.id;
    const focused = active.find((entry) => entry.id === id);
    if (focused && max > 0 && !shown.includes(focused)) shown[max - 1] = focused;
    return shown;
  }

  /** Note new notifications, queue their announcements and forget ids the controller dropped. */
  #takeIn(list: readonly NotificationEntry[]): void {
    const ids = new Set(list.map((entry) => entry.id));
    this.#timers.keepOnly(ids);
    const text = this.#text;
    this.#announcer.takeIn(list, ids, text, { truncated: text.textTruncated, locale: this.locale });
  }

  #reset(): void {
    this.#timers.keepOnly();
    this.#announcer.reset();
    this.#shown = [];
    this.expanded = false;
  }

  /** Dismiss the notification the event came from; keep focus in the stack if it was there. */
  #dismissFrom = (event: Event): void => {
    // The listeners sit on a notification and on its close button.
    const item = (event.currentTarget as Element).closest<HTMLElement>('.notification');
    const id = item?.dataset.id;
    if (!item || id === undefined) return;
    if (item.contains(this.shadowRoot?.activeElement ?? null))
      this.#focusIndex = this.#shown.findIndex((entry) => entry.id === id);
    this.dismiss(id);
  };

  /**
   * After a dismissal, focus the close button now at the same place, else the last one, else the
   * more button, else where focus was before it came into the stack.
   */
  #moveFocus(): void {
    const index = this.#focusIndex;
    this.#focusIndex = undefined;
    if (index === undefined) return;
    const buttons = this.renderRoot.querySelectorAll<HTMLElement>('.close');
    const target =
      buttons[Math.min(index, buttons.length - 1)] ??
      this.renderRoot.querySelector<HTMLElement>('.more') ??
      this.#cameFrom;
    target?.focus();
  }

  #onKeyDown = (event: KeyboardEvent): void => {
    // The Escape that drops an IME composition is the input method's.
    if (event.key !== 'Escape' || isComposing(event)) return;
    event.preventDefault();
    this.#dismissFrom(event);
  };

  #toggle = (): void => {
    this.expanded = !this.expanded;
  };

  #onPointer = (event: PointerEvent): void => {
    this.#timers.hovered = event.type === 'pointerenter';
    this.#timers.sync();
  };

  /**
   * Focus came into the stack (`focusin`; note where from), or left it unless it went elsewhere
   * inside (`focusout`).
   */
  #onFocus = (event: FocusEvent): void => {
    const stack = event.currentTarget as Element;
    const other = event.relatedTarget as HTMLElement | null;
    const focusin = event.type === 'focusin';
    // Not `other` itself: a shadow host (the status bar's, say) when focus came from inside one.
    if (focusin && other && !stack.contains(other)) this.#cameFrom = lastFocused() as HTMLElement;
    this.#timers.focused = focusin || stack.contains(other);
    this.#timers.sync();
  };
}
