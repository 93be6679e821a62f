/**
 * The conversation so far through the bridge (`rpc_ui_get_messages`): the real pi 1.x on the
 * stand-in model says three prompts' worth, and a tab asks for the last messages, then all of them.
 * Only the asking tab gets the answer, and the agent's own (possibly megabytes long) never reaches a tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { type StandInModel, startStandInModel } from '../../../src/bridge/stand-in-model/server.js';
import { Tab, until } from '../../support/bridge-tab.js';

let model: StandInModel;
let bridge: Bridge;
let cleanup: () => void = () => undefined;
const tabs: Tab[] = [];
/** The agent's own answer to get_messages, asked plainly once the three turns ended. */
let reference: unknown[] = [];

async function openTab(): Promise<Tab> {
  const tab = await Tab.open(bridge.url);
  tabs.push(tab);
  await tab.next('hello', (value) => value.type === 'rpc_ui_hello');
  return tab;
}

/** Send `lines` from `tab`, then wait until the agent ends the turn they start. */
async function turn(tab: Tab, ...lines: Record<string, unknown>[]): Promise<void> {
  const mark = tab.received.length;
  for (const line of lines) tab.socket.send(JSON.stringify(line));
  await until(
    'the turn’s end',
    () => tab.received.slice(mark).some((line) => line.value.type === 'agent_end') || undefined,
    60_000,
  );
}

/** The text of a message's content, as pi keeps it. */
const textOf = (message: unknown): string => {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';
};

beforeAll(async () => {
  model = await startStandInModel({ chunkDelayMs: 1 });
  const command = await agentCommand('pi', { install: false, standInModel: model.baseUrl });
  cleanup = command.cleanup;
  bridge = await startBridge({ port: 0, agent: { ...command, label: 'pi' } });
  const tab = await openTab();
  for (const prompt of ['First prompt.', 'Second prompt.', 'Third prompt.'])
    await turn(tab, { type: 'prompt', message: prompt });
  tab.socket.send(JSON.stringify({ type: 'get_messages', id: 'reference' }));
  const answer = await tab.next('the agent’s own answer', (value) => value.id === 'reference');
  reference = (answer.value as { data: { messages: unknown[] } }).data.messages;
  tab.close();
}, 120_000);

afterAll(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  await bridge?.close();
  cleanup();
  await model?.close();
});

describe('the conversation so far, through the bridge', () => {
  it('says it answers rpc_ui_get_messages in its hello', async () => {
    const tab = await openTab();
    expect(tab.values[0]).toMatchObject({ type: 'rpc_ui_hello', history: true });
  });

  it('gives the asking tab the last messages it asked for, with how many there are, and no other tab anything', async () => {
    const asking = await openTab();
    const other = await openTab();
    asking.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'last-two', last: 2 }));
    const answer = await asking.next('the last two', (value) => value.type === 'rpc_ui_messages');
    const { total, messages } = answer.value as { total: number; messages: unknown[] };
    expect(answer.value.id).toBe('last-two');
    expect(total).toBe(reference.length);
    expect(messages).toEqual(reference.slice(-2));
    expect(messages.map((message) => (message as { role: string }).role)).toEqual(['user', 'assistant']);
    expect(textOf(messages[0])).toBe('Third prompt.');
    expect(textOf(messages[1])).toContain('This is the stand-in model');

    asking.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'all' }));
    const all = await asking.next('all of them', (value) => value.id === 'all');
    const every = (all.value as { messages: unknown[] }).messages;
    expect(all.value).toMatchObject({ type: 'rpc_ui_messages', total: reference.length });
    expect(every).toEqual(reference);
    expect(every.filter((message) => (message as { role: string }).role === 'user').map(textOf)).toEqual([
      'First prompt.',
      'Second prompt.',
      'Third prompt.',
    ]);

    // The agent's own answer went to the bridge alone; the other tab heard of none of it.
    const seen = [...asking.values, ...other.values];
    expect(seen.filter((value) => value.command === 'get_messages')).toEqual([]);
    expect(other.values.filter((value) => value.type === 'rpc_ui_messages')).toEqual([]);
  });

  it('gives none for a last of 0, and all of them for a last past the start', async () => {
    const tab = await openTab();
    tab.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'none', last: 0 }));
    tab.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'many', last: 1000 }));
    const none = await tab.next('none', (value) => value.id === 'none');
    const many = await tab.next('many', (value) => value.id === 'many');
    expect(none.value).toEqual({
      type: 'rpc_ui_messages',
      id: 'none',
      total: reference.length,
      messages: [],
    });
    expect((many.value as { messages: unknown[] }).messages).toEqual(reference);
  });

  it('reaches the tab before any line the agent wrote after it: an answer is never older than what it follows', async () => {
    const tab = await openTab();
    // The copy is dropped by the turn below's lines; asked again with a prompt right behind it.
    await turn(tab, { type: 'prompt', message: 'Ordering prompt.' });
    const from = tab.received.length;
    await turn(
      tab,
      { type: 'rpc_ui_get_messages', id: 'ordered', last: 1 },
      { type: 'prompt', message: 'After the question.' },
    );
    const types = tab.received.slice(from).map((line) => line.value.type);
    const answered = types.indexOf('rpc_ui_messages');
    expect(answered).toBeGreaterThanOrEqual(0);
    expect(answered, 'the answer comes before the next turn’s lines').toBeLessThan(
      types.indexOf('agent_start'),
    );
    const answer = tab.received[from + answered]?.value as { messages: unknown[] };
    expect(answer.messages.map(textOf)).not.toContain('After the question.');
  });

  it('is not given from an old copy: a turn since, and the next answer has it', async () => {
    const tab = await openTab();
    tab.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'before' }));
    const before = await tab.next('the answer before', (value) => value.id === 'before');
    await turn(tab, { type: 'prompt', message: 'Fourth prompt.' });
    tab.socket.send(JSON.stringify({ type: 'rpc_ui_get_messages', id: 'after', last: 2 }));
    const after = await tab.next('the answer after', (value) => value.id === 'after');
    const { total, messages } = after.value as { total: number; messages: unknown[] };
    expect(total).toBe((before.value as { total: number }).total + 2);
    expect(textOf(messages[0])).toBe('Fourth prompt.');
  });
});
