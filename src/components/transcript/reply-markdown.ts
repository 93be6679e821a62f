import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AssistantEntry, TranscriptEntry } from '../../controller/transcript/entries.js';
import { stripAnsi } from '../../protocol/ansi.js';
import { clipText } from '../ansi-text/ansi-text.js';
import { createMarkdownParser } from '../../markdown/parser.js';
import { StreamedBlocks } from '../../markdown/streamed-blocks.js';
import { elementsOf, type MarkdownView, renderBlock, renderBlockText } from '../markdown/markdown-blocks.js';

/**
 * Elements a reply's Markdown is drawn with at most; the blocks past it are their text. No reply a
 * person reads needs more (a 500-row table does not), and a hostile one of 25,000 (`_a_` repeated
 * over 100,000 characters) held WebKit's page for 40 s with assistive technology on, which builds
 * an accessible object for each.
 */
export const REPLY_ELEMENTS = 5000;

/**
 * The rendered replies' Markdown, by entry id. A reply that streams is a new entry at each token
 * with the same id: its blocks before the last are the same objects as before, and drawn as they
 * were (`guard`); only the last is drawn again (docs/markdown.md, "Streaming: the last block only").
 */
export class ReplyMarkdown {
  // One parser for every reply: building one costs more than parsing a short reply.
  readonly #parser = createMarkdownParser();
  #byId = new Map<string, StreamedBlocks>();

  /**
   * `entry`'s text as Markdown, drawn with `view` (the same object while the strings are), and
   * `view.truncated` after it when it was cut for length.
   */
  draw(
    entry: AssistantEntry,
    view: MarkdownView & { readonly truncated: (omitted: number) => string },
  ): TemplateResult {
    let streamed = this.#byId.get(entry.id);
    if (!streamed) {
      streamed = new StreamedBlocks(this.#parser);
      this.#byId.set(entry.id, streamed);
    }
    // Cut as any agent text is (laying out megabytes freezes a page), escape sequences dropped.
    const { text, omitted } = clipText(entry.text);
    const blocks = streamed.update(stripAnsi(text));
    const last = blocks.length - 1;
    let elements = 0;
    const marked = blocks.map((block) => (elements += elementsOf(block)) <= REPLY_ELEMENTS);
    const drawn = repeat(
      blocks,
      (block) => block.start,
      (block, index) => {
        // The block being written: its code is highlighted once it is written whole.
        const open = entry.streaming && index === last;
        const markup = marked[index] ?? false;
        return guard([block, view, open, markup], () =>
          markup ? renderBlock(block, open ? { ...view, open } : view) : renderBlockText(block),
        );
      },
    );
    // No white space around the blocks: the text is the reply's, for whoever reads it out.
    const note = omitted > 0 ? html`<p class="truncated">${view.truncated(omitted)}</p>` : nothing;
    return html`<div class="text markdown" part="text">${drawn}${note}</div>`;
  }

  /** Forget the replies not among `rendered`: only what is on the page keeps its blocks. */
  keepOnly(rendered: readonly TranscriptEntry[]): void {
    if (this.#byId.size === 0) return;
    const kept = new Map<string, StreamedBlocks>();
    for (const entry of rendered) {
      const blocks = this.#byId.get(entry.id);
      if (blocks) kept.set(entry.id, blocks);
    }
    this.#byId = kept;
  }
}
