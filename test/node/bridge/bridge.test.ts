/**
 * The bridge on the real agent (pi 0.73.1, offline, demo extension) with real `ws` clients as tabs:
 * forwarding both ways, the replay to a new tab, one answer per dialog across tabs, and what a
 * misbehaving tab gets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AgentCommand, agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, DEFAULT_MAX_PAYLOAD, startBridge } from '../../../src/bridge/server.js';
import { Tab, until } from '../../support/bridge-tab.js';

let bridge: Bridge;
let command: AgentCommand;
let base: string;
let cleanup: () => void;
const tabs: Tab[] = [];
/** Everything the bridge wrote to the agent's stdin. */
const sent: Record<string, unknown>[] = [];

async function openTab(): Promise<Tab> {
  const tab = await Tab.open(base);
  tabs.push(tab);
  await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
  return tab;
}

beforeAll(async () => {
  command = await agentCommand('pi-0.73');
  cleanup = command.cleanup;
  bridge = await startBridge({ port: 0, agent: { ...command, label: 'pi (test)' } });
  base = bridge.url;
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    sent.push({ ...message });
    send(message);
  };
});

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

afterAll(async () => {
  await bridge.close();
  expect(await bridge.agentExit).toMatchObject({ code: 0, signal: null });
  cleanup();
});

describe('the bridge', () => {
  it('greets a tab with rpc_ui_hello first', async () => {
    const tab = await openTab();
    expect(tab.values[0]).toEqual({
      type: 'rpc_ui_hello',
      session: expect.stringMatching(/^[0-9a-f-]{36}$/),
      process: expect.stringMatching(/^[0-9a-f-]{36}$/),
      agent: 'pi (test)',
      identity: { name: 'pi', version: '0.73.1' },
      // Where the agent works: the demo's throwaway folder.
      folder: command.cwd,
      history: true,
      running: true,
      dialogs: [],
      statuses: [],
      widgets: [],
    });
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/?token=${bridge.token}`);
  });

  it('forwards a prompt to the agent and a dialog answer back to the extension', async () => {
    const tab = await openTab();
    const results = tab.probe([{ call: 'input', args: ['Your name', 'type here'] }]);
    const request = await tab.request('input', 'Your name');
    tab.send({ type: 'extension_ui_response', id: request.id, value: 'Ada ✓' });
    expect((await results).map((r) => r.value)).toEqual(['Ada ✓']);
  });

  it('forwards agent lines as written, U+2028 included', async () => {
    const tab = await openTab();
    await tab.probe([{ call: 'setEditorText', args: ['one\u2028two'] }]);
    const line = await tab.next('set_editor_text', (v) => v.method === 'set_editor_text');
    expect(line.text).toContain('one\u2028two');
    expect(line.text.startsWith('{"type":"extension_ui_request","id":')).toBe(true);
  });

  it('replays pending dialogs to a new tab with the remaining timeout; the first answer wins', async () => {
    const a = await openTab();
    const results = a.probe([
      { call: 'select', args: ['Pick one', ['red', 'green']], timeout: 8000 },
      { call: 'editor', args: ['Notes', 'prefill'] },
    ]);
    const select = await a.request('select', 'Pick one');
    const editor = await a.request('editor', 'Notes');
    // Time is the stimulus: the replay says how much of the timeout remains, so some must pass.
    // A busy machine only lets more pass, which the bounds below allow.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const b = await openTab();
    const replayedSelect = await b.request('select', 'Pick one');
    expect(replayedSelect.id).toBe(select.id);
    expect(replayedSelect.timeout).toBeGreaterThan(0);
    expect(replayedSelect.timeout).toBeLessThanOrEqual(8000 - 350);
    expect({ ...replayedSelect, timeout: 8000 }).toEqual(select);
    // Without a timeout, the line is replayed exactly as the agent wrote it.
    const editorLines = [a, b].map((tab) => tab.received.find((r) => r.value.id === editor.id)?.text);
    expect(editorLines[1]).toBe(editorLines[0]);

    a.send({ type: 'extension_ui_response', id: select.id, value: 'green' });
    const closed = await b.next('dialog closed', (v) => v.type === 'rpc_ui_dialog_closed');
    expect(closed.value).toEqual({ type: 'rpc_ui_dialog_closed', id: select.id, reason: 'answered' });
    expect(a.values.some((v) => v.type === 'rpc_ui_dialog_closed')).toBe(false);
    // B's late answer is dropped; then B answers the editor, which A never did.
    b.send({ type: 'extension_ui_response', id: select.id, value: 'red' });
    b.send({ type: 'extension_ui_response', id: editor.id, value: 'from B' });
    await a.next('editor closed', (v) => v.type === 'rpc_ui_dialog_closed' && v.id === editor.id);
    expect((await results).map((r) => r.value)).toEqual(['green', 'from B']);
    const answers = sent.filter((m) => m.type === 'extension_ui_response' && m.id === select.id);
    expect(answers).toEqual([{ type: 'extension_ui_response', id: select.id, value: 'green' }]);

    // A third tab sees neither dialog any more.
    const c = await openTab();
    await c.probe([{ call: 'notify', args: ['sync'] }]);
    expect(c.values.filter((v) => v.id === select.id || v.id === editor.id)).toEqual([]);
  });

  it('replays the latest statuses, widgets and title, without cleared ones', async () => {
    const a = await openTab();
    await a.probe([
      { call: 'setStatus', args: ['r-one', 'first'] },
      { call: 'setStatus', args: ['r-two', 'gone soon'] },
      { call: 'setWidget', args: ['r-widget', ['line 1'], { placement: 'belowEditor' }] },
      { call: 'setWidget', args: ['r-cleared', ['x']] },
      { call: 'setTitle', args: ['old title'] },
    ]);
    await a.probe([
      { call: 'setStatus', args: ['r-one', 'latest'] },
      { call: 'setStatus', args: ['r-two', null] },
      { call: 'setWidget', args: ['r-cleared', null] },
      { call: 'setTitle', args: ['new title'] },
    ]);
    const b = await openTab();
    await until('the replay', () => (b.values.some((v) => v.method === 'setTitle') ? true : undefined));
    const replay = b.values
      .filter((v) => v.type === 'extension_ui_request')
      .map((v) => [v.method, v.statusKey ?? v.widgetKey ?? '', v.statusText ?? v.widgetLines ?? v.title]);
    expect(replay).toEqual([
      ['setStatus', 'r-one', 'latest'],
      ['setWidget', 'r-widget', ['line 1']],
      ['setTitle', '', 'new title'],
    ]);
    // The hello lists what is live, so a tab that was away drops what ended meanwhile.
    expect(b.values[0]).toMatchObject({ type: 'rpc_ui_hello', statuses: ['r-one'], widgets: ['r-widget'] });
  });

  it('lists the pending dialogs in the hello, and no longer the answered ones', async () => {
    const a = await openTab();
    const results = a.probe([
      { call: 'confirm', args: ['Listed', 'm'] },
      { call: 'input', args: ['Listed too'] },
    ]);
    const confirm = await a.request('confirm', 'Listed');
    const input = await a.request('input', 'Listed too');
    expect((await openTab()).values[0]?.dialogs).toEqual([confirm.id, input.id]);
    a.send({ type: 'extension_ui_response', id: confirm.id, confirmed: true });
    await until('the answer', () => (sent.some((m) => m.id === confirm.id) ? true : undefined));
    expect((await openTab()).values[0]?.dialogs).toEqual([input.id]);
    a.send({ type: 'extension_ui_response', id: input.id, cancelled: true });
    expect((await results).map((r) => r.value)).toEqual([true, undefined]);
  });

  it('tells the tab whose answer came after the dialog timed out (to that tab only); the agent never reads it', async () => {
    const tab = await openTab();
    const other = await openTab();
    const results = tab.probe([{ call: 'confirm', args: ['Slow?', 'm'], timeout: 200 }]);
    const request = await tab.request('confirm', 'Slow?');
    expect((await results).map((r) => r.value)).toEqual([false]);
    // The bridge's own deadline (its clock starts when it reads the request, after pi's) has
    // passed once a tab that comes now is no longer told the dialog is pending.
    for (;;) {
      const late = await openTab();
      if (!(late.values[0]?.dialogs as string[]).includes(String(request.id))) break;
    }
    tab.send({ type: 'extension_ui_response', id: request.id, confirmed: true });
    const closed = await tab.next('the refusal', (v) => v.type === 'rpc_ui_dialog_closed');
    expect(closed.value).toEqual({ type: 'rpc_ui_dialog_closed', id: request.id, reason: 'expired' });
    await other.probe([{ call: 'notify', args: ['sync'] }]);
    expect(other.values.filter((v) => v.type === 'rpc_ui_dialog_closed')).toEqual([]);
    expect(sent.filter((m) => m.id === request.id)).toEqual([]);
  });

  it('tells a tab that answers a dialog another tab answered first, even one that was away then; not the winner', async () => {
    const first = await openTab();
    const results = first.probe([{ call: 'confirm', args: ['Raced?', 'm'] }]);
    const request = await first.request('confirm', 'Raced?');
    first.send({ type: 'extension_ui_response', id: request.id, confirmed: true });
    expect((await results).map((r) => r.value)).toEqual([true]);
    // A tab that was away when the first answer came (its answer waited in its outbox).
    const late = await openTab();
    late.send({ type: 'extension_ui_response', id: request.id, confirmed: false });
    const closed = await late.next('the refusal', (v) => v.type === 'rpc_ui_dialog_closed');
    expect(closed.value).toEqual({ type: 'rpc_ui_dialog_closed', id: request.id, reason: 'answered' });
    // The winner's own answer again is not news to it.
    first.send({ type: 'extension_ui_response', id: request.id, confirmed: true });
    await first.probe([{ call: 'notify', args: ['sync'] }]);
    expect(first.values.filter((v) => v.type === 'rpc_ui_dialog_closed')).toEqual([]);
    expect(sent.filter((m) => m.id === request.id)).toEqual([
      { type: 'extension_ui_response', id: request.id, confirmed: true },
    ]);
  });

  it('forwards the cancel of a dialog with bad fields (the kit answers it so the agent goes on)', async () => {
    const tab = await openTab();
    // ctx.ui.confirm('Proceed?') without a message: pi writes a confirm with no "message".
    const results = tab.probe([{ call: 'confirm', args: ['Proceed?'] }]);
    const request = await tab.request('confirm', 'Proceed?');
    expect(request).not.toHaveProperty('message');
    // A tab that connects later gets it in its replay (its kit cancels it: with no tab connected
    // when it came, the agent would wait for good).
    const other = await openTab();
    expect(other.values.filter((v) => v.id === request.id)).toEqual([request]);
    // Every tab's kit cancels it: the first answer goes to the agent, the others are dropped.
    tab.send({ type: 'extension_ui_response', id: request.id, cancelled: true });
    other.send({ type: 'extension_ui_response', id: request.id, cancelled: true });
    expect((await results).map((r) => r.value)).toEqual([false]);
    await other.probe([{ call: 'notify', args: ['sync'] }]);
    expect(sent.filter((m) => m.id === request.id)).toEqual([
      { type: 'extension_ui_response', id: request.id, cancelled: true },
    ]);
    // Answered: no longer replayed.
    expect((await openTab()).values.filter((v) => v.id === request.id)).toEqual([]);
  });

  it('disconnects a tab that sends garbage with 1008; the agent goes on', async () => {
    for (const garbage of ['not json', '[1,2]', 'null', '{"id":"x"}', '{"type":3}']) {
      const tab = await openTab();
      tab.send(garbage);
      expect(await tab.closed()).toBe(1008);
      expect(tab.closeReason).toMatch(/JSON object/);
    }
    const tab = await openTab();
    const results = tab.probe([{ call: 'confirm', args: ['Still alive?', 'yes'] }]);
    const request = await tab.request('confirm', 'Still alive?');
    tab.send({ type: 'extension_ui_response', id: request.id, confirmed: true });
    expect((await results).map((r) => r.value)).toEqual([true]);
    expect(sent.filter((m) => m.id === 'x' || typeof m.type !== 'string')).toEqual([]);
  });

  it('forwards only answers to what the agent asked, and only answers that fit their dialog', async () => {
    const tab = await openTab();
    const results = tab.probe([
      { call: 'notify', args: ['fire and forget'] },
      { call: 'select', args: ['Pick one', ['a', 'b']] },
    ]);
    const notify = await tab.request('notify', undefined);
    const select = await tab.request('select', 'Pick one');
    tab.send({ type: 'extension_ui_response', id: 'never-asked', value: 'a' });
    tab.send({ type: 'extension_ui_response', id: notify.id, value: 'ack' });
    tab.send({ type: 'extension_ui_response', id: select.id, value: 'not an option' });
    tab.send({ type: 'extension_ui_response', id: select.id, confirmed: true });
    // Still open: a tab that joins now is shown it, and answers it.
    const other = await openTab();
    await other.request('select', 'Pick one');
    other.send({ type: 'extension_ui_response', id: select.id, value: 'b' });
    expect((await results).map((r) => r.value)).toEqual([undefined, 'b']);
    expect(tab.closeCode).toBeUndefined();
    expect(sent.filter((m) => m.id === 'never-asked' || m.id === notify.id)).toEqual([]);
    expect(sent.filter((m) => m.id === select.id)).toEqual([
      { type: 'extension_ui_response', id: select.id, value: 'b' },
    ]);
  });

  it('refuses a message larger than the limit (1009) and keeps the agent', async () => {
    const tab = await openTab();
    tab.send({ type: 'prompt', message: 'x'.repeat(DEFAULT_MAX_PAYLOAD + 10) });
    // 256 MiB to write and to read: beside a CPU load that takes well over the usual 8 s.
    expect(await until('the socket to close', () => tab.closeCode, 60_000)).toBe(1009);
    const next = await openTab();
    expect(await next.probe([{ call: 'notify', args: ['ok'] }])).toHaveLength(1);
  }, 90_000);

  it('forwards an editor answer of 17 MiB to the agent', async () => {
    const tab = await openTab();
    // The answer goes to pi and comes back in the probe's report: about 9 s on CI's machine.
    const results = tab.probe([{ call: 'editor', args: ['Long text', ''] }], 30_000);
    const request = await tab.request('editor', 'Long text');
    const text = 'y'.repeat(17 * 1024 * 1024);
    tab.send({ type: 'extension_ui_response', id: request.id, value: text });
    const [result] = await results;
    expect(result?.value === text).toBe(true);
    expect(tab.closeCode).toBeUndefined();
  }, 40_000);

  it('does not forward the bridge’s own message types to the agent', async () => {
    const tab = await openTab();
    tab.send({ type: 'rpc_ui_hello', agent: 'fake', running: true });
    expect(await tab.probe([{ call: 'notify', args: ['after'] }])).toHaveLength(1);
    expect(tab.closeCode).toBeUndefined();
    expect(sent.filter((m) => String(m.type).startsWith('rpc_ui_'))).toEqual([]);
  });
});

describe('the bridge with an agent that misbehaves', () => {
  const started: Bridge[] = [];

  /** A bridge on `node -e script`, and what it logs. */
  async function agentBridge(script: string, maxPayload?: number) {
    const logs: string[] = [];
    const agent = { command: process.execPath, args: ['-e', script] };
    // `go` is the scripted agent's own command: the test lets it through.
    const running = await startBridge({
      port: 0,
      agent,
      maxPayload,
      allowCommands: ['go'],
      log: (m) => logs.push(m),
    });
    started.push(running);
    const tab = await Tab.open(running.url);
    tabs.push(tab);
    await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    return { tab, logs };
  }

  /** On the first stdin line, write `lines` (objects as JSON, strings as they are) to stdout. */
  const writesOnGo = (lines: string) => `
    const w = (o) => process.stdout.write(typeof o === 'string' ? o : JSON.stringify(o) + '\\n');
    process.stdin.once('data', () => { for (const line of ${lines}) w(line); });
    process.stdin.on('end', () => process.exit(0));`;
  const notify = (id: string) => ({ type: 'extension_ui_request', id, method: 'notify', message: id });

  afterAll(async () => {
    await Promise.all(started.map((b) => b.close()));
  });

  it('relays the agent’s stderr live, bounded, and its last lines to a tab that comes later', async () => {
    const script = `
      process.stderr.write('warning: no model\\n');
      process.stdin.on('data', () => {
        process.stderr.write('a'.repeat(10000) + '\\n' + Array.from({ length: 5000 }, (_, i) => 'line ' + i).join('\\n') + '\\n');
      });
      process.stdin.on('end', () => process.exit(0));`;
    const { tab } = await agentBridge(script);
    const stderr = (from: Tab) =>
      from.values.filter((v) => v.type === 'rpc_ui_agent_stderr').flatMap((v) => v.lines as string[]);
    await until('the startup warning', () => stderr(tab).includes('warning: no model') || undefined);
    tab.send({ type: 'go' });
    // Sent, or counted as left out: the pipe may cut the write into a few chunks, each a message.
    const COUNT = /^\((\d+) more lines left out\)$/;
    const accounted = () =>
      stderr(tab)
        .slice(1)
        .reduce((sum, line) => sum + Number(COUNT.exec(line)?.[1] ?? 1), 0);
    await until('every line of the flood', () => accounted() === 5001 || undefined);
    const messages = tab.values.filter((v) => v.type === 'rpc_ui_agent_stderr').slice(1);
    expect(messages.length, 'far fewer messages than lines').toBeLessThan(10);
    for (const message of messages) expect((message.lines as string[]).length).toBeLessThanOrEqual(201);
    const flood = stderr(tab).slice(1);
    expect(flood[0], 'a long line cut').toBe(`${'a'.repeat(4000)}…`);
    expect(
      flood.some((line) => COUNT.test(line)),
      'lines left out',
    ).toBe(true);

    const later = await Tab.open(started.at(-1)?.url ?? '');
    tabs.push(later);
    await until('the recent lines', () => stderr(later).length > 0 || undefined);
    expect(stderr(later).length).toBeLessThanOrEqual(51);
    expect(stderr(later).at(-1)).toBe(flood.at(-1));
  });

  it('drops agent lines of the bridge’s own types: they cannot pass for the bridge', async () => {
    const lines = [
      { type: 'extension_ui_request', id: 'c1', method: 'confirm', title: 'T', message: 'm' },
      { type: 'rpc_ui_dialog_closed', id: 'c1', reason: 'answered' },
      { type: 'rpc_ui_agent_exit', code: 0, signal: null, stderr: ['spoofed'] },
      notify('after'),
    ];
    const { tab, logs } = await agentBridge(writesOnGo(JSON.stringify(lines)));
    tab.send({ type: 'go' });
    await tab.request('notify');
    expect(tab.values.map((v) => v.id ?? v.type)).toEqual(['rpc_ui_hello', 'c1', 'after']);
    expect(logs).toEqual([
      'rpc-ui: dropped an agent line of the bridge\'s own type "rpc_ui_dialog_closed".',
      'rpc-ui: dropped an agent line of the bridge\'s own type "rpc_ui_agent_exit".',
    ]);
  });

  it('logs an extension UI request that is not valid JSON (no tab can answer it), and goes on', async () => {
    const lines = ['{"type":"extension_ui_request","id":"c1","method":"confirm",\n', notify('after')];
    const { tab, logs } = await agentBridge(writesOnGo(JSON.stringify(lines)));
    tab.send({ type: 'go' });
    await tab.request('notify');
    expect(logs).toEqual([
      'rpc-ui: the agent wrote an extension UI request that is not valid JSON (no tab can answer it): {"type":"extension_ui_request","id":"c1","method":"confirm",',
    ]);
  });

  it('skips and logs an agent line over maxPayload, and goes on', async () => {
    const lines = [{ type: 'message_update', text: 'x'.repeat(5000) }, notify('after')];
    const { tab, logs } = await agentBridge(writesOnGo(JSON.stringify(lines)), 1000);
    tab.send({ type: 'go' });
    await tab.request('notify');
    expect(tab.values.map((v) => v.id ?? v.type)).toEqual(['rpc_ui_hello', 'after']);
    expect(logs).toEqual([
      expect.stringMatching(
        /^rpc-ui: agent output: A line of more than 1000 bytes \(\d+ so far\) was skipped\.$/,
      ),
    ]);
  });

  it('says a failed write is to the agent’s stdin', async () => {
    const script = `
      process.stdin.destroy(); require('fs').closeSync(0);
      process.stdout.write(JSON.stringify(${JSON.stringify(notify('ready'))}) + '\\n');
      setInterval(() => {}, 1000);`;
    const { tab, logs } = await agentBridge(script);
    await tab.request('notify');
    tab.send({ type: 'prompt', message: 'hello' });
    expect(await until('the log', () => logs[0])).toMatch(/^rpc-ui: could not write to the agent: .*EPIPE/);
  });
});
