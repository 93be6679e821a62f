import { cancelResponse, confirmResponse, valueResponse } from '../../protocol/responses.js';
import { type ExtensionUIResponse, RESPONSE_TYPE } from '../../protocol/types.js';
import { isRecord } from './state-store.js';

/**
 * The latest answers sent, by dialog id, so one lost with a dead connection can be sent again
 * when the bridge replays its dialog: each at most once, the oldest forgotten beyond `limit`.
 * The newest few are also stored with the host's state, for an answer still waiting for the
 * connection when the page reloads.
 */
export class SentAnswers {
  readonly #answers = new Map<string, ExtensionUIResponse>();
  readonly #limit: number;

  constructor(limit = 256) {
    this.#limit = limit;
  }

  remember(response: ExtensionUIResponse): void {
    this.#answers.delete(response.id);
    this.#answers.set(response.id, response);
    if (this.#answers.size <= this.#limit) return;
    const oldest = this.#answers.keys().next();
    if (!oldest.done) this.#answers.delete(oldest.value);
  }

  /** The answer sent for `id`, forgotten as it is taken (so it goes again once at most). */
  take(id: string): ExtensionUIResponse | undefined {
    const response = this.#answers.get(id);
    this.#answers.delete(id);
    return response;
  }

  /**
   * What is stored across a reload: the newest `count` answers, oldest first, leaving out any
   * that would take the values past `maxChars` (a huge editor text is not copied into storage at
   * every save).
   */
  newest(count: number, maxChars = Number.POSITIVE_INFINITY): ExtensionUIResponse[] {
    const kept: ExtensionUIResponse[] = [];
    let chars = 0;
    for (const response of [...this.#answers.values()].reverse()) {
      if (kept.length === count) break;
      const size = 'value' in response ? response.value.length : 0;
      if (chars + size > maxChars) continue;
      chars += size;
      kept.push(response);
    }
    return kept.reverse();
  }

  /** Remember the stored answers again; anything that is not an answer is skipped. */
  restore(stored: unknown): void {
    if (!Array.isArray(stored)) return;
    for (const value of stored) {
      const response = readResponse(value);
      if (response) this.remember(response);
    }
  }
}

/** A stored `extension_ui_response` rebuilt from its fields, or `undefined`. */
function readResponse(value: unknown): ExtensionUIResponse | undefined {
  if (!isRecord(value) || value.type !== RESPONSE_TYPE || typeof value.id !== 'string' || !value.id)
    return undefined;
  if (value.cancelled === true) return cancelResponse(value.id);
  if (typeof value.confirmed === 'boolean') return confirmResponse(value.id, value.confirmed);
  if (typeof value.value === 'string') return valueResponse(value.id, value.value);
  return undefined;
}
