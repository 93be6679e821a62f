import type { AssistantEntry, TranscriptEntry } from '../../controller/transcript/entries.js';
import { createMarkdownParser } from '../../markdown/parser.js';
import { type MarkdownBlock, StreamedBlocks } from '../../markdown/streamed-blocks.js';

/**
 * Each rendered reply's Markdown blocks, by entry id. A reply that streams is a new entry at each
 * token with the same id: its blocks before the last are the same objects as before, so the
 * transcript draws again only the last one (docs/markdown.md, "Streaming: the last block only").
 */
export class ReplyBlocks {
  // One parser for every reply: building one costs more than parsing a short reply.
  readonly #parser = createMarkdownParser();
  #byId = new Map<string, StreamedBlocks>();

  /** The blocks of `entry`'s text as it is now. */
  of(entry: AssistantEntry): readonly MarkdownBlock[] {
    let blocks = this.#byId.get(entry.id);
    if (!blocks) {
      blocks = new StreamedBlocks(this.#parser);
      this.#byId.set(entry.id, blocks);
    }
    return blocks.update(entry.text);
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
