/**
 * A code block's copy button, as a directive: each button keeps what its last copy did ("Copied"
 * for a while, or why not) in its own part, so a conversation whose blocks are kept as they are
 * (never drawn again) still says it, and a block drawn again keeps it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { keyed } from 'lit/directives/keyed.js';
import { COPIED_MS } from '../reactive/copy-feedback.js';

/** What a copy button says. */
export interface CopyWords {
  /** The button. */
  readonly copy: string;
  /** Said once the text is on the clipboard. */
  readonly copied: string;
  /** Said when the clipboard refused (or is missing outside a secure context). */
  readonly failed: string;
}

class CopyButtonDirective extends AsyncDirective {
  #text = '';
  #words: CopyWords = { copy: '', copied: '', failed: '' };
  /** The last copy's result, and how many there were: each is a new node, announced again. */
  #result: { readonly ok: boolean; readonly n: number } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  render(text: string, words: CopyWords): TemplateResult {
    this.#text = text;
    this.#words = words;
    return this.#template();
  }

  #template(): TemplateResult {
    const result = this.#result;
    const said =
      result && keyed(result.n, html`<span>${result.ok ? this.#words.copied : this.#words.failed}</span>`);
    return html`<button type="button" class="copy" part="copy-button" @click=${this.#copy}>${this.#words.copy}</button
      ><span class="copied" part="copy-status" role="status">${said ?? nothing}</span>`;
  }

  #copy = async (): Promise<void> => {
    let ok = true;
    try {
      await navigator.clipboard.writeText(this.#text);
    } catch {
      ok = false;
    }
    clearTimeout(this.#timer);
    this.#result = { ok, n: (this.#result?.n ?? 0) + 1 };
    if (ok) this.#timer = setTimeout(() => this.#forget(), COPIED_MS);
    if (this.isConnected) this.setValue(this.#template());
  };

  #forget(): void {
    this.#result = undefined;
    if (this.isConnected) this.setValue(this.#template());
  }

  protected override disconnected(): void {
    clearTimeout(this.#timer);
    this.#result = undefined;
  }
}

/** A button that copies `text`, and the polite status beside it that says it did. */
export const copyButton = directive(CopyButtonDirective);
