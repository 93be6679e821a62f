/**
 * The stand-in model runs real turns: pi 1.6.0, offline, pointed at it, streams its scripted reply
 * as `message_update` deltas, and calls its `bash` tool when asked to `run:` a command, then says
 * what the tool answered. No network, no key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentProcess } from '../../src/bridge/agent-process.js';
import { agentCommand } from '../../src/bridge/agents/catalog.js';
import {
  defaultScript,
  type StandInModel,
  startStandInModel,
  textOf,
} from '../../src/bridge/stand-in-model/server.js';

/** The agent's stdout records until `done` says the turn is over. */
async function turn(agent: AgentProcess, prompt: string): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  const over = new Promise<void>((resolve) => {
    const stop = agent.transport.on('message', (message) => {
      const record = JSON.parse(message.text) as Record<string, unknown>;
      records.push(record);
      if (record.type === 'agent_end') {
        stop();
        resolve();
      }
    });
  });
  agent.transport.send({ type: 'prompt', id: `p-${prompt.length}`, message: prompt });
  await over;
  return records;
}

/** The assistant text a turn streamed, from pi 1.x's delta `message_update`s. */
const streamed = (records: readonly Record<string, unknown>[]) =>
  records
    .filter((r) => r.type === 'message_update')
    .map((r) => r.assistantMessageEvent as { type: string; delta?: string })
    .filter((event) => event.type === 'text_delta')
    .map((event) => event.delta)
    .join('');

describe('the stand-in model', () => {
  let model: StandInModel;
  let agent: AgentProcess;
  let cleanup: () => void;
  let folder: string;

  beforeAll(async () => {
    model = await startStandInModel({ chunkDelayMs: 1 });
    const command = await agentCommand('pi', { standInModel: model.baseUrl });
    cleanup = command.cleanup;
    folder = mkdtempSync(join(tmpdir(), 'rpc-ui-stand-in-'));
    agent = new AgentProcess({ ...command, cwd: folder });
    await agent.started;
  });

  afterAll(async () => {
    agent?.transport.close();
    await agent?.exited;
    cleanup?.();
    rmSync(folder, { recursive: true, force: true });
    await model?.close();
  });

  it('answers a prompt on pi 1.6.0, streamed a few words at a time', async () => {
    const records = await turn(agent, 'hello, can you help me refactor this?');
    const expected = defaultScript([{ role: 'user', content: 'hello, can you help me refactor this?' }]);
    expect('text' in expected && streamed(records)).toBe('text' in expected ? expected.text : '');
    expect(records.filter((r) => r.type === 'message_update').length).toBeGreaterThan(5);
    expect(model.requests.at(-1)?.at(-1)).toMatchObject({ role: 'user' });
  }, 60_000);

  it("calls pi's bash tool for `run:`, and says what it answered", async () => {
    const records = await turn(agent, 'run: echo TOOL-RAN-$((2+3))');
    const end = records.find((r) => r.type === 'tool_execution_end') as { result?: unknown } | undefined;
    expect(JSON.stringify(end?.result)).toContain('TOOL-RAN-5');
    const toolResult = model.requests.at(-1)?.at(-1);
    expect(toolResult?.role).toBe('tool');
    expect(textOf(toolResult?.content)).toContain('TOOL-RAN-5');
    expect(streamed(records)).toBe('The command finished. It said: TOOL-RAN-5');
  }, 60_000);
});
