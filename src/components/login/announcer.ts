import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { LoginEntry } from '../../controller/logins.js';
import { plainText, type TruncationOptions } from '../ansi-text/ansi-text.js';
import { relayToModal } from '../internal/modal-relay.js';
import type { loginEnglish } from '../strings/login-strings.js';
import { format } from '../strings/format.js';
import type { Strings } from '../strings/strings.js';

/** How many announcements the live region keeps (the newest ones). */
const KEPT = 3;

/** What a login had on the last look. */
interface Seen {
  readonly url: string | undefined;
  readonly code: string | undefined;
  readonly messages: number;
  readonly outcome: string | undefined;
}

/** How a card's title and state are worded (the element's words, passed in). */
export interface LoginWording {
  readonly text: Strings<typeof loginEnglish>;
  /** How agent text cut for length says so, in the panel's locale. */
  readonly agentText: TruncationOptions;
  title(entry: LoginEntry): string;
  outcome(entry: LoginEntry): string | undefined;
}

/**
 * The login panel's announcements, in one polite live region that exists from the first render:
 * a login started, a page or a code that arrived, how a login ended, a device code's time left.
 * A card's progress messages are announced by the card's own log region; only the ones a new card
 * starts with are said here (a live region that appears with its text is not read). What was
 * there on the first look is history: shown, not announced. Everything is also relayed to the
 * kit's modal dialog that has focus, if any (screen readers ignore live regions outside it).
 */
export class LoginAnnouncer {
  /** The logins on the last look, by key; `undefined` before the first one. */
  #seen: Map<string, Seen> | undefined;
  #said: { readonly id: number; readonly text: string }[] = [];
  #count = 0;

  /** Compare `list` with the last look and announce what is new. */
  takeIn(list: readonly LoginEntry[], wording: LoginWording): void {
    const before = this.#seen;
    this.#seen = new Map(list.map((entry) => [entry.key, seen(entry)]));
    if (!before) return;
    const { text, agentText } = wording;
    for (const entry of list) {
      const was = before.get(entry.key);
      const now = this.#seen.get(entry.key) as Seen;
      const title = wording.title(entry);
      const say = (what: string) => this.say(format(text.loginAnnouncement, { title, text: what }));
      if (!was && entry.startedHere && !entry.url && !entry.deviceCode && !entry.outcome)
        say(text.loginRunning);
      if (now.url !== was?.url && entry.url) say(text.loginPageReady);
      if (now.code !== was?.code && entry.deviceCode)
        say(format(text.loginCodeReady, { code: plainText(entry.deviceCode.userCode, agentText) }));
      for (const message of entry.messages.slice(was?.messages ?? 0)) {
        const words = plainText(message.message, agentText);
        // A new card's log region is new too: its first messages are said here.
        if (was) relayToModal(words);
        else say(words);
      }
      const outcome = wording.outcome(entry);
      if (now.outcome !== was?.outcome && outcome) say(outcome);
    }
  }

  /** Say `message` politely (and in the focused modal dialog, if any). */
  say(message: string): void {
    this.#said = [...this.#said, { id: ++this.#count, text: message }].slice(-KEPT);
    relayToModal(message);
  }

  /** Forget everything: the next look is a first one. */
  reset(): void {
    this.#seen = undefined;
    this.#said = [];
  }

  /** The live region (`part="announcer"`, visually hidden) with the newest announcements. */
  region(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-atomic="false" part="announcer">
      ${repeat(
        this.#said,
        (said) => said.id,
        (said) => html`<p>${said.text}</p>`,
      )}
    </div>`;
  }
}

function seen(entry: LoginEntry): Seen {
  return {
    url: entry.url?.id,
    code: entry.deviceCode?.id,
    messages: entry.messages.length,
    outcome: entry.outcome?.kind,
  };
}
