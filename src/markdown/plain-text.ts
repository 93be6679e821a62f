/**
 * A reply's Markdown as the words a person reads in it, for where only text can go (what a
 * screen reader is told when a reply ends): no `#`, `**`, backticks or link syntax, a link's
 * text and not its address, code as written, each block on a line of its own. DOM-free.
 */
import type { MarkdownIt, Token } from 'markdown-it';
import { createMarkdownParser } from './parser.js';

let parser: MarkdownIt | undefined;

function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'softbreak' || token.type === 'hardbreak') return ' ';
      if (token.type === 'image') return inlineText(token.children ?? []);
      return token.type === 'text' || token.type === 'code_inline' ? token.content : '';
    })
    .join('');
}

/** The words of `markdown`, its blocks one a line. */
export function markdownWords(markdown: string): string {
  parser ??= createMarkdownParser();
  const lines: string[] = [];
  for (const token of parser.parse(markdown, {})) {
    if (token.type === 'inline') lines.push(inlineText(token.children ?? []));
    else if (token.type === 'fence' || token.type === 'code_block') lines.push(token.content.trimEnd());
  }
  return lines.filter((line) => line.trim() !== '').join('\n');
}
