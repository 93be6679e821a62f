import type { ExtensionUIResponse } from '../../protocol/types.js';

/**
 * The latest answers sent, by dialog id, so one lost with a dead connection can be sent again
 * when the bridge replays its dialog: each at most once, the oldest forgotten beyond `limit`.
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
}
