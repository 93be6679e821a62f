import { beforeEach, describe, expect, it } from 'vitest';
import { BridgeClient } from '../../../src/controller/bridge-client.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { FakeClock } from '../../support/fake-clock.js';

// The client side of the bridge's own messages, in Node: what a tab does with the hello, the
// dialogs closed elsewhere, the agent's exit and the answers it may send again.

let peer: MemoryPeer;
let controller: ExtensionUIController;
let client: BridgeClient;

function connect(into = new ExtensionUIController({ clock: new FakeClock() })) {
  const memory = createMemoryTransport();
  peer = memory.peer;
  controller = into;
  controller.attach(memory.transport);
  client = new BridgeClient(controller);
}

const hello = (session: string | undefined, dialogs: string[] = []) =>
  peer.writeMessage({ type: 'rpc_ui_hello', agent: 'counter', running: true, session, dialogs });
const confirm = (id: string, title: string) =>
  peer.writeMessage({ type: 'extension_ui_request', id, method: 'confirm', title, message: '' });
const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
const titles = () => controller.dialogs.map((d) => d.request.title);

beforeEach(() => connect());

describe('an answer reaches only the question it was given to', () => {
  it('a restarted agent asking "1" again gets nothing it did not ask: its question is shown', () => {
    hello('agent-A');
    confirm('1', 'Allow: rm -rf ./tmp ?');
    controller.respond('1', { confirmed: true });
    expect(sent()).toEqual([{ type: 'extension_ui_response', id: '1', confirmed: true }]);

    // The bridge and its agent restart on the same port; the tab reconnects.
    connect(controller);
    hello('agent-B', ['1']);
    confirm('1', 'Allow: deploy to PRODUCTION ?');
    expect(sent()).toEqual([]);
    expect(titles()).toEqual(['Allow: deploy to PRODUCTION ?']);
  });

  it('the same with fixed ids and the very same question: the new agent asks, the user answers', () => {
    hello('agent-A');
    confirm('perm', 'Allow: rm -rf ./tmp ?');
    controller.respond('perm', { confirmed: true });
    connect(controller);
    hello('agent-B', ['perm']);
    confirm('perm', 'Allow: rm -rf ./tmp ?');
    expect(sent()).toEqual([]);
    expect(titles()).toEqual(['Allow: rm -rf ./tmp ?']);
  });

  it('the same across a reload: nothing stored for the old agent reaches the new one', () => {
    hello('agent-A');
    confirm('1', 'Allow: rm -rf ./tmp ?');
    confirm('2', 'Still there?');
    controller.respond('1', { confirmed: true });
    controller.setDraft('2', 'typed');
    const stored = JSON.parse(
      JSON.stringify({ ...controller.snapshot(), answers: client.savedAnswers(16, 1e6) }),
    ) as Record<string, unknown>;
    expect(stored.session).toBe('agent-A');

    // The page reloads while the bridge restarts with a new agent.
    const reloaded = new ExtensionUIController({ clock: new FakeClock() });
    reloaded.restore(stored);
    connect(reloaded);
    client.restoreAnswers(stored.answers);
    expect(titles()).toEqual(['Still there?']);
    hello('agent-B', ['1']);
    expect(titles()).toEqual([]);
    confirm('1', 'Allow: deploy to PRODUCTION ?');
    expect(sent()).toEqual([]);
    expect(titles()).toEqual(['Allow: deploy to PRODUCTION ?']);
    expect(controller.draft('1')).toBe(undefined);
  });

  it('sends an answer lost with the connection again, once, to the same question of the same agent', () => {
    hello('agent-A');
    confirm('1', 'Allow: rm -rf ./tmp ?');
    controller.respond('1', { confirmed: false });
    connect(controller);
    // The same agent still waits on it: the answer never reached it.
    hello('agent-A', ['1']);
    confirm('1', 'Allow: rm -rf ./tmp ?');
    confirm('1', 'Allow: rm -rf ./tmp ?');
    expect(sent()).toEqual([{ type: 'extension_ui_response', id: '1', confirmed: false }]);
    expect(titles()).toEqual([]);
  });

  it('never sends it to another question under the same id, nor to a repeat the bridge does not wait on', () => {
    hello('agent-A');
    confirm('1', 'Allow: rm -rf ./tmp ?');
    controller.respond('1', { confirmed: true });
    connect(controller);
    hello('agent-A', []);
    confirm('1', 'Allow: rm -rf ./tmp ?'); // not listed as waiting: not a replay
    expect(sent()).toEqual([]);
    connect(controller);
    hello('agent-A', ['1']);
    confirm('1', 'Allow: deploy to PRODUCTION ?'); // another question under a used id
    expect(sent()).toEqual([]);
    expect(titles()).toEqual(['Allow: deploy to PRODUCTION ?']);
  });

  it('never sends anything again through a bridge that names no agent process', () => {
    hello(undefined);
    confirm('1', 'Allow?');
    controller.respond('1', { confirmed: true });
    connect(controller);
    hello(undefined, ['1']);
    confirm('1', 'Allow?');
    expect(sent()).toEqual([]);
    expect(titles()).toEqual(['Allow?']);
  });
});

describe('the bridge says a dialog ended elsewhere, or the agent did', () => {
  it('closes a dialog answered in another tab and notes it, as data the elements word', () => {
    hello('agent-A');
    confirm('a', 'Proceed?');
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'a', reason: 'answered' });
    expect(titles()).toEqual([]);
    expect(controller.notifications.map((n) => [n.notifyType, n.note])).toEqual([
      ['info', { kind: 'answered-elsewhere', title: 'Proceed?' }],
    ]);
    expect(sent()).toEqual([]);
  });

  it('notes an answer given here that another tab beat, or that came too late, once each', () => {
    hello('agent-A');
    for (const id of ['raced', 'late', 'gone']) {
      confirm(id, `${id}?`);
      controller.respond(id, { confirmed: true });
    }
    for (const reason of ['answered', 'expired', 'agent-exit'])
      peer.writeMessage({
        type: 'rpc_ui_dialog_closed',
        id: { answered: 'raced', expired: 'late' }[reason] ?? 'gone',
        reason,
      });
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'late', reason: 'expired' });
    expect(controller.notifications.map((n) => n.note)).toEqual([
      { kind: 'answer-not-used', title: 'raced?' },
      { kind: 'answer-too-late', title: 'late?' },
    ]);
  });

  it('keeps the agent exit until the bridge says it runs again, and closes dialogs locally', () => {
    const exits: unknown[] = [];
    client.on('exit', (exit) => exits.push(exit?.code ?? 'running'));
    hello('agent-A');
    confirm('a', 'Proceed?');
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 3, signal: null, stderr: ['boom', 7] });
    expect(client.exit).toEqual({ type: 'rpc_ui_agent_exit', code: 3, signal: null, stderr: ['boom'] });
    expect(titles()).toEqual([]);
    expect(sent()).toEqual([]);
    hello('agent-B');
    expect(client.exit).toBe(undefined);
    expect(exits).toEqual([3, 'running']);
  });

  it('ignores bridge messages with fields of the wrong kind', () => {
    hello('agent-A');
    confirm('a', 'Proceed?');
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 7, reason: 'answered' });
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'a', reason: 'because' });
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 'three' });
    expect(titles()).toEqual(['Proceed?']);
    expect(client.exit).toBe(undefined);
  });
});
