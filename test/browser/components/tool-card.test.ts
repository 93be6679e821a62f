/**
 * Tool calls as cards in the conversation, drawn from the records each agent writes for its own
 * tools (the shapes read from their sources: docs/agents.md, "Tool calls"; pi 1.6.0's as recorded
 * in test/fixtures): the state in words, what the call acts on in its header, and what it did.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { press } from '../../support/keys.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import '../../../src/components/define.js';
import type { RpcTranscript } from '../../../src/components/transcript/rpc-transcript.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';

interface Call {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly isError?: boolean;
  /** Output streamed before the end, as `tool_execution_update`s. */
  readonly partial?: string;
}

let serial = 0;

/** The records an agent writes for one tool call: its start, its updates, its end. */
function call(peer: MemoryPeer, { name, args, result, isError = false, partial }: Call): string {
  const toolCallId = `call_${++serial}`;
  peer.writeMessage({ type: 'tool_execution_start', toolCallId, toolName: name, args });
  if (partial !== undefined)
    peer.writeMessage({
      type: 'tool_execution_update',
      toolCallId,
      toolName: name,
      args,
      partialResult: { content: [{ type: 'text', text: partial }], details: {} },
    });
  if (result) peer.writeMessage({ type: 'tool_execution_end', toolCallId, toolName: name, result, isError });
  return toolCallId;
}

const textResult = (text: string, details?: unknown) => ({
  content: [{ type: 'text', text }],
  ...(details === undefined ? {} : { details }),
});

async function mount() {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const el = await fixture<RpcTranscript>(
    html`<rpc-transcript style="block-size: 900px" .controller=${controller}></rpc-transcript>`,
  );
  const cards = () => [...(el.shadowRoot?.querySelectorAll<HTMLElement>('li.tool') ?? [])];
  /** The `index`th card, once drawn. */
  const card = async (index = 0) => {
    await waitUntil(() => cards()[index], 'the card is not drawn');
    return cards()[index] as HTMLElement;
  };
  return { el, peer, cards, card };
}

/** A card's header as read: its words, spaces made one. */
const header = (card: HTMLElement) => card.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim();
const open = async (card: HTMLElement) => {
  (card.querySelector('summary') as HTMLElement).click();
  await waitUntil(() => (card.querySelector('details') as HTMLDetailsElement).open);
};

describe('tool calls as cards', () => {
  it('a command: running, then done, its output in its colours; a failure says its exit code and why', async () => {
    const { peer, card } = await mount();
    const id = call(peer, { name: 'bash', args: { command: 'npm test' }, partial: 'running 3 tests\n' });
    const running = await card(0);
    await waitUntil(() => header(running) === '… Running bash npm test', `running: ${header(running)}`);
    // pi 1.6.0 ends a command that exits non-zero so, with its output's colours.
    peer.writeMessage({
      type: 'tool_execution_end',
      toolCallId: id,
      toolName: 'bash',
      result: textResult('\u001b[31m1 failing\u001b[39m\n\nCommand exited with code 1'),
      isError: true,
    });
    await waitUntil(
      () => header(running) === '✕ Failed bash npm test exit code 1',
      `ended: ${header(running)}`,
    );
    // Why, outside the collapsed card; the output, colours and all, inside.
    expect(running.querySelector('[part="tool-error"]')?.textContent).to.equal(
      '1 failing\n\nCommand exited with code 1',
    );
    await open(running);
    const red = running.querySelector('.output span');
    expect(red?.textContent).to.equal('1 failing');
    expect(getComputedStyle(red as Element).color).not.to.equal(getComputedStyle(running).color);

    // oh-my-pi gives the exit code in its details; a call that ended well says so.
    call(peer, {
      name: 'bash',
      args: { command: 'ls' },
      result: textResult('a\nb\n\nWall time: 0.01 seconds'),
    });
    const done = await card(1);
    await waitUntil(() => header(done) === '✓ Done bash ls');
    expect(done.querySelector('[part="tool-error"]')).to.equal(null);

    // A long command: its header holds its start (a screen reader reads a header whole), the card all.
    const long = `printf '%s' '${'A'.repeat(300)}' | base64 -d > a.png`;
    call(peer, { name: 'bash', args: { command: long }, result: textResult('(no output)') });
    const cut = await card(2);
    expect(header(cut)).to.equal(`✓ Done bash ${long.slice(0, 100)}…`);
    expect(cut.querySelector('pre.command')?.textContent).to.equal(long);
  });

  it('a long output: its last lines, and Show all from the keyboard, which then holds the keyboard', async () => {
    const { peer, card } = await mount();
    const output = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');
    call(peer, { name: 'bash', args: { command: 'seq' }, result: textResult(output) });
    const shell = await card();
    await open(shell);
    const shown = () => shell.querySelector('.output')?.textContent?.split('\n') ?? [];
    expect(shown().length).to.equal(30);
    expect(shown()[0]).to.equal('line 71');
    expect(shown().at(-1)).to.equal('line 100');
    const button = shell.querySelector<HTMLButtonElement>('[part="tool-show-all"]');
    expect(button?.textContent?.trim()).to.equal('Show all 100 lines');
    button?.focus();
    await press('Enter');
    await waitUntil(() => shown().length === 100, 'not all shown');
    expect(shown()[0]).to.equal('line 1');
    expect(shell.querySelector('[part="tool-show-all"]')).to.equal(null);
    // The button is gone: the keyboard is on what it showed.
    await waitUntil(
      () =>
        shell.getRootNode() instanceof ShadowRoot &&
        (shell.getRootNode() as ShadowRoot).activeElement === shell.querySelector('.output'),
    );
  });

  it('an edit: its diff, each line numbered as the agent gives it, said as added or removed', async () => {
    const { peer, card } = await mount();
    // pi 1.6.0 and atomic: a unified patch in the details.
    call(peer, {
      name: 'edit',
      args: { path: 'src/x.ts', edits: [{ oldText: 'line 10', newText: 'LINE TEN\nextra' }] },
      result: textResult('Successfully replaced 1 block(s) in src/x.ts.', {
        diff: '',
        patch:
          '--- src/x.ts\n+++ src/x.ts\n@@ -9,3 +9,4 @@\n line 9\n-line 10\n+LINE TEN\n+extra\n line 11\n',
        firstChangedLine: 10,
      }),
    });
    // oh-my-pi: its display diff, `+10|text`.
    call(peer, {
      name: 'edit',
      args: { path: 'a.txt', old_string: 'line 5', new_string: 'LINE FIVE' },
      result: textResult('[a.txt]\n5:LINE FIVE', { diff: ' 4|line 4\n-5|line 5\n+5|LINE FIVE\n 6|line 6' }),
    });
    const pi = await card(0);
    expect(header(pi)).to.equal('✓ Done edit src/x.ts');
    const rows = (edit: HTMLElement) =>
      [...edit.querySelectorAll('.diff .line')].map((line) =>
        [...line.children].map((part) => part.textContent).join('|'),
      );
    expect(rows(pi)).to.deep.equal([
      '9|9| |line 9',
      '10||−|Removed: |line 10',
      '|10|+|Added: |LINE TEN',
      '|11|+|Added: |extra',
      '11|12| |line 11',
    ]);
    const omp = await card(1);
    expect(header(omp)).to.equal('✓ Done edit a.txt');
    expect(rows(omp)).to.deep.equal([
      '4|| |line 4',
      '5||−|Removed: |line 5',
      '|5|+|Added: |LINE FIVE',
      '6|| |line 6',
    ]);
    // The words are for a screen reader; the signs and colours for the eye.
    const hidden = pi.querySelector('.diff .added .visually-hidden') as HTMLElement;
    expect(hidden.getBoundingClientRect().width).to.be.at.most(1);
  });

  it('a write: its path, its content highlighted by its extension; a read: its path and lines', async () => {
    const { peer, card } = await mount();
    call(peer, {
      name: 'write',
      args: { path: 'src/hello.ts', content: 'export const hello = (name: string) => `hi ${name}`;\n' },
      result: textResult('Successfully wrote to src/hello.ts'),
    });
    call(peer, {
      name: 'read',
      args: { path: 'src/hello.ts', offset: 10, limit: 50 },
      result: textResult('export const hello = 1;'),
    });
    const write = await card(0);
    expect(header(write)).to.equal('✓ Done write src/hello.ts');
    await open(write);
    expect(write.querySelector('.code-block .language')?.textContent).to.equal('ts');
    // The highlighter is loaded with the first code: on a test server that compiles it then, slowly.
    await waitUntil(() => write.querySelector('pre.code .hljs-keyword'), 'the content is not highlighted', {
      timeout: 10_000,
    });
    expect(write.querySelector('pre.code')?.textContent).to.equal(
      'export const hello = (name: string) => `hi ${name}`;\n',
    );
    const read = await card(1);
    expect(header(read)).to.equal('✓ Done read src/hello.ts lines 10–59');
  });

  it('a search and a listing: their results as lists; no match is a sentence', async () => {
    const { peer, card } = await mount();
    call(peer, {
      name: 'grep',
      args: { pattern: 'TODO', path: 'src' },
      result: textResult('src/a.ts:3: // TODO one\nsrc/b.ts:9: // TODO two'),
    });
    call(peer, {
      name: 'find',
      args: { pattern: '*.md' },
      result: textResult('No files found matching pattern'),
    });
    const search = await card(0);
    expect(header(search)).to.equal('✓ Done grep TODO');
    expect([...search.querySelectorAll('.results li')].map((li) => li.textContent)).to.deep.equal([
      'src/a.ts:3: // TODO one',
      'src/b.ts:9: // TODO two',
    ]);
    const none = await card(1);
    expect(none.querySelector('.results')).to.equal(null);
    expect(none.querySelector('.result')?.textContent).to.equal('No files found matching pattern');
  });

  it('any other tool: its arguments by name and its JSON result laid out', async () => {
    const { peer, card } = await mount();
    call(peer, {
      name: 'todo',
      args: { op: 'init', list: [{ phase: 'one', items: ['a'] }] },
      result: textResult('{"phases":[{"name":"one","tasks":[]}]}'),
    });
    const todo = await card();
    expect(header(todo)).to.equal('✓ Done todo');
    expect([...todo.querySelectorAll('.args dt')].map((dt) => dt.textContent)).to.deep.equal(['op', 'list']);
    expect(todo.querySelector('.args dd pre')?.textContent).to.equal('init');
    expect(todo.querySelector('.output')?.textContent).to.equal(
      JSON.stringify({ phases: [{ name: 'one', tasks: [] }] }, null, 2),
    );
  });

  it('a call a permission gate refused: blocked, in words, its reason beside it', async () => {
    const { peer, card } = await mount();
    // What pi's permission gate answers when the person says No (every agent sends it as a failure).
    call(peer, {
      name: 'bash',
      args: { command: 'rm -rf build' },
      result: textResult('Blocked by user', {}),
      isError: true,
    });
    const blocked = await card();
    expect(header(blocked)).to.equal('⊘ Blocked bash rm -rf build');
    expect(blocked.querySelector('[part="tool-error"]')?.textContent).to.equal('Blocked by user');
    expect(blocked.classList.contains('blocked')).to.equal(true);
  });

  it('images from their data: a read of a PNG in its card, a prompt’s attachment, one cut short said', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4IScHRww4OQD1xwwxB+utmQAAAABJRU5ErkJggg==';
    const resourcesBefore = performance.getEntriesByType('resource').length;
    const { el, peer, card } = await mount();
    peer.writeMessage({
      type: 'message_start',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in logo.png?' },
          { type: 'image', data: png, mimeType: 'image/png' },
          { type: 'image', data: 'iVBORw0…[734003 chars elided for RPC frame]', mimeType: 'image/png' },
        ],
      },
    });
    // pi's read of an image: a line of text, then the image.
    call(peer, {
      name: 'read',
      args: { path: 'logo.png' },
      result: {
        content: [
          { type: 'text', text: 'Read image file [image/png]' },
          { type: 'image', data: png, mimeType: 'image/png' },
        ],
      },
    });
    const read = await card();
    await open(read);
    const image = read.querySelector<HTMLImageElement>('[part="images"] img') as HTMLImageElement;
    expect(image.alt).to.equal('Image read from logo.png');
    await waitUntil(() => image.complete && image.naturalWidth === 4, 'the image is not decoded');
    expect(image.naturalHeight).to.equal(3);
    const prompt = el.shadowRoot?.querySelector('li.user') as HTMLElement;
    expect([...prompt.querySelectorAll('img')].map((img) => img.alt)).to.deep.equal([
      'Image attached to the prompt',
    ]);
    expect(prompt.querySelector('.image-not-shown')?.textContent).to.equal(
      'An image the agent did not send whole or in a kind shown here (image/png).',
    );
    // From the data the agent sent: nothing fetched.
    expect(
      performance
        .getEntriesByType('resource')
        .slice(resourcesBefore)
        .map((entry) => entry.name),
    ).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('every state and kind has no axe violations, light and dark', async () => {
    const { el, peer, card } = await mount();
    call(peer, { name: 'bash', args: { command: 'sleep 1' } });
    call(peer, {
      name: 'bash',
      args: { command: 'false' },
      result: textResult('\n\nCommand exited with code 1'),
      isError: true,
    });
    call(peer, {
      name: 'bash',
      args: { command: 'rm x' },
      result: textResult('Tool execution was blocked', {}),
      isError: true,
    });
    call(peer, {
      name: 'edit',
      args: { path: 'a.txt' },
      result: textResult('ok', { diff: '-1|a\n+1|b' }),
    });
    call(peer, { name: 'grep', args: { pattern: 'x' }, result: textResult('a:1: x\nb:2: x') });
    for (let i = 0; i < 5; i++) await open(await card(i));
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
  });
});
