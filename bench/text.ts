import type { Random } from './random.js';

// What an assistant's streamed answer is made of: prose, code, paths, non-ASCII, quotes and
// newlines, so JSON.stringify has escapes to write and the decoder has multi-byte UTF-8 to read.
const WORDS = [
  'the',
  'file',
  'function',
  'returns',
  'a',
  'value',
  'when',
  'test',
  'fails',
  'because',
  'of',
  'config',
  'we',
  'should',
  'update',
  'and',
  'then',
  'run',
  'it',
  'again',
  'error',
  'import',
  'module',
  'handler',
  'request',
  'response',
  'stream',
  'buffer',
  'line',
  'parse',
  'output',
];
const RARE = [
  'héllo',
  'wörld',
  'naïve',
  'café',
  'façade',
  '日本語',
  'テスト',
  '中文',
  'Ελληνικά',
  'привет',
  '✓',
  '→',
  '—',
  '…',
  '🚀',
  '🙂',
  '“quoted”',
  '«guillemets»',
  '½',
  '€',
];
const CODE = [
  'const x = JSON.parse(line);',
  'if (err) throw new Error("failed: " + err.message);',
  'path = "C:\\\\Users\\\\dev\\\\project"',
  'return { ok: true, value };',
  'console.log(`${a} and ${b}`);',
  "grep -rn 'TODO' src/ | wc -l",
  '<div class="box">\t</div>',
];

/** Appends random tokens until the text has at least `length` characters; returns the pieces. */
export function makeTokens(random: Random, length: number): string[] {
  const tokens: string[] = [];
  let size = 0;
  while (size < length) {
    const roll = random.next();
    let token: string;
    if (roll < 0.8) token = `${random.pick(WORDS)} `;
    else if (roll < 0.88) token = `${random.pick(RARE)} `;
    else if (roll < 0.93) token = `"${random.pick(WORDS)}" `;
    else if (roll < 0.97) token = '.\n';
    else token = `\n\`\`\`ts\n${random.pick(CODE)}\n\`\`\`\n`;
    tokens.push(token);
    size += token.length;
  }
  return tokens;
}

/** Joins `tokens` and records the text at `steps` evenly spaced cut points (the last is the whole). */
export function prefixes(tokens: readonly string[], steps: number): { text: string; delta: string }[] {
  const out: { text: string; delta: string }[] = [];
  let text = '';
  let delta = '';
  let next = 1;
  tokens.forEach((token, index) => {
    text += token;
    delta += token;
    if (index + 1 >= Math.round((next * tokens.length) / steps) || index === tokens.length - 1) {
      out.push({ text, delta });
      delta = '';
      next++;
    }
  });
  return out;
}
