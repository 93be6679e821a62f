import { Transcript } from '../src/controller/transcript/transcript.js';

const text = (value: string) => [{ type: 'text', text: value }];

let serial = 0;

/** An assistant message calling `name`, and the tool's result message, as `get_messages` gives them. */
function called(
  name: string,
  args: Record<string, unknown>,
  result: string,
  extra: { readonly details?: unknown; readonly isError?: boolean } = {},
): unknown[] {
  const id = `call_${++serial}`;
  return [
    { role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: args }], stopReason: 'toolUse' },
    { role: 'toolResult', toolCallId: id, toolName: name, content: text(result), isError: false, ...extra },
  ];
}

const SOURCE = `import { tokenize } from './tokenize.js';

export function parse(text: string): Block[] {
  return blocksOf(tokenize(text));
}`;

const TESTS = Array.from({ length: 40 }, (_, n) => `  \u001b[32m✓\u001b[39m parse case ${n + 1}`).join('\n');

/**
 * A turn that reads, runs, searches, edits, writes, is refused and lists its tasks: each of the
 * agents' tools as their records give them (pi 1.6.0's edit with its patch, oh-my-pi's todo, pi's
 * permission gate saying No), restored as after a reload.
 */
export function toolCallConversation(): Transcript {
  const transcript = new Transcript();
  transcript.restore([
    { role: 'user', content: 'The parser test fails: fix it.' },
    ...called('read', { path: 'src/parse.ts', offset: 1, limit: 40 }, SOURCE),
    ...called(
      'bash',
      { command: 'npm test -- parse' },
      '\u001b[31m✗ parse splits blocks\u001b[39m\n  expected 2 blocks, got 1\n\nCommand exited with code 1',
      { isError: true },
    ),
    ...called(
      'grep',
      { pattern: 'blocksOf', path: 'src' },
      'src/parse.ts:4: return blocksOf(tokenize(text));\nsrc/blocks.ts:12: export function blocksOf(tokens: Token[]) {',
    ),
    ...called(
      'edit',
      {
        path: 'src/blocks.ts',
        edits: [{ oldText: 'if (token.end)', newText: 'if (token.end || token.blank)' }],
      },
      'Successfully replaced 1 block(s) in src/blocks.ts.',
      {
        details: {
          diff: '',
          patch:
            '--- src/blocks.ts\n+++ src/blocks.ts\n@@ -12,4 +12,5 @@\n export function blocksOf(tokens: Token[]) {\n   for (const token of tokens) {\n-    if (token.end) flush();\n+    // A blank line ends a block too.\n+    if (token.end || token.blank) flush();\n   }\n',
          firstChangedLine: 14,
        },
      },
    ),
    ...called(
      'write',
      {
        path: 'test/blocks.test.ts',
        content:
          "import { blocksOf } from '../src/blocks.js';\n\ntest('a blank line ends a block', () => {\n  expect(blocksOf(tokens('a\\n\\nb'))).toHaveLength(2);\n});\n",
      },
      'Successfully wrote to test/blocks.test.ts',
    ),
    ...called('bash', { command: 'rm -rf dist' }, 'Blocked by user', { details: {}, isError: true }),
    ...called('bash', { command: 'npm test' }, `${TESTS}\n\n40 passing`),
    ...called(
      'todo',
      { op: 'done', task: 'Fix the parser' },
      '{"phases":[{"name":"Parser","tasks":[{"content":"Fix the parser","status":"completed"}]}]}',
    ),
    {
      role: 'assistant',
      content: text(
        'A blank line now ends a block, and **all 40 tests pass**. I did not delete `dist`: you said no.',
      ),
      stopReason: 'stop',
    },
  ]);
  return transcript;
}
