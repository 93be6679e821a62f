/** `rpc-ui` run as a user runs it, in its own process group, for the tests. Node only. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot } from '../../src/bridge/agents/cache.js';
import { until } from './bridge-tab.js';

/** The repository's root. */
export const root = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

/** A running `rpc-ui`: its stdout lines, its stderr so far, and its exit. */
export interface Cli {
  readonly child: ChildProcess;
  readonly stdout: string[];
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/**
 * The home folder every `rpc-ui` of the tests runs with, made for this run: an agent run as the
 * person's own reads nothing of the real one. The agents' cache stays where it is.
 */
let home: string | undefined;
function testHome(): string {
  if (home === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'rpc-ui-test-home-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    home = made;
  }
  return home;
}

/** The state folders made, removed when the tests' process exits. */
const states: string[] = [];
process.once('exit', () => {
  for (const folder of states) rmSync(folder, { recursive: true, force: true });
});

/** A state folder of its own (`RPC_UI_STATE`): what one `rpc-ui` keeps, another does not see. */
export function stateFolder(): string {
  const made = mkdtempSync(join(tmpdir(), 'rpc-ui-test-state-'));
  states.push(made);
  return made;
}

/**
 * Run `bin/rpc-ui.mjs` (or `script`) with these arguments, `CI` unset so nothing differs, in a
 * home of the tests' own and a state folder of its own (`env` may name others: the same
 * `RPC_UI_STATE` for a bridge started again).
 */
export function runCli(
  args: readonly string[],
  script = join(root, 'bin', 'rpc-ui.mjs'),
  env: NodeJS.ProcessEnv = {},
): Cli {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: {
      ...process.env,
      CI: '',
      HOME: testHome(),
      RPC_UI_CACHE: cacheRoot(),
      RPC_UI_STATE: env.RPC_UI_STATE ?? stateFolder(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failed test can end everything it started.
    detached: true,
  });
  children.push(child);
  const stdout: string[] = [];
  let partial = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    stdout.push(...lines);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout, stderr: () => stderr, exited };
}

/** The URL of its `rpc-ui: serving URL` line (waits for it). */
export async function servingUrl(cli: Cli, timeoutMs = 15_000): Promise<string> {
  const line = await until('the serving line', () => cli.stdout[0], timeoutMs);
  return line.replace('rpc-ui: serving ', '');
}

/** Kill what the tests started and left running (an `afterEach`). */
export function killClis(): void {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(-child.pid, 'SIGKILL');
  }
}

export { isRunning } from '../../src/bridge/state/served-addresses.js';
