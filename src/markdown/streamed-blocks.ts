/**
 * A reply's Markdown as blocks while it streams: the blocks before the last are parsed once and
 * kept as they are; each update parses again only the text from the start of the last one
 * (docs/markdown.md, "Streaming: the last block only"). Tokens are markdown-it's, with raw HTML
 * off: nothing in them is ever HTML to insert. DOM-free.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';

/** One top-level block of a reply: its tokens, from its opening token to its closing one. */
export interface MarkdownBlock {
  /** Where its source starts in the reply (line endings made `\n`). */
  readonly start: number;
  /** Its tokens, as markdown-it gives them; `map` lines count from the parse that made them. */
  readonly tokens: readonly Token[];
}

/** The parser the kit uses: CommonMark with GFM's tables and strikethrough, no raw HTML. */
export function createMarkdownParser(): MarkdownIt {
  // `fuzzyLink` off: it would link `setup.py` and `main.rs` as addresses.
  const md = markdownIt({ html: false, linkify: true });
  md.linkify.set({ fuzzyLink: false });
  return md;
}

/** Line endings as markdown-it makes them before it parses: `\r\n` and `\r` become `\n`. */
const normalised = (text: string) => text.replace(/\r\n?/g, '\n');

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

  constructor(md: MarkdownIt = createMarkdownParser()) {
    this.#md = md;
  }

  /** The blocks of `text`, the kept ones the same objects as before. */
  update(text: string): readonly MarkdownBlock[] {
    const next = normalised(text);
    if (!next.startsWith(this.#text)) this.#reset();
    this.#text = next;
    const tail = next.slice(this.#base);
    const env: Env = { references: { ...this.#references } };
    const open = blocksOf(this.#md.parse(tail, env), tail, this.#base);
    // Every block but the last is done, unless the last starts on a line not finished yet: that
    // line may still join the block before it (a half-typed `3.` continuing a list).
    const lastLine = tail.lastIndexOf('\n') + 1 + this.#base;
    const unfinished = !next.endsWith('\n') && open.at(-1)?.start === lastLine;
    const done = Math.max(0, open.length - (unfinished ? 2 : 1));
    if (done > 0) this.#keep(open.slice(0, done), open[done]?.start ?? next.length);
    return [...this.#kept, ...open.slice(done)];
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
