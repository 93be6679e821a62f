/**
 * The session's use (`AgentUsage`, `readSessionStats`), DOM-free, on a memory transport: the
 * shapes are the agents' `get_session_stats` answers (docs/agents.md, "Controls"; the stand-in
 * model's turns give real ones in stand-in-model.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { AgentUsage, readSessionStats } from '../../../src/controller/usage.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';

let peer: MemoryPeer;
let usage: AgentUsage;

beforeEach(() => {
  const memory = createMemoryTransport();
  peer = memory.peer;
  const controller = new ExtensionUIController({ transport: memory.transport });
  usage = new AgentUsage(controller);
  usage.follow();
});

const asked = () =>
  peer.received
    .map((line) => JSON.parse(line) as { type: string; id: string })
    .filter((line) => line.type === 'get_session_stats');
const STATS = {
  sessionId: 's',
  userMessages: 2,
  assistantMessages: 2,
  toolCalls: 0,
  toolResults: 0,
  totalMessages: 4,
  tokens: { input: 1234, output: 56, cacheRead: 0, cacheWrite: 0, total: 1290 },
  cost: 0.0042,
  contextUsage: { tokens: 640, contextWindow: 128000, percent: 0.5 },
};
const answer = (id: string | undefined, data: unknown = STATS) =>
  peer.writeMessage({ type: 'response', id, command: 'get_session_stats', success: true, data });

describe("the session's use", () => {
  it('is asked on connecting, after each turn and each compaction, one question at a time', () => {
    expect(asked()).toHaveLength(1);
    peer.writeMessage({ type: 'agent_end', messages: [] });
    expect(asked(), 'the first is not answered yet').toHaveLength(1);
    answer(asked()[0]?.id);
    expect(asked(), 'asked again once answered').toHaveLength(2);
    answer(asked()[1]?.id);
    peer.writeMessage({
      type: 'auto_compaction_end',
      action: 'context-full',
      aborted: false,
      willRetry: false,
    });
    expect(asked()).toHaveLength(3);
    expect(usage.usage).toEqual({
      tokens: { input: 1234, output: 56, cacheRead: 0, cacheWrite: 0 },
      cost: 0.0042,
      context: { tokens: 640, window: 128000, percent: 0.5 },
    });
  });

  it("reads another tab's answer too, and a refusal changes nothing", () => {
    answer('someone-else');
    expect(usage.usage?.tokens.input).toBe(1234);
    peer.writeMessage({
      type: 'response',
      id: asked()[0]?.id,
      command: 'get_session_stats',
      success: false,
      error: 'No.',
    });
    expect(usage.usage?.tokens.input).toBe(1234);
  });

  it('keeps a context not known after a compaction (null), and drops one without a window', () => {
    expect(
      readSessionStats({ ...STATS, contextUsage: { tokens: null, contextWindow: 128000, percent: null } })
        ?.context,
    ).toEqual({
      tokens: null,
      window: 128000,
      percent: null,
    });
    expect(
      readSessionStats({ ...STATS, contextUsage: { tokens: 5, contextWindow: 0, percent: 0 } })?.context,
    ).toBeUndefined();
    expect(readSessionStats({ tokens: { input: -1, output: 'x' }, cost: Number.NaN })).toEqual({
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
    });
    expect(readSessionStats({ cost: 1 })).toBeUndefined();
  });

  it('asks again after the agent ends or another process greets the page, though its last question was never answered', () => {
    const before = asked().length;
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null });
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 'p2' });
    expect(asked()).toHaveLength(before + 1);
    answer(asked().at(-1)?.id);
    expect(usage.usage?.tokens.input).toBe(1234);
  });

  it('says a compaction was not answered when the agent ends', () => {
    usage.compact();
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null });
    expect(usage.compaction).toEqual({ state: 'failed', unanswered: true });
  });
});
