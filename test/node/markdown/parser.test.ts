/** The kit's Markdown parser: which addresses become links (none that runs, reads or hides). */
import { describe, expect, it } from 'vitest';
import { createMarkdownParser } from '../../../src/markdown/parser.js';

const md = createMarkdownParser();

describe('createMarkdownParser', () => {
  it('links http:, https: and mailto: addresses only; any other stays text', () => {
    const links = (text: string) =>
      md
        .parse(text, {})
        .flatMap((token) => token.children ?? [])
        .filter((token) => token.type === 'link_open')
        .map((token) => token.attrGet('href'));
    expect(links('[a](https://example.com/a) [b](HTTP://x.org) [c](mailto:me@example.com)')).toEqual([
      'https://example.com/a',
      'HTTP://x.org',
      'mailto:me@example.com',
    ]);
    expect(links('see https://example.org and <https://example.net>')).toEqual([
      'https://example.org',
      'https://example.net',
    ]);
    for (const hostile of [
      '[x](javascript:alert(1))',
      '[x](java&#115;cript:alert(1))',
      '[x](JAVASCRIPT:alert(1))',
      '[x](data:text/html,<script>alert(1)</script>)',
      '[x](data:image/png;base64,AAAA)',
      '[x](./secrets.env)',
      '[x](/etc/passwd)',
      '[x](file:///etc/passwd)',
      '[x](//evil.example)',
      '<javascript:alert(1)>',
      'setup.py and main.rs',
    ])
      expect(links(hostile), hostile).toEqual([]);
  });
});
