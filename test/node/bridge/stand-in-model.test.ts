/**
 * The stand-in model runs real turns on each agent: pi 1.6.0, pi 0.73.1, oh-my-pi and atomic,
 * offline, pointed at it, stream its scripted reply as `message_update` deltas, and call their
 * `bash` tool when asked to `run:` a command, then say what the tool answered. No network, no key.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentProcess } from '../../../src/bridge/agent-process.js';
import { atomicSource } from '../../support/agent.js';
import { Transcript } from '../../../src/controller/transcript/transcript.js';
import { type AgentName, agentCommand } from '../../../src/bridge/agents/catalog.js';
import {
  type ChatMessage,
  defaultScript,
  STAND_IN_MODEL,
  STAND_IN_PROVIDER,
  STAND_IN_THINKER,
  type StandInModel,
  startStandInModel,
  textOf,
} from '../../../src/bridge/stand-in-model/server.js';
import {
  NOTES_FILE,
  type OfferedTool,
  PICTURE_FILE,
  TOOL_PROMPTS,
} from '../../../src/bridge/stand-in-model/tool-replies.js';

/** The agent's stdout records of a turn, up to its `agent_end`. */
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

/** The agent's answer to one command. */
function ask(
  agent: AgentProcess,
  command: { readonly type: string; readonly [field: string]: unknown },
): Promise<Record<string, unknown>> {
  const id = `ask-${String(command.type)}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const stop = agent.transport.on('message', (message) => {
      const record = JSON.parse(message.text) as Record<string, unknown>;
      if (record.type !== 'response' || record.id !== id) return;
      stop();
      resolve(record);
    });
    agent.transport.send({ ...command, id });
  });
}

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];

describe.each(AGENTS)('the stand-in model, on %s', (name) => {
  let model: StandInModel;
  let agent: AgentProcess;
  let cleanup: () => void;
  let folder: string;

  beforeAll(async () => {
    model = await startStandInModel({ chunkDelayMs: 1 });
    const env = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
    const command = await agentCommand(name, { standInModel: model.baseUrl, env });
    cleanup = command.cleanup;
    folder = mkdtempSync(join(tmpdir(), 'rpc-ui-stand-in-'));
    agent = new AgentProcess({ ...command, cwd: folder });
    // oh-my-pi says when it is ready for commands.
    const ready = new Promise<void>((resolve) => {
      const stop = agent.transport.on('message', (message) => {
        if (message.type !== 'ready') return;
        stop();
        resolve();
      });
    });
    await agent.started;
    if (name === 'omp') await ready;
  }, 60_000);

  afterAll(async () => {
    agent?.transport.close();
    await agent?.exited;
    cleanup?.();
    rmSync(folder, { recursive: true, force: true });
    await model?.close();
  });

  it('answers a prompt, streamed a few words at a time', async () => {
    const records = await turn(agent, 'hello, can you help me refactor this?');
    const expected = defaultScript([{ role: 'user', content: 'hello, can you help me refactor this?' }], {
      model: STAND_IN_MODEL,
    });
    expect('text' in expected && streamed(records)).toBe('text' in expected ? expected.text : '');
    expect(records.filter((r) => r.type === 'message_update').length).toBeGreaterThan(5);
    expect(model.requests.at(-1)?.at(-1)).toMatchObject({ role: 'user' });
  }, 60_000);

  it('calls the agent’s bash tool for `run:`, and says what it answered', async () => {
    const records = await turn(agent, 'run: echo TOOL-RAN-$((2+3))');
    const end = records.find((r) => r.type === 'tool_execution_end') as { result?: unknown } | undefined;
    expect(JSON.stringify(end?.result)).toContain('TOOL-RAN-5');
    const toolResult = model.requests.at(-1)?.at(-1);
    expect(toolResult?.role).toBe('tool');
    // The model is told the output itself: with a window as small as 8k, oh-my-pi handed it a
    // reference instead ("[shaken ~9 tokens — recover: artifact…]").
    const told = textOf(toolResult?.content).trim();
    expect(told).toContain('TOOL-RAN-5');
    expect(streamed(records)).toBe(`The command finished. It said: ${told}`);
  }, 60_000);

  it('reports its use of tokens, which the agent counts (get_session_stats)', async () => {
    const answered = new Promise<Record<string, unknown>>((resolve) => {
      const stop = agent.transport.on('message', (message) => {
        const record = JSON.parse(message.text) as Record<string, unknown>;
        if (record.type !== 'response' || record.id !== 'stats') return;
        stop();
        resolve(record);
      });
    });
    agent.transport.send({ type: 'get_session_stats', id: 'stats' });
    const { tokens } = (await answered).data as { tokens: { input: number; output: number } };
    // The two turns above: their prompts and their replies, four characters a token.
    expect(tokens.input).toBeGreaterThan(100);
    expect(tokens.output).toBeGreaterThan(10);
  }, 60_000);

  it('answers the next turn with the model and the thinking level chosen', async () => {
    const catalog = await ask(agent, { type: 'get_available_models' });
    const ids = ((catalog.data as { models: { id: string }[] }).models ?? []).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([STAND_IN_MODEL, STAND_IN_THINKER]));
    const chosen = await ask(agent, {
      type: 'set_model',
      provider: STAND_IN_PROVIDER,
      modelId: STAND_IN_THINKER,
    });
    expect(chosen).toMatchObject({ success: true, data: { id: STAND_IN_THINKER, reasoning: true } });
    expect(await ask(agent, { type: 'set_thinking_level', level: 'high' })).toMatchObject({ success: true });
    const records = await turn(agent, 'which model are you?');
    expect(model.asked.at(-1)).toEqual({ model: STAND_IN_THINKER, reasoningEffort: 'high' });
    expect(streamed(records)).toContain('thinking at high effort');
    const thought = records.some(
      (r) =>
        r.type === 'message_update' &&
        (r.assistantMessageEvent as { type: string }).type === 'thinking_delta',
    );
    expect(thought).toBe(true);
  }, 60_000);

  it('fills the context until compaction is offered, and the agent compacts when asked', async () => {
    await turn(agent, 'a huge reply, please');
    await turn(agent, 'fill the context');
    const full = await ask(agent, { type: 'get_session_stats' });
    const percent = (full.data as { contextUsage?: { percent: number | null } }).contextUsage?.percent;
    expect(percent, JSON.stringify(full.data)).toBeGreaterThanOrEqual(80);
    // Everything the agent says while it compacts, read as the page's conversation reads it.
    const transcript = new Transcript();
    const stop = agent.transport.on('message', (message) => transcript.take(JSON.parse(message.text)));
    const compacted = await ask(agent, { type: 'compact' });
    stop();
    expect(compacted, JSON.stringify(compacted)).toMatchObject({ success: true });
    const shown = transcript.entries.filter((entry) => entry.kind === 'compaction');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ automatic: false });
    const after = await ask(agent, { type: 'get_session_stats' });
    const now = (after.data as { contextUsage?: { percent: number | null } }).contextUsage?.percent;
    expect(now === null || (now ?? 100) < 80, JSON.stringify(after.data)).toBe(true);
  }, 120_000);
});

describe('the stand-in model’s rich replies', () => {
  const reply = (prompt: string) => {
    const answer = defaultScript([{ role: 'user', content: prompt }], { model: STAND_IN_MODEL });
    return 'text' in answer ? answer.text : '';
  };

  it('answers the prompts docs/models.md lists, and the others as before', () => {
    expect(reply('Show me Markdown, please')).toMatch(/^# What the conversation draws\n/);
    expect(reply('show markdown')).toContain('| Agent | RPC flag | Streams |');
    const long = reply('a long code block');
    expect(long.split('\n').length).toBeGreaterThan(200);
    expect(long).toContain('```ts\n');
    expect(reply('the command output')).toContain('```console\n$ ls -l\n');
    // "long" alone is still the long answer to stop.
    expect(reply('a long answer, please')).toMatch(/^Sentence 1 of a long reply/);
    const models = readFileSync(new URL('../../../docs/models.md', import.meta.url), 'utf8');
    for (const prompt of ['show me markdown', 'long code', 'command output'])
      expect(models).toContain(`\`${prompt}\``);
  });
});

describe('the stand-in model’s tool calls', () => {
  const user = { role: 'user', content: 'edit a file' };
  const tool = (content: string) => ({ role: 'tool', content });
  const step = (messages: ChatMessage[], tools: Record<string, OfferedTool>) =>
    defaultScript(messages, { model: STAND_IN_MODEL, tools });
  const offered = (description: string, ...parameters: string[]) => ({ edit: { description, parameters } });

  it('writes, reads and edits the file in the arguments each agent’s edit takes, then says so', () => {
    const pi = offered('Edit a file', 'path', 'edits');
    expect(step([user], pi)).toEqual({
      toolCall: {
        name: 'write',
        arguments: { path: NOTES_FILE, content: expect.stringContaining('# Notes') },
      },
    });
    expect(step([user, tool('ok')], pi)).toEqual({
      toolCall: { name: 'read', arguments: { path: NOTES_FILE } },
    });
    expect(step([user, tool('ok'), tool('# Notes')], pi)).toMatchObject({
      toolCall: {
        name: 'edit',
        arguments: { path: NOTES_FILE, edits: [{ newText: 'Edited by the stand-in model.' }] },
      },
    });
    expect(step([user, tool('ok'), tool('# Notes'), tool('done')], pi)).toEqual({
      text: `I wrote ${NOTES_FILE}, read it, and changed its line 3.`,
    });
    // oh-my-pi's replace mode, and the hashline patches of oh-my-pi and atomic, tagged by the read.
    expect(step([user, tool(''), tool('')], offered('', 'path', 'old_string', 'new_string'))).toMatchObject({
      toolCall: { arguments: { old_string: 'Written by the stand-in model.' } },
    });
    const read = tool(`[${NOTES_FILE}#1a2b]\n1:# Notes`);
    expect(step([user, tool(''), read], offered('Patches: PUT N.=M: …', 'input'))).toEqual({
      toolCall: {
        name: 'edit',
        arguments: {
          input: `*** Begin Patch\n[${NOTES_FILE}#1a2b]\nPUT 3.=3:\n+Edited by the stand-in model.\n*** End Patch`,
        },
      },
    });
    expect(step([user, tool(''), read], offered('hashline file sections', 'input'))).toEqual({
      toolCall: {
        name: 'edit',
        arguments: { input: `[${NOTES_FILE}#1a2b]\nreplace 3..3:\n+Edited by the stand-in model.` },
      },
    });
    // A picture: drawn by the shell, read back; the image the agent then sends as a user message of
    // its own (an OpenAI-style request's way) is not a prompt.
    const image = { role: 'user', content: 'show me an image' };
    const drawn = step([image], {});
    expect(drawn).toMatchObject({ toolCall: { name: 'bash' } });
    const command = 'toolCall' in drawn ? String(drawn.toolCall.arguments.command) : '';
    expect(command).toMatch(new RegExp(`\\| base64 -d > ${PICTURE_FILE}$`));
    const png = Buffer.from(/'([A-Za-z0-9+/=]+)'/.exec(command)?.[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(step([image, tool('')], {})).toEqual({
      toolCall: { name: 'read', arguments: { path: PICTURE_FILE } },
    });
    const attached = {
      role: 'user',
      content: [{ type: 'text', text: 'Attached image(s) from tool result:' }],
    };
    expect(step([image, tool(''), tool('Read image file [image/png]'), attached], {})).toEqual({
      text: `I drew ${PICTURE_FILE} in the agent's folder and read it back: a sun over a hill.`,
    });
    // A `run:` prompt that names a file still runs its command.
    expect(step([{ role: 'user', content: 'run: echo write a file' }], {})).toEqual({
      toolCall: { name: 'bash', arguments: { command: 'echo write a file' } },
    });
    const models = readFileSync(new URL('../../../docs/models.md', import.meta.url), 'utf8');
    for (const prompt of TOOL_PROMPTS) expect(models).toContain(`\`${prompt}\``);
  });
});
