import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { keyed } from 'lit/directives/keyed.js';

/** How long "Copied" stays beside its button, in milliseconds. */
export const COPIED_MS = 4000;

/**
 * Copy buttons' text to the clipboard (`navigator.clipboard.writeText`) and what each last copy
 * did, by button id: "Copied" for a while, or why not (the clipboard refused, or is missing outside
 * a secure context) until the next try. Each result is a new node in the button's status region,
 * so the same words are announced again.
 */
export class CopyFeedback implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #results = new Map<string, { readonly ok: boolean; readonly n: number }>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #count = 0;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Copy `value`; the button `id` then says how it went. */
  async copy(id: string, value: string): Promise<void> {
    let ok = true;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ok = false;
    }
    this.#results.set(id, { ok, n: ++this.#count });
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    if (ok)
      this.#timers.set(
        id,
        setTimeout(() => this.#forget(id), COPIED_MS),
      );
    this.#host.requestUpdate();
  }

  /** The status region of button `id` (`part="copy-status"`, polite), with its last result. */
  status(id: string, words: { readonly copied: string; readonly failed: string }): TemplateResult {
    const result = this.#results.get(id);
    const said = result && keyed(result.n, html`<span>${result.ok ? words.copied : words.failed}</span>`);
    return html`<span class="copied" part="copy-status" role="status">${said ?? nothing}</span>`;
  }

  /** Forget the results of buttons whose id `keep` refuses (their cards are gone). */
  keepOnly(keep: (id: string) => boolean): void {
    for (const id of this.#results.keys()) if (!keep(id)) this.#forget(id, false);
  }

  hostDisconnected(): void {
    for (const id of [...this.#results.keys()]) this.#forget(id, false);
  }

  #forget(id: string, update = true): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.#results.delete(id);
    if (update) this.#host.requestUpdate();
  }
}
