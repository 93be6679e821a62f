import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor, within } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { Transcript } from '../src/controller/transcript/transcript.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import atomicNoModel from '../test/fixtures/atomic-6031a92/oauth-anthropic-manual-code.jsonl?raw';
import ompTurns from '../test/fixtures/omp-18.2.3/stand-in-turns.jsonl?raw';
import piTurns from '../test/fixtures/pi-1.6.0/stand-in-turns.jsonl?raw';
import { metaParameters, stage } from './story-helpers.js';
import { darkModern } from './vscode-themes.js';

interface TranscriptArgs {
  /** A recorded transcript (`{t_ms, dir, raw}` lines): its agent lines are played into the controller. */
  readonly turns: string;
  /** Play only the lines before this many (a reply in the middle of streaming). */
  readonly upTo?: number;
  /** Instead, a conversation of this many messages, as an agent's `get_messages` gives it back. */
  readonly messages?: number;
  /** Instead, one prompt and this reply, in Markdown. */
  readonly reply?: string;
}

/** A reply with most of what Markdown draws: what agents write when they explain a change. */
const RICH_REPLY = `# Refactoring plan

The parser is **too slow** on long replies, and \`parse()\` allocates a ~~string~~ buffer per call.

## Steps

1. Split \`src/parse.ts\` into blocks
2. Keep the blocks already parsed
   - only the last one changes
   - its tokens are reused
3. Measure again

- [x] Read the parser
- [ ] Write the benchmark

| File | Lines | Change |
| :--- | ---: | :---: |
| src/parse.ts | 412 | split |
| src/blocks.ts | 0 | new |

\`\`\`ts
export function parse(text: string): Block[] {
  return blocksOf(tokenize(text));
}
\`\`\`

\`\`\`
$ ls -la src
-rw-r--r--  1 me  staff   412 Dec  7 10:02 parse.ts
-rw-r--r--  1 me  staff  1093 Dec  7 10:02 index.ts
\`\`\`

> Note: nothing in a reply is HTML: <b>this</b> stays as typed.

See [the CommonMark spec](https://spec.commonmark.org/0.31.2/) or write to mailto:team@example.com.
![the parse timings](https://example.com/timings.png)
`;

/** One prompt and `reply`, as after a reload. */
function answered(reply: string): Transcript {
  const transcript = new Transcript();
  transcript.restore([
    { role: 'user', content: 'How would you make the parser faster?' },
    { role: 'assistant', content: reply, stopReason: 'stop' },
  ]);
  return transcript;
}

/** `count` messages, prompts and replies in turn, restored as after a reload. */
function restored(count: number): Transcript {
  const transcript = new Transcript();
  transcript.restore(
    Array.from({ length: count }, (_, index) =>
      index % 2 === 0
        ? { role: 'user', content: `Question ${index / 2 + 1}: what does src/file-${index}.ts export?` }
        : {
            role: 'assistant',
            content: `Two functions and a type (message ${index + 1}).`,
            stopReason: 'stop',
          },
    ),
  );
  return transcript;
}

/**
 * A transcript following a controller fed the agent's lines of a real recorded transcript (it
 * follows first: lines that pass before anybody reads them are not kept).
 */
function played(turns: string, upTo?: number): Transcript {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const transcript = new Transcript();
  transcript.follow(controller);
  const lines = turns
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { dir: string; raw: string })
    .filter((record) => record.dir === 'from_agent')
    .map((record) => record.raw);
  for (const line of lines.slice(0, upTo)) peer.write(`${line}\n`);
  return transcript;
}

const meta = {
  title: 'Agent UI/rpc-transcript',
  component: 'rpc-transcript',
  decorators: [stage],
  parameters: metaParameters(
    420,
    'The conversation as the agent streams it: a `Transcript` follows an `ExtensionUIController` into which real turns of pi 1.6.0 and oh-my-pi on the stand-in model (`test/fixtures/*/stand-in-turns.jsonl`) are played. Tool calls and thinking are collapsed; a stopped turn says so.',
  ),
  args: { turns: piTurns },
  render: ({ turns, upTo, messages, reply }) =>
    html`<rpc-transcript
      style="block-size: 400px"
      .transcript=${reply ? answered(reply) : messages ? restored(messages) : played(turns, upTo)}
    ></rpc-transcript>`,
} satisfies Meta<TranscriptArgs>;

export default meta;
type Story = StoryObj<TranscriptArgs>;

const root = async (canvasElement: HTMLElement) => {
  const el = canvasElement.querySelector('rpc-transcript');
  await waitFor(() => expect(el?.shadowRoot?.querySelector('li')).toBeTruthy());
  return within(el?.shadowRoot as unknown as HTMLElement);
};

/** The conversation once its code is highlighted (the highlighter loads with the first code). */
const highlighted = async (canvasElement: HTMLElement) => {
  const screen = await root(canvasElement);
  const el = canvasElement.querySelector('rpc-transcript');
  await waitFor(() => expect(el?.shadowRoot?.querySelector('.hljs-keyword')).toBeTruthy(), { timeout: 5000 });
  return screen;
};

/** Three turns of pi 1.6.0: a reply, a bash tool call and its result, and a long reply stopped. */
export const ThreeTurns: Story = {
  play: async ({ canvasElement }) => {
    const screen = await root(canvasElement);
    await expect(screen.getByRole('region', { name: 'Conversation' })).toBeVisible();
    await expect(screen.getByText('hello, can you help me refactor this?')).toBeVisible();
    await expect(screen.getByText('bash')).toBeVisible();
    await expect(screen.getByText('Stopped: the agent ended this turn early.')).toBeVisible();
  },
};

/** oh-my-pi's turns: snapshots of the reply as it streams, read as pi 1.x's deltas are. */
export const OhMyPi: Story = {
  args: { turns: ompTurns },
  play: async ({ canvasElement }) => {
    const screen = await root(canvasElement);
    await expect(screen.getByText('The command finished. It said: TOOL-RAN-5')).toBeVisible();
  },
};

/** A reply in the middle of streaming: the text so far, marked busy. */
export const Streaming: Story = {
  args: { upTo: 20 },
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector('rpc-transcript');
    await waitFor(() => expect(el?.shadowRoot?.querySelector('[aria-busy="true"]')).toBeTruthy());
  },
};

/**
 * A reply in Markdown: demoted headings, lists, tasks, a table, code in monospace (command output
 * keeps its columns), a quote whose HTML stays text, links that show where they go on hover and
 * focus, and an image that is named, not fetched.
 */
export const MarkdownReply: Story = {
  args: { reply: RICH_REPLY },
  play: async ({ canvasElement }) => {
    const screen = await highlighted(canvasElement);
    await expect(screen.getByRole('heading', { level: 2, name: 'Refactoring plan' })).toBeVisible();
    await expect(screen.getByRole('heading', { level: 3, name: 'Steps' })).toBeVisible();
    await expect(screen.getByRole('table')).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: 'Lines' })).toBeVisible();
    await expect(screen.getByRole('checkbox', { name: /Read the parser/ })).toBeChecked();
    await expect(screen.getByText('<b>this</b>', { exact: false })).toBeVisible();
    const link = screen.getByRole('link', { name: 'the CommonMark spec' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(screen.getByText('Image, not loaded: the parse timings', { exact: false })).toBeVisible();
  },
};

/** The same reply in the dark scheme: its code's colours readable on the dark surface. */
export const MarkdownReplyDark: Story = {
  args: { reply: RICH_REPLY },
  parameters: { stage: { blockSize: 420 / 16, colorScheme: 'dark' } },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement);
  },
};

/**
 * The same reply in a VS Code webview with Dark Modern: VS Code gives a webview no syntax colours,
 * so code takes the kit's dark ones, the theme being dark.
 */
export const MarkdownReplyVSCode: Story = {
  args: { reply: RICH_REPLY },
  parameters: { stage: { blockSize: 420 / 16, theme: darkModern } },
  play: async ({ canvasElement }) => {
    const screen = await highlighted(canvasElement);
    await expect(getComputedStyle(screen.getAllByText('export')[0] as HTMLElement).color).toBe(
      'rgb(255, 123, 114)',
    );
  },
};

/** Before anything is said. */
export const Empty: Story = {
  args: { turns: '' },
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector('rpc-transcript');
    await waitFor(() => expect(el?.shadowRoot?.querySelector('[part="empty"]')).toBeTruthy());
  },
};

/** A long conversation back after a reload: the newest 100 entries, and a button for earlier ones. */
export const LongConversation: Story = {
  args: { messages: 1000 },
  play: async ({ canvasElement }) => {
    const screen = await root(canvasElement);
    const earlier = screen.getByRole('button', { name: 'Show earlier messages (900 more)' });
    await expect(screen.getAllByRole('listitem')).toHaveLength(100);
    earlier.click();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(200));
    await expect(screen.getByRole('button', { name: 'Show earlier messages (800 more)' })).toBeVisible();
  },
};

/**
 * atomic with no model (test/fixtures/atomic-6031a92/oauth-anthropic-manual-code.jsonl, its
 * `get_state` and `get_available_models` answers): where the conversation would be, why, in
 * atomic's words, and the providers it offers to sign in to, by its names.
 */
export const NoModel: Story = {
  args: { turns: atomicNoModel },
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector('rpc-transcript');
    await waitFor(() => expect(el?.shadowRoot?.querySelector('[part="no-model"]')).toBeTruthy());
    const screen = within(el?.shadowRoot as unknown as HTMLElement);
    await expect(screen.getByText('The agent has no model')).toBeVisible();
    await expect(screen.getByText(/^No models available\. Use \/login/)).toBeVisible();
    await expect(
      screen.getByText(/Sign in to a provider it offers: Anthropic, GitHub Copilot/),
    ).toBeVisible();
  },
};
