import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { NotificationEntry } from '../../controller/types.js';
import { plainText, type TruncationOptions } from '../ansi-text/ansi-text.js';
import { relayToModal } from '../internal/modal-relay.js';
import { type notificationsEnglish, noteText } from '../strings/notification-strings.js';
import { type Strings } from '../strings/strings.js';

type NotificationsText = Strings<typeof notificationsEnglish>;

/** How many announcements each live region keeps (the newest ones of a burst). */
const ANNOUNCE_LIMIT = 5;

/**
 * The announcements of a notification stack: two live regions, `role="status"` (polite) for info
 * and warnings and `role="alert"` for errors, each holding the newest few notifications that
 * arrived since the host was bound (those already there on the first look are history: shown,
 * not announced) and are still in the controller. Each new one is also relayed to the kit's modal
 * dialog that has focus, if any (screen readers ignore live regions outside it).
 */
export class Announcer {
  /** The controller's ids on the last look; `undefined` before the first one. */
  #seen: ReadonlySet<string> | undefined;
  #polite: NotificationEntry[] = [];
  #assertive: NotificationEntry[] = [];

  /**
   * Queue the notifications of `list` (whose ids are `ids`) new since the last look; drop the
   * gone. Worded in `text`; `agentText` says how agent text cut for length says so.
   */
  takeIn(
    list: readonly NotificationEntry[],
    ids: ReadonlySet<string>,
    text: NotificationsText,
    agentText: TruncationOptions,
  ): void {
    const seen = this.#seen;
    this.#seen = ids;
    // What was there on the first look is history: shown, not announced.
    const recent = seen ? list.filter((entry) => !seen.has(entry.id)).slice(-ANNOUNCE_LIMIT) : [];
    /** `queued` and the recent ones of its kind, still live, the newest few. */
    const queue = (queued: readonly NotificationEntry[], errors: boolean) =>
      [...queued, ...recent.filter((entry) => (entry.notifyType === 'error') === errors)]
        .filter((entry) => ids.has(entry.id))
        .slice(-ANNOUNCE_LIMIT);
    this.#polite = queue(this.#polite, false);
    this.#assertive = queue(this.#assertive, true);
    for (const entry of recent)
      relayToModal(
        `${text[`${entry.notifyType}Prefix`]} ${entry.note ? noteText(entry.note, text) : plainText(entry.message, agentText)}`,
      );
  }

  /** Forget everything: the next look is a first one. */
  reset(): void {
    this.#seen = undefined;
    this.#polite = [];
    this.#assertive = [];
  }

  /** A live region (`status-region` or `alert-region`) with the announcements still queued in it. */
  region(
    role: 'status' | 'alert',
    text: NotificationsText,
    message: (entry: NotificationEntry) => TemplateResult | string,
  ): TemplateResult {
    return html`
      <div role=${role} aria-atomic="false" part="${role}-region">
        ${repeat(
          role === 'status' ? this.#polite : this.#assertive,
          (entry) => entry.id,
          (entry) => html`<p>${text[`${entry.notifyType}Prefix`]} ${message(entry)}</p>`,
        )}
      </div>
    `;
  }
}
