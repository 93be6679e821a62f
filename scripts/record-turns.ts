/**
 * `npx tsx scripts/record-turns.ts [pi|pi-0.73|omp|atomic]...`: records real agent turns on the
 * stand-in model into test/fixtures/<agent>/stand-in-turns.jsonl, in the fixtures' format
 * (`{t_ms, dir, raw}`, `raw` byte-exact but for the machine's folders: `HOME`, `TMP`, `CACHE`):
 * a prompt answered in streamed text, a prompt whose reply calls the bash tool, and a slow reply
 * the client aborts, with the conversation asked for (`get_messages`) while it streams and at the
 * end. Run it again when a pinned agent changes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentProcess } from '../src/bridge/agent-process.js';
import { cacheRoot } from '../src/bridge/agents/cache.js';
import { type AgentName, agentCommand, isAgentName } from '../src/bridge/agents/catalog.js';
import { startStandInModel } from '../src/bridge/stand-in-model/server.js';
import { atomicSource, defaultAtomicSource } from './atomic-source.mjs';
import type { OutboundMessage } from '../src/transport/transport.js';

const FOLDERS: Readonly<Record<AgentName, string>> = {
  pi: 'pi-1.6.0',
  'pi-0.73': 'pi-0.73.1',
  omp: 'omp-18.2.3',
  atomic: 'atomic-6031a92',
};

async function record(name: AgentName): Promise<void> {
  const model = await startStandInModel({ chunkDelayMs: 20 });
  const env = {
    ...process.env,
    RPC_UI_ATOMIC_SOURCE: atomicSource() ?? defaultAtomicSource(),
  };
  const command = await agentCommand(name, { standInModel: model.baseUrl, env });
  const work = mkdtempSync(join(tmpdir(), 'rpc-ui-turns-'));
  const agent = new AgentProcess({ ...command, cwd: work });
  const started = performance.now();
  const lines: string[] = [];
  const note = (dir: 'from_agent' | 'to_agent', raw: string) =>
    lines.push(JSON.stringify({ t_ms: Math.round((performance.now() - started) * 10) / 10, dir, raw }));
  const waiting = new Map<string, () => void>();
  agent.transport.on('message', (message) => {
    note('from_agent', message.text);
    waiting.get(message.type ?? '')?.();
    const parsed = message.type === 'response' ? message.parse() : undefined;
    const id = parsed?.ok ? (parsed.value as { id?: unknown }).id : undefined;
    if (typeof id === 'string') waiting.get(id)?.();
  });
  const next = (type: string) =>
    new Promise<void>((resolve) => waiting.set(type, () => (waiting.delete(type), resolve())));
  const send = (message: OutboundMessage) => {
    const raw = JSON.stringify(message);
    note('to_agent', raw);
    agent.transport.send(message);
  };
  const ready = next('ready');
  await agent.started;
  if (name === 'omp') await ready;
  for (const [id, text] of [
    ['t-text', 'hello, can you help me refactor this?'],
    ['t-tool', 'run: echo TOOL-RAN-$((2+3))'],
  ]) {
    const end = next('agent_end');
    send({ id, type: 'prompt', message: text });
    await end;
  }
  const end = next('agent_end');
  const streaming = next('message_update');
  send({ id: 't-abort', type: 'prompt', message: 'a long answer, please' });
  await streaming;
  const during = next('t-messages-during');
  send({ id: 't-messages-during', type: 'get_messages' });
  await during;
  await new Promise((resolve) => setTimeout(resolve, 100));
  send({ id: 't-abort-stop', type: 'abort' });
  await end;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = next('t-messages-after');
  send({ id: 't-messages-after', type: 'get_messages' });
  await after;
  agent.transport.close();
  await agent.exited;
  // The machine's folders, as written raw and inside JSON strings.
  const folders: [string, string][] = [
    [cacheRoot(env), 'CACHE'],
    [work, 'TMP'],
    [command.cwd, 'HOME'],
  ];
  let text = lines.join('\n');
  for (const [folder, word] of folders)
    text = text.replaceAll(folder, word).replaceAll(JSON.stringify(folder).slice(1, -1), word);
  const file = new URL(`../test/fixtures/${FOLDERS[name]}/stand-in-turns.jsonl`, import.meta.url);
  writeFileSync(file, `${text}\n`);
  console.log(`${name}: ${lines.length} lines → ${file.pathname}`);
  command.cleanup();
  rmSync(work, { recursive: true, force: true });
  await model.close();
}

const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(FOLDERS)) {
  if (!isAgentName(name)) throw new RangeError(`Not an agent: ${name}`);
  await record(name);
}
