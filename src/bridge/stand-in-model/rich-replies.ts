/**
 * The stand-in model's replies that show what the conversation draws: Markdown of every kind, code
 * in several languages and a long block, and command output quoted with its columns. Asked for by
 * the prompts in {@link RICH_PROMPTS} (docs/models.md lists them). Node only, no DOM.
 */

/** A file of a few hundred lines, for a long code block. */
const longCode = Array.from(
  { length: 60 },
  (_, n) => `export function step${n + 1}(input: number): number {
  // Step ${n + 1} of the pipeline: each one adds its number.
  return input + ${n + 1};
}
`,
).join('\n');

const MARKDOWN = `# What the conversation draws

A reply is **Markdown**, drawn as it streams: *emphasis*, \`inline code\`, ~~struck text~~ and
[a link to the CommonMark spec](https://spec.commonmark.org/0.31.2/) whose address shows on hover.

## Lists

1. A numbered list
2. With a nested one:
   - only the block being written is drawn again
   - a marker half-written at the end waits
3. And a last item

- [x] A task done
- [ ] A task to do

## A table

| Agent | RPC flag | Streams |
| :--- | :---: | ---: |
| pi | \`--mode rpc\` | deltas |
| oh-my-pi | \`--mode rpc\` | snapshots |
| atomic | \`--mode rpc\` | deltas |

## Code

\`\`\`ts
interface Reply {
  readonly text: string;
  readonly streaming: boolean;
}

export function wordsOf(reply: Reply): number {
  return reply.text.split(/\\s+/).filter(Boolean).length;
}
\`\`\`

\`\`\`python
def words_of(text: str) -> int:
    """Count the words of a reply."""
    return len(text.split())
\`\`\`

\`\`\`json
{ "type": "extension_ui_response", "id": "42", "confirmed": true }
\`\`\`

\`\`\`diff
- const shown = marked(text);
+ const blocks = streamed.update(text);
\`\`\`

> Raw HTML stays text: <b>not bold</b>, and <img src=x onerror="alert(1)"> is only characters.

![an image by address, never fetched](https://example.com/diagram.png)
`;

const LONG_FENCE = `Here is a long file, ${longCode.split('\n').length} lines:

\`\`\`ts
${longCode}\`\`\`

It is highlighted once written whole, a piece at a time.
`;

const COMMAND_OUTPUT = `The folder, as \`ls -l\` lists it:

\`\`\`console
$ ls -l
total 24
-rw-r--r--  1 dev  staff   1093 Dec  7 10:02 README.md
-rw-r--r--  1 dev  staff    412 Dec  7 10:02 package.json
drwxr-xr-x  5 dev  staff    160 Dec  7 10:02 src
\`\`\`

Its columns stay aligned: code is monospace and keeps its spaces.
`;

/** Prompts the stand-in answers with a rich reply (matched as words, any case), and the reply. */
export const RICH_PROMPTS: readonly { readonly prompt: RegExp; readonly text: string }[] = [
  { prompt: /\bshow (me )?markdown\b/i, text: MARKDOWN },
  { prompt: /\blong (code|file|fence)\b/i, text: LONG_FENCE },
  { prompt: /\bcommand output\b/i, text: COMMAND_OUTPUT },
];

/** The rich reply `prompt` asks for, if it asks for one. */
export function richReply(prompt: string): string | undefined {
  return RICH_PROMPTS.find((rich) => rich.prompt.test(prompt))?.text;
}
