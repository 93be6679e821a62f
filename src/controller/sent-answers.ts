import { isRecord } from '../shared/is-record.js';
import { cancelResponse, confirmResponse, valueResponse } from '../protocol/responses.js';
import { type ExtensionUIResponse, RESPONSE_TYPE } from '../protocol/types.js';
import { BoundedMap } from '../shared/bounded.js';

/** An answer sent, with what it answered: the question's fingerprint and its agent process. */
export interface SentAnswer {
  readonly response: ExtensionUIResponse;
  /** The question's fingerprint (see `questionFingerprint`); `''` for a dialog with bad fields. */
  readonly question: string;
  /** The agent process that asked (the bridge's `session`), if it was named. */
  readonly session?: string;
}

/**
 * The latest answers sent, by dialog id, so one lost with a dead connection can be sent again
 * when the bridge replays its question: each at most once, the oldest forgotten beyond `limit`.
 * The newest few are also stored with the host's state, for an answer still waiting for the
 * connection when the page reloads.
 */
export class SentAnswers {
  readonly #answers: BoundedMap<string, SentAnswer>;

  constructor(limit = 256) {
    this.#answers = new BoundedMap(limit);
  }

  remember(answer: SentAnswer): void {
    this.#answers.set(answer.response.id, answer);
  }

  /** The answer sent for `id`, left in place. */
  get(id: string): SentAnswer | undefined {
    return this.#answers.get(id);
  }

  /** The answer sent for `id`, forgotten as it is taken (so it goes again once at most). */
  take(id: string): SentAnswer | undefined {
    const answer = this.#answers.get(id);
    this.#answers.delete(id);
    return answer;
  }

  /** Forget every answer (they were given to an agent process that has gone). */
  clear(): void {
    this.#answers.clear();
  }

  /**
   * What is stored across a reload: the newest `count` answers, oldest first, leaving out any
   * that would take the values past `maxChars` (a huge editor text is not copied into storage at
   * every save).
   */
  newest(count: number, maxChars = Number.POSITIVE_INFINITY): SentAnswer[] {
    return newestWithin(this.#answers.values(), count, maxChars, ({ response }) =>
      'value' in response ? response.value.length : 0,
    );
  }

  /** Remember the stored answers again; anything that is not a sent answer is skipped. */
  restore(stored: unknown): void {
    if (!Array.isArray(stored)) return;
    for (const value of stored) {
      if (!isRecord(value) || typeof value.question !== 'string') continue;
      const response = readResponse(value.response);
      const { session } = value;
      if (!response || (session !== undefined && typeof session !== 'string')) continue;
      this.remember({ response, question: value.question, ...(session === undefined ? {} : { session }) });
    }
  }
}

/**
 * Of `items` (oldest first), the newest `count`, leaving out any whose `size` would take the
 * total past `maxChars`; oldest first.
 */
export function newestWithin<T>(
  items: readonly T[],
  count: number,
  maxChars: number,
  size: (item: T) => number,
): T[] {
  const kept: T[] = [];
  let chars = 0;
  for (const item of [...items].reverse()) {
    if (kept.length === count) break;
    const length = size(item);
    if (chars + length > maxChars) continue;
    chars += length;
    kept.push(item);
  }
  return kept.reverse();
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
