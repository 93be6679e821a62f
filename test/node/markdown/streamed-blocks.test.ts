/**
 * StreamedBlocks against markdown-it's own parse of the whole text: for any way a reply arrives in
 * chunks, the blocks kept plus the part parsed again are, at every update, what one parse of
 * everything so far gives, on the cases where parsing from the last block could go wrong (a list
 * continued by a marker still being typed, a setext heading, a table whose delimiter row comes
 * later, lazy quotes, loose lists, open fences, reference links defined before their use).
 */
import fc from 'fast-check';
import type { Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { createMarkdownParser } from '../../../src/markdown/parser.js';
import { StreamedBlocks } from '../../../src/markdown/streamed-blocks.js';
import { fuzzParameters, fuzzTimeout } from '../../support/fuzz.js';

const HARD = [
  '# A heading',
  '',
  'A paragraph with `code`, *emphasis*, ~~gone~~ and [a link][docs].',
  '',
  '[docs]: https://example.com/docs "The docs"',
  '',
  'Setext heading',
  '==============',
  '',
  '1. First',
  '2. Second',
  '   continued, lazily',
  '',
  '   still the second, loose',
  '3. Third',
  '',
  '> A quote',
  'that goes on lazily',
  '> - with a list',
  '',
  '| Name | Size |',
  '| :--- | ---: |',
  '| a.ts | 12 |',
  '| b.ts | 3 |',
  '',
  '- [ ] a task',
  '- [x] done',
  '',
  '```ts',
  'const x = 1;',
  '',
  'const y = 2;',
  '```',
  '',
  '~~~',
  'a fence of tildes',
  '~~~',
  '',
  '***',
  '',
  '    indented code',
  '',
  'Last words, <b>not HTML</b> &amp; an autolink https://example.org; [the docs][docs] again.',
  '',
  '```',
  'an open fence that never closes',
].join('\n');

/** What a token says, but where it was (its lines count from the parse that made it). */
const shape = (token: Token): unknown => ({
  type: token.type,
  tag: token.tag,
  attrs: token.attrs,
  nesting: token.nesting,
  level: token.level,
  content: token.content,
  markup: token.markup,
  info: token.info,
  block: token.block,
  hidden: token.hidden,
  children: token.children?.map(shape) ?? null,
});

const md = createMarkdownParser();
const whole = (text: string) => md.parse(text, {}).map(shape);

/** `text` cut after each of `sizes` characters (the rest in one last chunk). */
function prefixes(text: string, sizes: readonly number[]): string[] {
  const cuts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    at = Math.min(text.length, at + size);
    cuts.push(text.slice(0, at));
  }
  cuts.push(text);
  return cuts;
}

describe('StreamedBlocks', () => {
  it(
    'gives, at every update of a reply in any chunks, what one parse of all of it gives',
    () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 200 }), (sizes) => {
          const blocks = new StreamedBlocks();
          for (const text of prefixes(HARD, sizes)) {
            const streamed = blocks.update(text).flatMap((block) => block.tokens.map(shape));
            // A marker still being written is held back: the end of the unfinished last line.
            const { held } = blocks;
            expect(text.endsWith(held) && !held.includes('\n')).toBe(true);
            expect(streamed).toEqual(whole(text.slice(0, text.length - held.length)));
          }
        }),
        fuzzParameters(300, fuzzTimeout(15_000)),
      );
    },
    fuzzTimeout(20_000),
  );

  it('keeps the blocks before the last: the same objects, not parsed again', () => {
    const blocks = new StreamedBlocks();
    const start = '# Title\n\nOne paragraph.\n\nAnother line\n';
    const first = blocks.update(start);
    const text = `${start}continued.\n\nA third`;
    const second = blocks.update(text);
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(4);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    const starts = ['# Title', 'One', 'Another', 'A third'].map((words) => text.indexOf(words));
    expect(second.map((block) => block.start)).toEqual(starts);
  });

  it('does not keep the block before a line still being written: it may join it', () => {
    const blocks = new StreamedBlocks();
    blocks.update('1. First\n2. Second\n\n   ```\n   x\n   ```\n3');
    const list = blocks.update('1. First\n2. Second\n\n   ```\n   x\n   ```\n3. Third\n');
    expect(list).toHaveLength(1);
    expect(list[0]?.tokens.filter((token) => token.type === 'list_item_open')).toHaveLength(3);
  });

  it('holds back a marker still being written at the end, not one that is done', () => {
    const held = (text: string) => {
      const blocks = new StreamedBlocks();
      const shown = blocks.update(text).flatMap((block) => block.tokens.map(shape));
      return { held: blocks.held, shown };
    };
    for (const [text, marker] of [
      ['Some **', '**'],
      ['Some ~~', '~~'],
      ['see [', '['],
      ['see ![', '!['],
      ['a pipe |', '|'],
      ['x <', '<'],
      ['A list:\n\n-', '-'],
      ['A list:\n\n12.', '12.'],
      ['Text\n\n## ', '## '],
      ['Text\n\n>', '>'],
    ] as const) {
      expect(held(text).held, text).toBe(marker);
      expect(held(text).shown, text).toEqual(whole(text.slice(0, -marker.length)));
    }
    for (const text of ['Some *b*', 'use `x`', 'a [link](https://example.com)', 'ends with **\n', '- item'])
      expect(held(text).held, text).toBe('');
  });

  it('shows raw HTML as text, and links only by the parser’s check', () => {
    const [block] = new StreamedBlocks().update('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    const inline = block?.tokens.find((token) => token.type === 'inline');
    expect(inline?.children?.map((token) => token.type)).toEqual(['text']);
    expect(inline?.content).toBe('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
  });

  it('starts again when the text is not the last one made longer', () => {
    const blocks = new StreamedBlocks();
    blocks.update('# One\n\nTwo\n\nThree');
    const other = blocks.update('Another reply');
    expect(other.map((block) => block.tokens.map(shape))).toEqual([whole('Another reply')]);
    expect(other[0]?.start).toBe(0);
  });

  it('takes \\r\\n and \\r as markdown-it does', () => {
    const text = '# A\r\n\r\nB\rC\r\n\r\n- d\r\n';
    const streamed = new StreamedBlocks();
    for (const cut of prefixes(text, [3, 1, 2, 1, 4, 1]))
      expect(streamed.update(cut).flatMap((block) => block.tokens.map(shape))).toEqual(whole(cut));
  });
});
