/**
 * The model and thinking level (`AgentModelChoice`, `readModel`), DOM-free, on a memory
 * transport. The shapes are the agents' answers (docs/agents.md, "Controls"); the stand-in
 * model's turns show the real ones on each agent (stand-in-model.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { AgentModelChoice } from '../../../src/controller/model-choice.js';
import { readModel, readModels } from '../../../src/protocol/models.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';

let peer: MemoryPeer;
let choice: AgentModelChoice;
let controller: ExtensionUIController;

beforeEach(() => {
  const memory = createMemoryTransport();
  peer = memory.peer;
  controller = new ExtensionUIController({ transport: memory.transport });
  choice = new AgentModelChoice(controller);
  choice.follow();
});

type Sent = { type: string; id: string; [field: string]: unknown };
const sent = (type: string): Sent[] =>
  peer.received.map((line) => JSON.parse(line) as Sent).filter((line) => line.type === type);
const last = (type: string): Sent => {
  const found = sent(type).at(-1);
  if (!found) throw new Error(`nothing of type ${type} was sent`);
  return found;
};
const answer = (command: string, data?: unknown, id = last(command).id) =>
  peer.writeMessage({ type: 'response', id, command, success: true, ...(data ? { data } : {}) });

const PLAIN = { provider: 'stand-in', id: 'plain', name: 'Plain', reasoning: false, contextWindow: 128000 };
const THINKER = {
  provider: 'stand-in',
  id: 'thinker',
  name: 'Thinker',
  reasoning: true,
  contextWindow: 200000,
};

describe('the model and its thinking level', () => {
  it('asks the agent for its models and the one it is on, and the levels that one takes', () => {
    answer('get_available_models', { models: [PLAIN, THINKER] });
    answer('get_state', { model: THINKER, thinkingLevel: 'medium' });
    expect(choice.catalog?.map((model) => model.id)).toEqual(['plain', 'thinker']);
    expect(choice.current).toMatchObject({ id: 'thinker', name: 'Thinker', contextWindow: 200000 });
    expect(choice.thinking).toBe('medium');
    // pi 1.x and atomic say the levels themselves.
    answer('get_available_thinking_levels', { levels: ['off', 'low', 'high'] });
    expect(choice.levels).toEqual(['off', 'low', 'high']);
  });

  it('works the levels out as the agent does when it lacks the command (pi 0.73.1, oh-my-pi)', () => {
    answer('get_state', { model: THINKER, thinkingLevel: 'high' });
    peer.writeMessage({
      type: 'response',
      id: last('get_available_thinking_levels').id,
      command: 'get_available_thinking_levels',
      success: false,
      error: 'Unknown command: get_available_thinking_levels',
    });
    expect(choice.levels).toEqual(['off', 'minimal', 'low', 'medium', 'high']);
    // Not asked again for the next model: the agent does not have it.
    answer('get_state', { model: { ...THINKER, id: 'other' } });
    expect(sent('get_available_thinking_levels')).toHaveLength(1);
  });

  it('reads each agent’s model shapes', () => {
    // oh-my-pi: its efforts, with `off`; a window it may not know.
    expect(
      readModel({ ...THINKER, contextWindow: null, thinking: { mode: 'effort', efforts: ['low', 'high'] } }),
    ).toEqual({
      provider: 'stand-in',
      id: 'thinker',
      name: 'Thinker',
      reasoning: true,
      levels: ['off', 'low', 'high'],
    });
    // pi: the higher levels only where its map names them, and none mapped to null.
    expect(readModel({ ...THINKER, thinkingLevelMap: { minimal: null, xhigh: 'xhigh' } })?.levels).toEqual([
      'off',
      'low',
      'medium',
      'high',
      'xhigh',
    ]);
    expect(readModel(PLAIN)?.levels).toEqual(['off']);
    expect(readModels([PLAIN, PLAIN, { id: 'no provider' }, 'junk'])).toHaveLength(1);
  });

  it('changes the model and the level, and says how it went in the agent’s words', () => {
    answer('get_state', { model: PLAIN });
    choice.choose({ provider: 'stand-in', id: 'thinker' });
    expect(last('set_model')).toMatchObject({ provider: 'stand-in', modelId: 'thinker' });
    expect(choice.busy).toBe('model');
    answer('set_model', THINKER);
    expect(choice.current?.id).toBe('thinker');
    expect(choice.outcome).toEqual({ setting: 'model', ok: true });
    expect(choice.busy).toBeUndefined();
    // The level fitted to the new model is asked for.
    answer('get_state', { model: THINKER, thinkingLevel: 'off' });
    // Shown as chosen while the agent is asked, then as the agent says.
    choice.think('high');
    expect([choice.thinking, choice.shownThinking]).toEqual(['off', 'high']);
    answer('set_thinking_level');
    answer('get_state', { model: THINKER, thinkingLevel: 'high' });
    expect([choice.thinking, choice.shownThinking]).toEqual(['high', 'high']);
    choice.think('ultra');
    peer.writeMessage({
      type: 'response',
      id: last('set_thinking_level').id,
      command: 'set_thinking_level',
      success: false,
      error: 'Invalid thinking level: ultra',
    });
    expect(choice.outcome).toEqual({
      setting: 'thinking',
      ok: false,
      error: 'Invalid thinking level: ultra',
    });
    expect([choice.thinking, choice.shownThinking]).toEqual(['high', 'high']);
  });

  it('follows what another tab or the agent changed', () => {
    answer('get_state', { model: PLAIN });
    // oh-my-pi's event names its field `thinkingLevel`; pi's `level`.
    peer.writeMessage({ type: 'thinking_level_changed', thinkingLevel: 'high' });
    expect(choice.thinking).toBe('high');
    peer.writeMessage({ type: 'thinking_level_changed', level: 'low' });
    expect(choice.thinking).toBe('low');
    const asked = sent('get_state').length;
    peer.writeMessage({ type: 'model_changed' });
    expect(sent('get_state')).toHaveLength(asked + 1);
    // Another tab's set_model: its answer is read too.
    peer.writeMessage({
      type: 'response',
      id: 'other-tab',
      command: 'set_model',
      success: true,
      data: THINKER,
    });
    expect(choice.current?.id).toBe('thinker');
    expect(choice.outcome, 'not this page’s change').toBeUndefined();
  });

  it('says a change was not answered when the connection closes, and not sent when closed', () => {
    answer('get_state', { model: PLAIN });
    choice.choose({ provider: 'stand-in', id: 'thinker' });
    peer.end();
    expect(choice.outcome).toEqual({ setting: 'model', ok: false, unanswered: true });
    expect(choice.busy).toBeUndefined();
    choice.think('high');
    expect(choice.outcome).toEqual({ setting: 'thinking', ok: false, unsent: true });
  });

  it('says a change was not answered when the agent ends or another process greets the page', () => {
    answer('get_state', { model: PLAIN });
    choice.think('off');
    choice.choose({ provider: 'stand-in', id: 'thinker' });
    expect(choice.busy, 'a change of model is said first').toBe('model');
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null });
    expect(choice.outcome).toEqual({ setting: 'model', ok: false, unanswered: true });
    expect([choice.busy, choice.busyWith('thinking')]).toEqual([undefined, false]);
    choice.choose({ provider: 'stand-in', id: 'thinker' });
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session: 'p2' });
    expect(choice.busy).toBeUndefined();
  });
});
