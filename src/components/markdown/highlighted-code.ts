/**
 * A code block's text, highlighted once it is written whole: plain text at once, then piece by
 * piece as the highlighter (its own module, loaded the first time code is shown) gets through it,
 * one piece a task, so that a long block never holds the page. Only class names are added: the
 * text stays the agent's, bound as text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type * as HighlightModule from '../../markdown/highlight.js';
import type { CodeSpan } from '../../markdown/highlight.js';

/** A task's end: the page paints and takes input between two pieces. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

function spans(nodes: readonly CodeSpan[]): unknown[] {
  return nodes.map((node) =>
    typeof node === 'string'
      ? node
      : html`<span class=${node.classes || nothing}>${spans(node.children)}</span>`,
  );
}

class HighlightedCodeDirective extends AsyncDirective {
  #code = '';
  #language = '';
  #settled = false;
  /** The code's pieces (highlight.ts `piecesOf`), once highlighting began. */
  #pieces: readonly string[] = [];
  /** The pieces highlighted so far, in order. */
  #done: (readonly CodeSpan[])[] = [];
  /** Which highlighting is current: a new code, or the directive leaving the page, ends the last. */
  #run = 0;
  #running = false;
  /** Highlighted whole, or found to have no grammar: nothing more to do. */
  #finished = false;

  render(code: string, language: string, settled: boolean): TemplateResult | string {
    if (code !== this.#code || language !== this.#language) {
      this.#code = code;
      this.#language = language;
      this.#pieces = [];
      this.#done = [];
      this.#finished = false;
      this.#stop();
    }
    this.#settled = settled;
    this.#start();
    return this.#template();
  }

  #template(): TemplateResult | string {
    if (this.#done.length === 0) return this.#code;
    // Each piece a part of its own: highlighting one replaces only its text.
    return html`${repeat(
      this.#pieces,
      (_, index) => index,
      (piece, index) => {
        const done = this.#done[index];
        return done ? guard([done], () => spans(done)) : piece;
      },
    )}`;
  }

  /** Highlight the code, if it is written whole, has a language, and is not done or underway. */
  #start(): void {
    if (!this.#settled || !this.#language || this.#running || this.#finished || !this.isConnected) return;
    this.#running = true;
    void this.#highlight(this.#run);
  }

  async #highlight(run: number): Promise<void> {
    let loaded: typeof HighlightModule;
    try {
      loaded = await import('../../markdown/highlight.js');
    } catch {
      // The highlighter could not be loaded (the page lost its server): the code stays plain,
      // and the next time it is drawn tries again.
      if (run === this.#run) this.#running = false;
      return;
    }
    const { highlighterFor, piecesOf } = loaded;
    const highlight = await highlighterFor(this.#language);
    if (run !== this.#run) return;
    if (highlight && this.#pieces.length === 0) this.#pieces = piecesOf(this.#code);
    // With no grammar for it, it stays plain text (`#pieces` is empty), and is not tried again.
    while (highlight && this.#done.length < this.#pieces.length) {
      if (this.#done.length > 0) await nextTask();
      if (run !== this.#run) return;
      this.#done.push(highlight(this.#pieces[this.#done.length] ?? ''));
      this.setValue(this.#template());
    }
    this.#running = false;
    this.#finished = true;
  }

  #stop(): void {
    this.#run++;
    this.#running = false;
  }

  protected override disconnected(): void {
    this.#stop();
  }

  protected override reconnected(): void {
    this.#start();
  }
}

/**
 * `code` as text, highlighted as `language` once `settled` (its fence closed), piece by piece off
 * the token path. A language the kit has no grammar for stays plain.
 */
export const highlightedCode = directive(HighlightedCodeDirective);
