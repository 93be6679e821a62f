/**
 * When the agent ends: every tab is told (code, signal, last stderr lines), pending dialogs close,
 * late tabs learn it on connect, and stderr never reaches the protocol.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { folderName } from '../../../src/bridge/folder-name.js';
import { Tab } from '../../support/bridge-tab.js';

const bridges: Bridge[] = [];
const tabs: Tab[] = [];

async function start(agent: Parameters<typeof startBridge>[0]['agent']): Promise<string> {
  // `go` and `quit` are the scripted agents' own commands: the tests let them through.
  const bridge = await startBridge({ port: 0, agent, allowCommands: ['go', 'quit'] });
  bridges.push(bridge);
  return bridge.url;
}

async function openTab(base: string): Promise<Tab> {
  const tab = await Tab.open(base);
  tabs.push(tab);
  await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
  return tab;
}

afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
});

describe('the agent ends', () => {
  it('is killed: tabs get rpc_ui_agent_exit, pending dialogs close, late tabs are told', async () => {
    const command = await agentCommand('pi-0.73');
    const base = await start(command);
    const bridge = bridges[0] as Bridge;
    const a = await openTab(base);
    const b = await openTab(base);
    void a.probe([{ call: 'confirm', args: ['Doomed?', 'the agent dies now'] }]).catch(() => undefined);
    const request = await b.request('confirm', 'Doomed?');

    bridge.agent.child.kill('SIGKILL');
    for (const tab of [a, b]) {
      const exit = await tab.next('the exit', (v) => v.type === 'rpc_ui_agent_exit');
      expect(exit.value).toEqual({ type: 'rpc_ui_agent_exit', code: null, signal: 'SIGKILL', stderr: [] });
      const closed = await tab.next('the dialog closed', (v) => v.type === 'rpc_ui_dialog_closed');
      expect(closed.value).toEqual({ type: 'rpc_ui_dialog_closed', id: request.id, reason: 'agent-exit' });
    }
    // Answers after the end go nowhere and break nothing.
    a.send({ type: 'extension_ui_response', id: request.id, confirmed: true });

    const late = await openTab(base);
    await late.next('the exit', (v) => v.type === 'rpc_ui_agent_exit');
    expect(late.values.map((v) => v.type)).toEqual(['rpc_ui_hello', 'rpc_ui_agent_exit']);
    expect(late.values[0]).toMatchObject({ running: false });
    expect(a.closeCode).toBeUndefined();
    command.cleanup();
  });

  it('exits with stderr output: its last lines are reported, never forwarded as protocol', async () => {
    // Waits for one stdin line, then writes a request, stderr noise and exits with code 3.
    const script = `
      process.stdin.once('data', () => {
        process.stdout.write('{"type":"extension_ui_request","id":"s1","method":"notify","message":"bye"}\\n');
        process.stderr.write('warming up\\n{"type":"extension_ui_request","id":"fake"}\\nfatal: out of tea');
        setTimeout(() => process.exit(3), 20);
      });`;
    const base = await start({ command: process.execPath, args: ['-e', script], label: 'tea agent' });
    const tab = await openTab(base);
    expect(tab.values[0]).toEqual({
      type: 'rpc_ui_hello',
      session: expect.stringMatching(/^[0-9a-f-]{36}$/),
      process: expect.stringMatching(/^[0-9a-f-]{36}$/),
      agent: 'tea agent',
      // No folder named: the bridge's own, the home shown as ~.
      folder: folderName(process.cwd()),
      history: true,
      running: true,
      dialogs: [],
      statuses: [],
      widgets: [],
    });
    tab.send({ type: 'go' });
    const exit = await tab.next('the exit', (v) => v.type === 'rpc_ui_agent_exit');
    expect(exit.value).toEqual({
      type: 'rpc_ui_agent_exit',
      code: 3,
      signal: null,
      stderr: ['warming up', '{"type":"extension_ui_request","id":"fake"}', 'fatal: out of tea'],
    });
    // Live too, as the bridge's own message: never as a line of the agent's protocol.
    const live = tab.values.filter((v) => v.type === 'rpc_ui_agent_stderr').flatMap((v) => v.lines);
    expect(live).toEqual(['warming up', '{"type":"extension_ui_request","id":"fake"}']);
    expect(tab.values.map((v) => v.id ?? v.type).filter((type) => type !== 'rpc_ui_agent_stderr')).toEqual([
      'rpc_ui_hello',
      's1',
      'rpc_ui_agent_exit',
    ]);
  });

  it('cannot be started: tabs learn why', async () => {
    const base = await start({ command: '/nonexistent/agent-binary', args: ['--mode', 'rpc'] });
    const tab = await openTab(base);
    const exit = await tab.next('the exit', (v) => v.type === 'rpc_ui_agent_exit');
    expect(exit.value).toMatchObject({ code: null, signal: null });
    expect(String((exit.value.stderr as string[]).at(-1))).toMatch(
      /^rpc-ui: could not start the agent \(\/nonexistent\/agent-binary --mode rpc\): .*ENOENT/,
    );
  });
});

describe('the agent started again', () => {
  // Asks confirm "1" as it starts (its ids start again at 1), and exits when told.
  const agent = `
    process.stdout.write(JSON.stringify({ type: 'extension_ui_request', id: '1', method: 'confirm', title: 'pid ' + process.pid, message: '' }) + '\\n');
    process.stdin.setEncoding('utf8').on('data', (text) => { if (text.includes('"quit"')) process.exit(4); });
  `;

  it('starts the same command when a tab asks after it ended, and greets every tab as another process', async () => {
    const base = await start({ command: process.execPath, args: ['-e', agent] });
    const bridge = bridges[0] as Bridge;
    const asker = await openTab(base);
    const other = await openTab(base);
    const hello = (tab: Tab) => tab.values.filter((v) => v.type === 'rpc_ui_hello');
    const first = await asker.request('confirm');
    const firstAgent = bridge.agent;

    // While it runs, a request to start it again changes nothing.
    asker.send({ type: 'rpc_ui_restart_agent' });
    asker.send({ type: 'quit' });
    await asker.next('the exit', (v) => v.type === 'rpc_ui_agent_exit');
    expect(bridge.agent).toBe(firstAgent);

    asker.send({ type: 'rpc_ui_restart_agent' });
    await other.next('a second hello', (v) => v.type === 'rpc_ui_hello' && v !== hello(other)[0]);
    for (const tab of [asker, other]) {
      const [before, after] = hello(tab);
      expect(after).toMatchObject({ running: true, dialogs: [] });
      expect(after?.session).not.toBe(before?.session);
      expect(after?.process).not.toBe(before?.process);
    }
    expect(bridge.agent).not.toBe(firstAgent);
    // The new process asks "1" again: another question, answered once, by the new agent only.
    const second = await other.next(
      'the new question',
      (v) => v.method === 'confirm' && v.title !== first.title,
    );
    expect(second.value.id).toBe('1');
    other.send({ type: 'extension_ui_response', id: '1', confirmed: true });
    const closed = await asker.next(
      'closed in the other tab',
      (v) => v.type === 'rpc_ui_dialog_closed' && v.reason === 'answered',
    );
    expect(closed.value.id).toBe('1');
  });

  it('starts nothing while the agent runs', async () => {
    const base = await start({ command: process.execPath, args: ['-e', agent] });
    const bridge = bridges[0] as Bridge;
    const tab = await openTab(base);
    const running = bridge.agent;
    tab.send({ type: 'rpc_ui_restart_agent' });
    tab.send({ type: 'rpc_ui_restart_agent' });
    // A barrier, not a pause: the bridge handles a tab's messages in order, so once a message
    // that is not JSON has got this tab disconnected, both restarts have been handled, and a
    // hello either sent would have come before the close.
    tab.send('not JSON');
    expect(await tab.closed()).toBe(1008);
    expect(bridge.agent).toBe(running);
    expect(tab.values.filter((v) => v.type === 'rpc_ui_hello')).toHaveLength(1);
  });
});

describe('a bridge that closes when unused (closeWhenUnusedMs)', () => {
  // Runs until its stdin closes, as an RPC agent does.
  const patient = "process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";
  // Time is the stimulus here: the bridge counts time without a tab (it takes no clock), and
  // the test lets a grace pass, or a short absence within it.
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps the agent while a tab is there and through a short absence, then ends it', async () => {
    const grace = 400;
    const bridge = await startBridge({
      port: 0,
      agent: { command: process.execPath, args: ['-e', patient] },
      closeWhenUnusedMs: grace,
    });
    bridges.push(bridge);
    const base = bridge.url;
    const first = await openTab(base);
    await pause(2 * grace);
    // A host that went away and came back within the grace finds the same agent process.
    const session = first.values[0]?.session;
    first.close();
    await pause(grace / 4);
    const back = await openTab(base);
    expect(back.values[0]).toMatchObject({ session, running: true });
    await pause(2 * grace);
    expect(bridge.agent.child.exitCode).toBeNull();
    back.close();
    await bridge.closed;
    expect(await bridge.agentExit).toMatchObject({ type: 'rpc_ui_agent_exit', code: 0 });
  });

  it('closes when no tab ever comes', async () => {
    const bridge = await startBridge({
      port: 0,
      agent: { command: process.execPath, args: ['-e', patient] },
      closeWhenUnusedMs: 200,
    });
    bridges.push(bridge);
    await bridge.closed;
    expect(await bridge.agentExit).toMatchObject({ code: 0 });
  });
});
