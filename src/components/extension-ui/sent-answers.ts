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

  /** The newest `count` answers, oldest first: what is stored across a reload. */
  newest(count: number): ExtensionUIResponse[] {
    return [...this.#answers.values()].slice(-count);
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
