/** A reply's words without its Markdown: what a screen reader is told when the reply ends. */
import { describe, expect, it } from 'vitest';
import { markdownWords } from '../../../src/markdown/plain-text.js';

describe('markdownWords', () => {
  it('gives the words a person reads: no markers, a link’s text, code as written, a block a line', () => {
    const markdown =
      '# Plan\n\nThe **parser** is `slow`; see [the docs](https://example.com).\n\n- one\n- two\n\n```sh\nls -la\n```\n\n<b>raw</b>';
    expect(markdownWords(markdown)).toBe(
      'Plan\nThe parser is slow; see the docs.\none\ntwo\nls -la\n<b>raw</b>',
    );
    expect(markdownWords('plain text,\nwrapped')).toBe('plain text, wrapped');
  });
});
