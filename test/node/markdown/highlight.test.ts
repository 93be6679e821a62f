import { describe, expect, it } from 'vitest';
import {
  grammarOf,
  highlighterFor,
  PIECE_LINES,
  piecesOf,
  type CodeSpan,
} from '../../../src/markdown/highlight.js';

const textOf = (spans: readonly CodeSpan[]): string =>
  spans.map((span) => (typeof span === 'string' ? span : textOf(span.children))).join('');

const classesOf = (spans: readonly CodeSpan[]): string[] =>
  spans.flatMap((span) => (typeof span === 'string' ? [] : [span.classes, ...classesOf(span.children)]));

describe('the highlighter', () => {
  it('knows a fence’s language by the names people write, and no other', () => {
    expect(['ts', 'TypeScript', 'sh', 'console', 'py', 'yml', 'html', 'diff', 'rs'].map(grammarOf)).toEqual([
      'typescript',
      'typescript',
      'bash',
      'shell',
      'python',
      'yaml',
      'xml',
      'diff',
      'rust',
    ]);
    expect(grammarOf('brainfuck')).toBeUndefined();
    expect(grammarOf('constructor')).toBeUndefined();
    expect(grammarOf('__proto__')).toBeUndefined();
  });

  it('gives class names over the code’s own text, never markup', async () => {
    const highlight = await highlighterFor('ts');
    const code = 'const a: string = "<b>x</b>"; // <script>\n';
    const spans = highlight?.(code) ?? [];
    expect(textOf(spans)).toBe(code);
    expect(classesOf(spans)).toEqual(expect.arrayContaining(['hljs-keyword', 'hljs-string', 'hljs-comment']));
  });

  it('leaves a language it has no grammar for alone', async () => {
    expect(await highlighterFor('brainfuck')).toBeUndefined();
  });

  it('cuts a long block into pieces that make it whole again, at blank lines where it can', () => {
    const functions = Array.from({ length: 1000 }, (_, n) => `function f${n}() {\n  return ${n};\n}\n`);
    const code = functions.join('\n');
    const pieces = piecesOf(code);
    expect(pieces.join('')).toBe(code);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces.slice(0, -1)) {
      const lines = piece.split('\n').length - 1;
      expect(lines).toBeGreaterThanOrEqual(PIECE_LINES);
      expect(lines).toBeLessThanOrEqual(2 * PIECE_LINES);
      // Each piece ends after a blank line: no function is cut in two.
      expect(piece.endsWith('}\n\n')).toBe(true);
    }
    const noBlank = Array.from({ length: 1000 }, (_, n) => `x${n}`).join('\n');
    const cut = piecesOf(noBlank);
    expect(cut.join('')).toBe(noBlank);
    expect(Math.max(...cut.map((piece) => piece.split('\n').length - 1))).toBeLessThanOrEqual(
      2 * PIECE_LINES,
    );
    expect(piecesOf('short')).toEqual(['short']);
  });
});
