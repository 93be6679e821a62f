/**
 * A reply's Markdown as blocks while it streams: the blocks before the last are parsed once and
 * kept as they are; each update parses again only the text from the start of the last one
 * (docs/markdown.md, "Streaming: the last block only"). A marker half-written at the end of the
 * last line is held back until the line says what it is, so that it is not shown as text first.
 * Tokens are markdown-it's, with raw HTML off: nothing in them is ever HTML to insert. DOM-free.
 */
import type { Env, MarkdownIt, Token } from 'markdown-it';
import { createMarkdownParser } from './parser.js';

/** One top-level block of a reply: its tokens, from its opening token to its closing one. */
export interface MarkdownBlock {
  /** Where its source starts in the reply (line endings made `\n`). */
  readonly start: number;
  /** Its tokens, as markdown-it gives them; `map` lines count from the parse that made them. */
  readonly tokens: readonly Token[];
}

/** Line endings as markdown-it makes them before it parses: `\r\n` and `\r` become `\n`. */
const normalised = (text: string) => text.replace(/\r\n?/g, '\n');

/** A line that is, so far, only the start of a list item, a heading or a quote (`- `, `12.`, `#`, `>`). */
const BARE_MARKER = /(?:^|\n) {0,3}(?:[-+*]|\d{1,9}[.)]?|#{1,6}|>)[ \t]*$/;

/** Emphasis, strikethrough, code, a table's pipe, a link, an image or an autolink begun at the end. */
const OPEN_MARKER = /(?:[*_~`|<]+|!?\[)$/;

/**
 * Blocks of a reply that grows: call {@link update} with the whole text so far at each change.
 * Text that is not the last one made longer (another reply, an edit) starts again.
 */
export class StreamedBlocks {
  readonly #md: MarkdownIt;
  /** The blocks kept, and where the text parsed again starts. */
  #kept: MarkdownBlock[] = [];
  #base = 0;
  /** The text seen last, line endings made `\n`. */
  #text = '';
  /** Reference definitions of the kept text, for the links of the part parsed again. */
  #references: NonNullable<Env['references']> = {};
  /** The end of the text not shown yet: a marker still being written. */
  #held = '';

  constructor(md: MarkdownIt = createMarkdownParser()) {
    this.#md = md;
  }

  /** What the last update did not show: a marker at its end, still being written (else ''). */
  get held(): string {
    return this.#held;
  }

  /** The blocks of `text`, the kept ones the same objects as before. */
  update(text: string): readonly MarkdownBlock[] {
    const next = normalised(text);
    if (!next.startsWith(this.#text)) this.#reset();
    this.#text = next;
    const open = this.#parseTail(next);
    // Every block but the last is done, unless the last starts on a line not finished yet: that
    // line may still join the block before it (a half-typed `3.` continuing a list).
    const lastLine = next.lastIndexOf('\n') + 1;
    const unfinished = !next.endsWith('\n') && open.at(-1)?.start === lastLine;
    const done = Math.max(0, open.length - (unfinished ? 2 : 1));
    if (done > 0) this.#keep(open.slice(0, done), open[done]?.start ?? next.length);
    return [...this.#kept, ...open.slice(done)];
  }

  /**
   * The blocks from the last kept one on. The last line, while unfinished, may end in a marker
   * that is not one yet: a bare `-` that a list item may follow, or a `**` markdown-it leaves as
   * text for now. That part is left out until more comes.
   */
  #parseTail(text: string): MarkdownBlock[] {
    let tail = text.slice(this.#base);
    this.#held = '';
    if (tail.endsWith('\n')) return this.#blocks(tail);
    const bare = BARE_MARKER.exec(tail);
    if (bare) {
      const start = bare[0].startsWith('\n') ? bare.index + 1 : bare.index;
      this.#held = tail.slice(start);
      tail = tail.slice(0, start);
    }
    const blocks = this.#blocks(tail);
    const marker = OPEN_MARKER.exec(tail)?.[0];
    if (marker === undefined || !endsAsText(blocks.at(-1), marker)) return blocks;
    this.#held = marker + this.#held;
    return this.#blocks(tail.slice(0, -marker.length));
  }

  #blocks(tail: string): MarkdownBlock[] {
    const env: Env = { references: { ...this.#references } };
    return blocksOf(this.#md.parse(tail, env), tail, this.#base);
  }

  #keep(blocks: readonly MarkdownBlock[], end: number): void {
    const env: Env = {};
    this.#md.parse(this.#text.slice(this.#base, end), env);
    // The first definition of a label is the one that counts, as in one whole parse.
    this.#references = { ...env.references, ...this.#references };
    this.#kept.push(...blocks);
    this.#base = end;
  }

  #reset(): void {
    this.#kept = [];
    this.#base = 0;
    this.#references = {};
  }
}

/** Whether `block` ends in text that ends with `marker`: markdown-it left it unmatched, as text. */
function endsAsText(block: MarkdownBlock | undefined, marker: string): boolean {
  const inline = block?.tokens.findLast((token) => token.type === 'inline');
  const last = inline?.children?.at(-1);
  return last?.type === 'text' && last.content.endsWith(marker);
}

/** The top-level blocks of `tokens`, parsed from `source`, which starts at `offset` in the reply. */
function blocksOf(tokens: readonly Token[], source: string, offset: number): MarkdownBlock[] {
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const blocks: MarkdownBlock[] = [];
  let from = 0;
  let depth = 0;
  tokens.forEach((token, index) => {
    depth += token.nesting;
    if (depth !== 0) return;
    const first = tokens[from];
    const line = first?.map?.[0] ?? 0;
    blocks.push({ start: offset + (lineStarts[line] ?? 0), tokens: tokens.slice(from, index + 1) });
    from = index + 1;
  });
  return blocks;
}
