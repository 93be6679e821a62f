import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { press } from '../../support/keys.js';
import { holdClipboard } from '../../support/clipboard.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import '../../../src/components/define.js';
import type { RpcTranscript } from '../../../src/components/transcript/rpc-transcript.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { refuseBridgeQuestion } from '../../support/agent-peer.js';
import { findNode, startAccessibility } from '../../support/a11y.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

interface TranscriptRecord {
  readonly dir: 'from_agent' | 'to_agent';
  readonly raw: string;
}

/** The lines pi 1.6.0 wrote in three turns on the stand-in model (scripts/record-turns.ts). */
async function agentLines(agent = 'pi-1.6.0'): Promise<string[]> {
  const text = await (await fetch(`/test/fixtures/${agent}/stand-in-turns.jsonl`)).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptRecord)
    .filter((record) => record.dir === 'from_agent')
    .map((record) => record.raw);
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The agent's reply `text`, whole: its start, then its end. */
function replyWith(peer: MemoryPeer, text: string): void {
  peer.writeMessage({ type: 'message_start', message: { role: 'assistant', content: [] } });
  peer.writeMessage({
    type: 'message_end',
    message: { role: 'assistant', content: [{ type: 'text', text }] },
  });
}

/**
 * The entries of the recorded turns: a reply, a tool call and its reply, a reply stopped. The
 * reply that only called the tool has no words: it shows nothing, not an empty "Agent".
 */
const THREE_TURNS = [
  'entry user',
  'entry assistant',
  'entry user',
  'entry tool',
  'entry assistant',
  'entry user',
  'entry assistant',
  'entry notice',
];

async function mount(style = 'block-size: 300px') {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const el = await fixture<RpcTranscript>(
    html`<rpc-transcript style=${style} .controller=${controller}></rpc-transcript>`,
  );
  // Lines arrive in a task of the transport's; the element renders at the frame after.
  const settle = async () => {
    await frame();
    await frame();
    await el.updateComplete;
  };
  const $ = <T extends Element = HTMLElement>(selector: string) =>
    el.shadowRoot?.querySelector<T>(selector) ?? null;
  const $$ = (selector: string) => [...(el.shadowRoot?.querySelectorAll<HTMLElement>(selector) ?? [])];
  return { el, peer, settle, $, $$ };
}

/** The conversation pi 1.6.0 gave when asked at the end of its turns (its get_messages answer). */
async function agentMessages(): Promise<unknown[]> {
  for (const raw of await agentLines()) {
    const record = JSON.parse(raw) as { id?: string; data?: { messages?: unknown[] } };
    if (record.id === 't-messages-after' && record.data?.messages) return record.data.messages;
  }
  throw new Error('No get_messages answer was recorded.');
}

/** The get_messages the element asked, once the agent refused the bridge's question. */
function asked(peer: MemoryPeer): { type?: string; id?: string } {
  return refuseBridgeQuestion(peer) ?? {};
}

describe('rpc-transcript', () => {
  it('says it is empty until something is said', async () => {
    const { $ } = await mount();
    expect($('[part="empty"]')?.textContent).to.equal('Nothing said yet. Write to the agent below.');
  });

  it('shows each prompt, each reply, the tool call collapsed with its result, and the stop', async () => {
    const { peer, settle, $$ } = await mount('block-size: 2000px');
    for (const line of await agentLines()) peer.write(`${line}\n`);
    await settle();
    const entries = $$('li.entry');
    expect(entries.map((entry) => entry.getAttribute('part'))).to.deep.equal(THREE_TURNS);
    const text = (entry: HTMLElement | undefined) => entry?.querySelector('.text')?.textContent?.trim();
    expect(text(entries[0])).to.equal('hello, can you help me refactor this?');
    expect(text(entries[1])).to.match(/^This is the stand-in model, answering/);
    const tool = entries[3]?.querySelector('details') as HTMLDetailsElement;
    expect(tool.open).to.equal(false);
    // Its state in words, the tool, and the command it ran; its output inside.
    expect(tool.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      '✓ Done bash echo TOOL-RAN-$((2+3))',
    );
    expect(tool.querySelector('.output')?.textContent).to.contain('TOOL-RAN-5');
    expect(text(entries[4])).to.equal('The command finished. It said: TOOL-RAN-5');
    expect(text(entries[7])).to.equal('Stopped: the agent ended this turn early.');
    expect(entries.filter((entry) => entry.textContent?.trim() === 'Agent')).to.deep.equal([]);
    expect(entries.every((entry) => !entry.textContent?.includes('You are a coding assistant'))).to.equal(
      true,
    );
  });

  it('says each reply once, whole, when it ends: not every token', async () => {
    const { peer, settle, $ } = await mount();
    const said: string[] = [];
    const announcer = $('[part="announcer"]') as HTMLElement;
    new MutationObserver(() => said.push(announcer.textContent?.trim() ?? '')).observe(announcer, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    for (const line of await agentLines()) {
      peer.write(`${line}\n`);
      await settle();
    }
    expect(said.filter(Boolean).map((text) => text.slice(0, 50))).to.deep.equal([
      'The agent says: This is the stand-in model, answer',
      'The agent says: The command finished. It said: TOO',
      'The agent says: Sentence 1 of a long reply, stream',
    ]);
    expect($('[part="announcer"]')?.getAttribute('role')).to.equal('status');
  });

  it('follows the bottom while text streams, unless the user scrolled up', async () => {
    const { peer, settle, $ } = await mount('block-size: 160px');
    const log = $('.log') as HTMLElement;
    const lines = await agentLines();
    const half = Math.floor(lines.length / 2);
    for (const line of lines.slice(0, half)) peer.write(`${line}\n`);
    await settle();
    const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight <= 32;
    expect(log.scrollHeight).to.be.greaterThan(log.clientHeight);
    expect(atBottom()).to.equal(true);
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    for (const line of lines.slice(half, half + 10)) peer.write(`${line}\n`);
    await settle();
    expect(log.scrollTop).to.equal(0);
    log.scrollTop = log.scrollHeight;
    log.dispatchEvent(new Event('scroll'));
    for (const line of lines.slice(half + 10)) peer.write(`${line}\n`);
    await settle();
    expect(atBottom()).to.equal(true);
  });

  it('renders agent text as text: markup stays characters', async () => {
    const { peer, settle, $$ } = await mount();
    peer.writeMessage({ type: 'message_start', message: { role: 'assistant', content: [] } });
    peer.writeMessage({
      type: 'message_end',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: '<img src=x onerror="alert(1)"><b>bold</b>' }],
      },
    });
    await settle();
    const reply = $$('li.assistant')[0] as HTMLElement;
    expect(reply.querySelector('img, b')).to.equal(null);
    expect(reply.querySelector('.text')?.textContent?.trim()).to.equal(
      '<img src=x onerror="alert(1)"><b>bold</b>',
    );
  });

  it('draws a reply’s Markdown as it streams: the blocks written stay, the last one grows, a marker waits', async () => {
    const { peer, settle, $ } = await mount('block-size: 2000px');
    peer.writeMessage({ type: 'message_start', message: { role: 'assistant', content: [] } });
    const say = async (delta: string) => {
      peer.writeMessage({
        type: 'message_update',
        assistantMessageEvent: { type: 'text_delta', contentIndex: 0, delta },
      });
      await settle();
    };
    const reply = () => $('li.assistant .text') as HTMLElement;
    await say('# Plan\n\nFirst, the **parser**.\n\n');
    const heading = reply().querySelector('h2');
    const paragraph = reply().querySelector('p');
    expect(heading?.textContent).to.equal('Plan');
    expect(paragraph?.querySelector('strong')?.textContent).to.equal('parser');
    // A list marker alone could still be a list item or a rule: it is not shown as text yet.
    await say('-');
    expect(reply().textContent).not.to.contain('-');
    await say(' one\n- two `');
    expect([...reply().querySelectorAll('li')].map((item) => item.textContent?.trim())).to.deep.equal([
      'one',
      'two',
    ]);
    await say('code`\n\n```sh\nls -la\n');
    const pre = reply().querySelector('pre');
    expect(pre?.dataset.language).to.equal('sh');
    await say('total 8\n');
    // The open fence grows the same <pre>; the blocks above it are the elements they were.
    expect(reply().querySelector('pre')).to.equal(pre);
    expect(pre?.textContent).to.equal('ls -la\ntotal 8\n');
    expect(reply().querySelector('h2')).to.equal(heading);
    expect(reply().querySelector('p')).to.equal(paragraph);
    expect(reply().querySelector('li code')?.textContent).to.equal('code');
    expect(getComputedStyle(pre as HTMLElement).fontFamily).to.match(/mono/i);
  });

  it('names a code block’s language and copies it from the keyboard, saying so; a refusal is said too', async () => {
    const { peer, settle, $ } = await mount();
    const text = 'Run:\n\n```sh\nls -la | sort\n```\n';
    replyWith(peer, text);
    await settle();
    const block = $('[part="code"]') as HTMLElement;
    expect(block.querySelector('.language')?.textContent).to.equal('sh');
    const button = block.querySelector<HTMLButtonElement>('[part="copy-button"]');
    const status = block.querySelector('[part="copy-status"]');
    expect(button?.textContent).to.equal('Copy code');
    expect(status?.getAttribute('role')).to.equal('status');
    const clipboard = holdClipboard();
    try {
      button?.focus();
      await press('Enter');
      await waitUntil(() => status?.textContent?.trim() === 'Copied', 'no "Copied"');
      expect(clipboard.copied).to.deep.equal(['ls -la | sort\n']);
      clipboard.refuse = true;
      button?.click();
      await waitUntil(() => status?.textContent?.trim().startsWith('Could not copy'), 'no refusal said');
      expect(clipboard.copied).to.have.length(1);
    } finally {
      clipboard.restore();
    }
  });

  it('highlights a code block once its fence is closed, its text unchanged; a language it does not know stays plain', async () => {
    const { peer, settle, $, $$ } = await mount('block-size: 2000px');
    peer.writeMessage({ type: 'message_start', message: { role: 'assistant', content: [] } });
    let said = '';
    const say = async (delta: string) => {
      said += delta;
      peer.writeMessage({
        type: 'message_update',
        assistantMessageEvent: { type: 'text_delta', contentIndex: 0, delta },
      });
      await settle();
    };
    const code = () => $$('li.assistant pre code');
    await say('```ts\nconst a = "x"; // the first\n');
    // The fence is open: it is written as it comes, plain.
    expect(code()[0]?.querySelector('span')).to.equal(null);
    await say('```\n\n```brainfuck\n+[>+<-]\n```\n\nDone.');
    // The highlighter is loaded with the first code: on a test server that compiles it then, slowly.
    await waitUntil(() => code()[0]?.querySelector('.hljs-keyword'), 'the closed fence is not highlighted', {
      timeout: 10_000,
    });
    expect(code()[0]?.querySelector('.hljs-string')?.textContent).to.equal('"x"');
    expect(code()[0]?.textContent).to.equal('const a = "x"; // the first\n');
    expect(getComputedStyle(code()[0]?.querySelector('.hljs-keyword') as Element).color).not.to.equal(
      getComputedStyle(code()[0] as Element).color,
    );
    peer.writeMessage({
      type: 'message_end',
      message: { role: 'assistant', content: [{ type: 'text', text: said }] },
    });
    await settle();
    expect($('li.assistant')?.getAttribute('aria-busy')).to.equal('false');
    expect($('li.assistant .text p')?.textContent).to.equal('Done.');
    expect(code()[1]?.querySelector('span')).to.equal(null);
    expect(code()[1]?.textContent).to.equal('+[>+<-]\n');
  });

  it('highlights a 5,000-line block a piece at a time, the page painting in between', async function () {
    // A deadline for a busy machine, not a wait: the test ends as soon as the block is highlighted.
    this.timeout(60_000);
    const { peer, settle, $ } = await mount();
    // Short lines: the reply stays under the 100,000 characters a reply is drawn up to.
    const lines = Array.from({ length: 5000 }, (_, n) => (n % 20 === 19 ? '' : `f(${n}); // c`));
    const source = `${lines.join('\n')}\n`;
    peer.writeMessage({ type: 'message_start', message: { role: 'assistant', content: [] } });
    peer.writeMessage({
      type: 'message_end',
      message: { role: 'assistant', content: [{ type: 'text', text: `\`\`\`js\n${source}\`\`\`\n` }] },
    });
    await settle();
    const code = $('li.assistant pre code') as HTMLElement;
    let frames = 0;
    let highlighting = true;
    const count = () => {
      frames++;
      if (highlighting) requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    await waitUntil(() => code.querySelectorAll('.hljs-comment').length === 4750, 'not highlighted whole', {
      timeout: 55_000,
    });
    highlighting = false;
    expect(code.textContent).to.equal(source);
    // Pieces of at most 400 lines: the page painted between them.
    expect(frames).to.be.greaterThan(5);
  });

  it('tells a screen reader a reply’s words, not its Markdown', async () => {
    const { peer, settle, $ } = await mount();
    replyWith(peer, '# Plan\n\nThe **parser** is `slow`: see [the docs](https://example.com).');
    await settle();
    expect($('[part="announcer"]')?.textContent?.trim()).to.equal(
      'The agent says: Plan\nThe parser is slow: see the docs.',
    );
  });

  it('puts a reply’s headings at the level the host gives, under its own', async () => {
    const { el, peer, settle, $$ } = await mount();
    const text = '# Plan\n\n## Steps\n\n###### Deep';
    replyWith(peer, text);
    await settle();
    const levels = () => $$('li.assistant :is(h2, h3, h4, h5, h6)').map((heading) => heading.tagName);
    expect(levels()).to.deep.equal(['H2', 'H3', 'H6']);
    el.setAttribute('heading-level', '4');
    await settle();
    expect(levels()).to.deep.equal(['H4', 'H5', 'H6']);
  });

  it('shows a link’s address and opens it only when activated; other addresses stay text', async () => {
    const { peer, settle, $ } = await mount();
    const text =
      '[the docs](https://example.com/docs) and [bad](javascript:alert(1)) ![a heron](https://example.com/heron.png)';
    replyWith(peer, text);
    await settle();
    const reply = $('li.assistant .text') as HTMLElement;
    const links = [...reply.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(['https://example.com/docs']);
    expect(links[0]?.rel).to.equal('noopener noreferrer');
    expect(links[0]?.target).to.equal('_blank');
    expect(reply.textContent).to.contain('[bad](javascript:alert(1))');
    expect(reply.querySelector('img')).to.equal(null);
    expect(reply.querySelector('.image')?.textContent).to.equal(
      'Image, not loaded: a heron https://example.com/heron.png',
    );
  });

  it('shows a failed tool call’s error outside its collapsed details', async () => {
    const { peer, settle, $ } = await mount();
    peer.writeMessage({
      type: 'tool_execution_start',
      toolCallId: 't1',
      toolName: 'bash',
      args: { command: 'rm x' },
    });
    peer.writeMessage({
      type: 'tool_execution_end',
      toolCallId: 't1',
      toolName: 'bash',
      result: { content: [{ type: 'text', text: 'rm: cannot remove x' }] },
      isError: true,
    });
    await settle();
    expect($('summary')?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('✕ Failed bash rm x');
    expect($('[part="tool-error"]')?.textContent).to.equal('rm: cannot remove x');
  });

  it('shows a compaction where it happened: a disclosure with the summary, as text, and the tokens before', async () => {
    const { el, peer, settle, $ } = await mount();
    peer.writeMessage({ type: 'message_start', message: { role: 'user', content: 'Remember herons.' } });
    peer.writeMessage({
      type: 'compaction_end',
      reason: 'threshold',
      result: { summary: 'The user <b>likes</b> herons.', firstKeptEntryId: 'e4', tokensBefore: 111_700 },
      aborted: false,
      willRetry: false,
    });
    await settle();
    const summary = $('li.compaction summary');
    expect(summary?.textContent).to.equal(
      'The context was full: the agent compacted the earlier conversation into this summary (111.7K tokens before)',
    );
    const text = $('li.compaction .text');
    expect(text?.querySelector('b')).to.equal(null);
    expect(text?.textContent?.trim()).to.equal('The user <b>likes</b> herons.');
    expect($<HTMLDetailsElement>('li.compaction details')?.open).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('is a labelled region read at leisure, with no axe violations, light and dark', async () => {
    const { el, peer, settle } = await mount();
    for (const line of await agentLines()) peer.write(`${line}\n`);
    await settle();
    expect(await findNode((node) => node.role === 'region' && node.name === 'Conversation')).to.exist;
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
  });

  it('says the agent has no model where the conversation would be: its words, and what to do', async () => {
    const { el, peer, settle, $ } = await mount();
    const models = () =>
      JSON.parse(peer.received.find((line) => line.includes('get_available_models')) ?? '{}') as {
        id?: string;
      };
    // pi: no models, no reason, no sign-in; the host's help is linked.
    el.modelHelpHref = 'docs/models.md';
    peer.writeMessage({
      type: 'response',
      id: models().id,
      command: 'get_available_models',
      success: true,
      data: { models: [] },
    });
    await settle();
    const notice = () => $('[part="no-model"]');
    expect($('[part="empty"]')).to.equal(null);
    expect(notice()?.querySelector('.title')?.textContent).to.equal('The agent has no model');
    expect(notice()?.textContent).to.contain('No models available.');
    const link = notice()?.querySelector('a');
    expect([link?.textContent, link?.getAttribute('href')]).to.deep.equal([
      'How to add a model',
      'docs/models.md',
    ]);
    // atomic: its reason (get_state) and its providers, by its names; its text stays text.
    peer.writeMessage({
      type: 'response',
      command: 'get_available_models',
      success: true,
      data: {
        models: [],
        oauthProviders: [
          { id: 'anthropic', name: 'Anthropic' },
          { id: 'xai', name: 'xAI <b>' },
        ],
      },
    });
    peer.writeMessage({
      type: 'response',
      command: 'get_state',
      success: true,
      data: { modelFallbackMessage: 'No models available. Use /login…' },
    });
    await settle();
    expect(notice()?.textContent).to.contain('No models available. Use /login…');
    expect(notice()?.textContent).to.contain('Sign in to a provider it offers: Anthropic or xAI <b>.');
    expect(notice()?.querySelector('a, b')).to.equal(null);
    // Signed in: the agent's answer carries its models, and the notice goes.
    peer.writeMessage({
      type: 'response',
      command: 'login_provider',
      success: true,
      data: { provider: 'anthropic', models: [{ provider: 'anthropic', id: 'm' }] },
    });
    await settle();
    expect(notice()).to.equal(null);
    expect($('[part="empty"]')).to.exist;
  });

  it("says a command that failed, in the agent's words, but the kit's own questions and sign-ins", async () => {
    const { peer, settle, $$ } = await mount();
    const failed = (fields: Record<string, unknown>) =>
      peer.writeMessage({ type: 'response', success: false, ...fields });
    failed({ command: 'prompt', error: 'No API key found for the selected model.' });
    failed({ command: 'set_model', error: 'Model not found: x/<b>y</b>' });
    failed({ id: 'rpc-ui-models-1', command: 'get_available_models', error: 'busy' }); // the kit's own
    failed({ id: 'rpc-ui-login-1:anthropic', command: 'login_provider', error: 'no' }); // its card says
    peer.writeMessage({ type: 'response', command: 'abort', success: true });
    await settle();
    const notices = $$('[part~="notice"]').map((node) => node.textContent?.replace(/\s+/g, ' ').trim());
    expect(notices).to.deep.equal([
      'No API key found for the selected model.',
      '“set_model” failed: Model not found: x/<b>y</b>',
    ]);
    expect($$('[part~="notice"] b')).to.have.length(0);
  });

  it('asks for the conversation so far and shows it once, unannounced, however often it comes', async () => {
    const { peer, settle, $, $$ } = await mount('block-size: 2000px');
    const question = asked(peer);
    expect(question.type).to.equal('get_messages');
    const messages = await agentMessages();
    const answer = { type: 'response', id: question.id, command: 'get_messages', success: true };
    // Another tab's answer is not this element's: the bridge sends every line to every tab.
    peer.writeMessage({ ...answer, id: 'another-tab', data: { messages: messages.slice(0, 2) } });
    await settle();
    expect($$('li.entry')).to.have.length(0);
    peer.writeMessage({ ...answer, data: { messages } });
    await settle();
    expect($$('li.entry').map((entry) => entry.getAttribute('part'))).to.deep.equal(THREE_TURNS);
    expect($('[part="announcer"]')?.textContent?.trim()).to.equal('');
  });

  it('renders the newest 100 entries of a long one; Show earlier adds 100, keeping the view', async () => {
    const { peer, settle, $, $$ } = await mount();
    const messages = Array.from({ length: 250 }, (_, index) => ({
      role: 'user',
      content: `message ${index + 1}`,
    }));
    const { id } = asked(peer);
    peer.writeMessage({ type: 'response', id, command: 'get_messages', success: true, data: { messages } });
    await settle();
    const texts = () => $$('li.entry .text').map((node) => node.textContent?.trim());
    expect(texts()).to.have.length(100);
    expect(texts()[0]).to.equal('message 151');
    expect(texts().at(-1)).to.equal('message 250');
    const earlier = () => $<HTMLButtonElement>('[part="earlier"]');
    expect(earlier()?.textContent?.trim()).to.equal('Show earlier messages (150 more)');
    const log = $('.log') as HTMLElement;
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    await settle();
    const first = $$('li.entry')[0] as HTMLElement;
    const top = first.getBoundingClientRect().top;
    earlier()?.click();
    await settle();
    expect(texts()).to.have.length(200);
    expect(texts()[0]).to.equal('message 51');
    expect(first.getBoundingClientRect().top, 'the entry read stays where it was').to.be.closeTo(top, 2);
    expect(earlier()?.textContent?.trim()).to.equal('Show earlier messages (50 more)');
    earlier()?.click();
    await settle();
    expect(texts()).to.have.length(250);
    expect(earlier()).to.equal(null);
  });

  it('behind the bridge, reads the last 200 messages first, and the older ones when Show earlier reaches them', async () => {
    const { el, peer, settle, $, $$ } = await mount();
    const messages = Array.from({ length: 450 }, (_, index) => ({
      role: 'user',
      content: `message ${index + 1}`,
    }));
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 's', history: true });
    const questions = () =>
      peer.received
        .map((line) => JSON.parse(line) as { type?: string; id?: string; last?: number })
        .filter((line) => line.type === 'rpc_ui_get_messages');
    const [first] = questions();
    expect(first?.last).to.equal(200);
    peer.writeMessage({ type: 'rpc_ui_messages', id: first?.id, total: 450, messages: messages.slice(-200) });
    await settle();
    const texts = () => $$('li.entry .text').map((node) => node.textContent?.trim());
    const earlier = () => $<HTMLButtonElement>('[part="earlier"]');
    expect(texts()).to.have.length(100);
    expect(texts()[0]).to.equal('message 351');
    expect(earlier()?.textContent?.trim()).to.equal('Show earlier messages (350 more)');
    earlier()?.focus();
    earlier()?.click();
    await settle();
    expect(texts()[0]).to.equal('message 251');
    expect(questions(), 'what was read in is shown without asking').to.have.length(1);
    const first251 = $$('li.entry')[0] as HTMLElement;
    const top = first251.getBoundingClientRect().top;
    earlier()?.click();
    await settle();
    const rest = questions()[1];
    expect(rest, 'all of them asked for').to.deep.equal({ type: 'rpc_ui_get_messages', id: rest?.id });
    expect(texts()[0], 'shown when they come').to.equal('message 251');
    peer.writeMessage({ type: 'rpc_ui_messages', id: rest?.id, total: 450, messages });
    await settle();
    expect(texts()).to.have.length(300);
    expect(texts()[0]).to.equal('message 151');
    // The entries were put in place anew: the one read is the same text, where it was.
    const again = $$('li.entry')[100] as HTMLElement;
    expect(again.querySelector('.text')?.textContent?.trim()).to.equal('message 251');
    expect(again.getBoundingClientRect().top, 'the entry read stays where it was').to.be.closeTo(top, 2);
    expect(earlier()?.textContent?.trim()).to.equal('Show earlier messages (150 more)');
    expect(el.shadowRoot?.activeElement === earlier(), 'the button keeps the focus').to.equal(true);
  });
});

describe('rpc-transcript in rpc-extension-ui', () => {
  it('takes the host’s controller in its conversation slot, above the composer', async () => {
    const { transport, peer } = createMemoryTransport();
    const host = await fixture<HTMLElementTagNameMap['rpc-extension-ui']>(
      html`<rpc-extension-ui contained .transport=${transport}>
        <rpc-transcript slot="conversation"></rpc-transcript>
        <textarea aria-label="Message"></textarea>
      </rpc-extension-ui>`,
    );
    const conversation = host.querySelector('rpc-transcript') as RpcTranscript;
    await host.updateComplete;
    expect(conversation.controller).to.equal(host.controller);
    peer.writeMessage({ type: 'message_start', message: { role: 'user', content: 'said in the host' } });
    await frame();
    await frame();
    await conversation.updateComplete;
    expect(conversation.shadowRoot?.querySelector('li.user .text')?.textContent?.trim()).to.equal(
      'said in the host',
    );
    const message = host.querySelector('textarea') as HTMLTextAreaElement;
    const below = conversation.getBoundingClientRect().bottom <= message.getBoundingClientRect().top;
    expect(below, 'the composer is below the conversation').to.equal(true);
  });
});
