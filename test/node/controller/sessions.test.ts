/**
 * The session list's model (`AgentSessions`), DOM-free, on a memory transport: the bridge's side
 * written from its messages (src/protocol/sessions.ts); bridge-kept-session.test.ts has the real
 * bridge send them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { AgentSessions } from '../../../src/controller/sessions.js';
import { readForkPoints, readSessionAnswer } from '../../../src/protocol/sessions.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';

let controller: ExtensionUIController;
let peer: MemoryPeer;
let sessions: AgentSessions;
let changes: number;

const SESSION = { id: 's-1', firstPrompt: 'Fix the test', modified: 1_700_000_000_000, messages: 2 };

beforeEach(() => {
  const memory = createMemoryTransport();
  peer = memory.peer;
  controller = new ExtensionUIController({ transport: memory.transport });
  sessions = new AgentSessions(controller);
  sessions.follow();
  changes = 0;
  sessions.on('change', () => changes++);
});

const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
const last = (type: string) => sent().findLast((line) => line.type === type);
const hello = (fields: Record<string, unknown> = {}) =>
  peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 'p1', ...fields });

describe('the session list', () => {
  it('sends nothing without a bridge, and asks for the list on each hello', () => {
    sessions.refresh();
    sessions.start();
    expect(sent()).toEqual([]);
    expect(sessions.available).toBe(false);
    hello();
    expect(sessions.available).toBe(true);
    const asked = last('rpc_ui_list_sessions');
    expect(asked?.id).toMatch(/^rpc-ui-sessions-list-/);
    peer.writeMessage({ type: 'rpc_ui_sessions', id: asked?.id, current: 's-1', sessions: [SESSION] });
    expect(sessions.list).toEqual([SESSION]);
    expect(sessions.currentSession).toEqual(SESSION);
    expect(changes).toBeGreaterThan(0);
  });

  it('keeps one list question out, and asks once more after it when asked meanwhile', () => {
    hello();
    sessions.refresh();
    sessions.refresh();
    expect(sent().filter((line) => line.type === 'rpc_ui_list_sessions')).toHaveLength(1);
    const first = last('rpc_ui_list_sessions');
    // Another tab's answer (another id) is not this one's.
    peer.writeMessage({ type: 'rpc_ui_sessions', id: 'someone-else', sessions: [] });
    expect(sessions.list).toBeUndefined();
    peer.writeMessage({ type: 'rpc_ui_sessions', id: first?.id, sessions: [SESSION] });
    expect(sent().filter((line) => line.type === 'rpc_ui_list_sessions')).toHaveLength(2);
  });

  it('asks again after each turn', () => {
    hello();
    peer.writeMessage({ type: 'rpc_ui_sessions', id: last('rpc_ui_list_sessions')?.id, sessions: [] });
    peer.writeMessage({ type: 'agent_end', messages: [] });
    expect(sent().filter((line) => line.type === 'rpc_ui_list_sessions')).toHaveLength(2);
  });

  it('sends one command at a time, by id, and takes only its own answer', () => {
    hello();
    sessions.open(SESSION);
    sessions.start();
    expect(
      sent().filter(
        (line) => line.type !== 'rpc_ui_list_sessions' && String(line.type).startsWith('rpc_ui_'),
      ),
    ).toEqual([
      { type: 'rpc_ui_open_session', session: 's-1', id: expect.stringMatching(/^rpc-ui-sessions-open-/) },
    ]);
    expect(sessions.busy).toBe('open');
    peer.writeMessage({ type: 'rpc_ui_session_done', id: 'another-tab', ok: true });
    expect(sessions.busy).toBe('open');
    peer.writeMessage({
      type: 'rpc_ui_session_done',
      id: last('rpc_ui_open_session')?.id,
      ok: false,
      error: 'No.',
    });
    expect(sessions.busy).toBeUndefined();
    expect(sessions.outcome).toEqual({ command: 'open', ok: false, error: 'No.', subject: 'Fix the test' });
  });

  it('lists again after a name, and asks the agent for fork points by its own command', () => {
    hello({ identity: { name: 'omp' } });
    peer.writeMessage({ type: 'rpc_ui_sessions', id: last('rpc_ui_list_sessions')?.id, sessions: [SESSION] });
    sessions.rename('Tests');
    peer.writeMessage({ type: 'rpc_ui_session_done', id: last('rpc_ui_name_session')?.id, ok: true });
    sessions.askForkPoints();
    const asked = last('get_branch_messages');
    expect(asked).toBeDefined();
    peer.writeMessage({
      type: 'response',
      id: asked?.id,
      command: 'get_branch_messages',
      success: true,
      data: {
        messages: [
          { entryId: 'e1', text: 'Fix the test' },
          { entryId: '', text: 'no id' },
        ],
      },
    });
    expect(sessions.forkPoints).toEqual([{ entryId: 'e1', text: 'Fix the test' }]);
  });

  it('says a command was not answered when the connection drops, and not sent when it is closed', () => {
    hello();
    sessions.start();
    sessions.askForkPoints();
    peer.end();
    expect(sessions.available).toBe(false);
    expect(sessions.outcome).toEqual({ command: 'new', ok: false, unanswered: true });
    expect(sessions.busy).toBeUndefined();
    expect(sessions.forkPoints, 'the fork dialog waits for nothing').toEqual([]);
    const count = sent().length;
    sessions.rename('Tests');
    expect(sessions.outcome).toEqual({ command: 'name', ok: false, unsent: true, subject: 'Tests' });
    expect(sent()).toHaveLength(count);
  });

  it("lists again when a tab named a session (the bridge's word), not once more for its own answer", () => {
    hello();
    peer.writeMessage({ type: 'rpc_ui_sessions', id: last('rpc_ui_list_sessions')?.id, sessions: [SESSION] });
    sessions.rename('Tests');
    peer.writeMessage({ type: 'rpc_ui_session_done', id: last('rpc_ui_name_session')?.id, ok: true });
    expect(sent().filter((line) => line.type === 'rpc_ui_list_sessions')).toHaveLength(1);
    peer.writeMessage({ type: 'rpc_ui_sessions_changed' });
    expect(sent().filter((line) => line.type === 'rpc_ui_list_sessions')).toHaveLength(2);
  });

  it('counts the greetings: the agent may be on another conversation after each', () => {
    hello();
    hello({ session: 'p2' });
    expect(sessions.greetings).toBe(2);
  });
});

describe("the bridge's session answers, read", () => {
  it('drops a session without its fields and keeps the rest', () => {
    expect(
      readSessionAnswer({
        type: 'rpc_ui_sessions',
        id: 'x',
        sessions: [
          SESSION,
          { id: 's-2' },
          { ...SESSION, id: '', name: 'n' },
          { ...SESSION, id: 's-3', name: 'Named' },
        ],
      }),
    ).toEqual({
      type: 'rpc_ui_sessions',
      id: 'x',
      sessions: [SESSION, { ...SESSION, id: 's-3', name: 'Named' }],
    });
    expect(readSessionAnswer({ type: 'rpc_ui_session_done', ok: 'yes' })).toBeUndefined();
    expect(readSessionAnswer({ type: 'rpc_ui_session_done', id: 'a', ok: false, error: 'why' })).toEqual({
      type: 'rpc_ui_session_done',
      id: 'a',
      ok: false,
      error: 'why',
    });
    expect(readForkPoints({ messages: 'none' })).toBeUndefined();
  });
});
