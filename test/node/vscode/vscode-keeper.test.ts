/**
 * The VS Code example's agent keeper, without VS Code: the real pi (0.73.1, from the project's
 * own dependencies) behind the bundled `dist/agent-keeper.js`, started by a process that exits
 * right after, as an extension host does when its window reloads. What the window finds when it
 * comes back is the point: the same agent process, its dialog still open with less time left.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmCommand, run } from '../../../src/bridge/agents/cache.js';
import { type AgentCommand, agentCommand } from '../../../src/bridge/agents/catalog.js';
import type { KeeperAddress } from '../../../examples/vscode/src/keeper.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { processesNaming } from '../../support/processes.js';

const example = fileURLToPath(new URL('../../../examples/vscode/', import.meta.url));
const starter = fileURLToPath(new URL('../../support/vscode/start-keeper.ts', import.meta.url));
const keeperScript = join(example, 'dist', 'agent-keeper.js');

let agent: AgentCommand;
let scratch: string;
const tabs: Tab[] = [];

beforeAll(async () => {
  await run(npmCommand(), ['run', '--silent', 'build:keeper'], { cwd: example, what: 'the keeper’s build' });
  agent = await agentCommand('pi-0.73');
  scratch = mkdtempSync(join(tmpdir(), 'rpc-ui-keeper-'));
}, 60_000);

afterAll(() => {
  for (const tab of tabs) tab.close();
  agent?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** Start a keeper from a process that exits right after; what it printed. */
async function startFromAGoneHost(command: { command: string; args: readonly string[] }) {
  const log = join(scratch, 'keeper.log');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', starter, keeperScript, JSON.stringify({ ...command, cwd: scratch }), log],
    { env: { ...process.env, ...agent.env } },
  );
  return { report: JSON.parse(stdout) as KeeperAddress | { failed: string }, log };
}

async function open(address: KeeperAddress): Promise<Tab> {
  const tab = await Tab.open(`http://127.0.0.1:${address.port}`, { token: address.token });
  tabs.push(tab);
  await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
  return tab;
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the agent keeper of the VS Code example', () => {
  it('keeps the agent and its open dialog when the host that started it is gone', async () => {
    const { report } = await startFromAGoneHost(agent);
    if ('failed' in report) throw new Error(report.failed);
    const pid = report.pid ?? 0;
    expect(running(pid)).toBe(true);

    const first = await open(report);
    first.sendProbe([{ call: 'confirm', args: ['Still there?', 'after a reload'], timeout: 60_000 }]);
    const asked = await first.request('confirm', 'Still there?');
    first.close();
    await first.closed();

    // The window that comes back: the same process, the same question, less time on it.
    const back = await open(report);
    expect(back.values[0]?.session).toBe(first.values[0]?.session);
    const again = await back.request('confirm', 'Still there?');
    expect(again.id).toBe(asked.id);
    expect(again.timeout).toBeLessThan(60_000);
    back.send({ type: 'extension_ui_response', id: asked.id, confirmed: true });
    const results = await back.resultAfter(0);
    expect(results.map((result) => result.value)).toEqual([true]);

    // A refused token is not a way in.
    await expect(Tab.open(`http://127.0.0.1:${report.port}`, { token: 'guess' })).rejects.toThrow(/403/);

    // Ended on request (a panel closes), the agent with it.
    process.kill(pid, 'SIGTERM');
    await until('the keeper to exit', () => (running(pid) ? undefined : true), 15_000);
  }, 60_000);

  it('says why, in words, when the agent cannot start, and leaves nothing running', async () => {
    const { report, log } = await startFromAGoneHost({ command: 'rpc-ui-kit-no-such-agent', args: [] });
    expect(report).toEqual({
      failed:
        'The agent could not start: "rpc-ui-kit-no-such-agent" was not found on PATH. ' +
        'Install it, or choose another agent in the settings (rpcUiKit.agent).',
    });
    // The keeper closes its bridge and exits right after it said so.
    const left = () => processesNaming('rpc-ui-kit-no-such-agent');
    await until('the keeper to exit', () => (left().length === 0 ? true : undefined), 10_000).catch(() =>
      expect(left()).toEqual([]),
    );
    expect(readFileSync(log, 'utf8')).not.toMatch(/Error|at /);
  }, 30_000);
});
