/**
 * Naming the agent behind any command (`rpc-ui serve -- <command>`), as `--agent` names its own:
 * the npm package of the script a runtime runs (`node …/cli.js`) or of the bin a command names
 * (`atomic`, found on `PATH`, its link followed), from the nearest `package.json` above it. An
 * atomic build says its commit instead of its version (0.0.0). oh-my-pi also names itself on
 * stdout (`ready`), which the page reads. Node only.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import type { AgentIdentity } from '../../protocol/agent.js';
import { atomicCommit, checkoutCommit } from './atomic.js';

/** The agents' npm packages, and the names the kit knows them by. */
const PACKAGES: Readonly<Record<string, string>> = {
  '@earendil-works/pi-coding-agent': 'pi',
  '@mariozechner/pi-coding-agent': 'pi',
  '@oh-my-pi/pi-coding-agent': 'omp',
  '@bastani/atomic': 'atomic',
};

/** Commands that run a script given as their first argument that is not a flag. */
const RUNTIMES = /^(?:node|nodejs|bun|deno|tsx)(?:\.exe)?$/;

/**
 * The agent `command` with `args` runs, when its package is one the kit knows; `undefined`
 * otherwise (a command of another kind, a file that is not there).
 */
export function identifyCommand(
  command: string,
  args: readonly string[],
  { cwd = process.cwd(), env = process.env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): AgentIdentity | undefined {
  const runtime = RUNTIMES.test(basename(command));
  const script = runtime ? args.find((arg) => !arg.startsWith('-')) : command;
  const path = script && (runtime || script.includes('/') ? resolve(cwd, script) : onPath(script, env));
  if (!path || !existsSync(path)) return undefined;
  const file = realpathSync(path);
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, 'package.json'));
    const name = manifest?.name === undefined ? undefined : PACKAGES[manifest.name];
    if (name === 'atomic') {
      const commit =
        atomicCommit(join(dir, 'dist', 'cli.js')) ?? (checkoutCommit(dir).slice(0, 7) || undefined);
      return { name, ...(commit ? { version: commit } : {}) };
    }
    if (name) return { name, ...(manifest?.version ? { version: manifest.version } : {}) };
    if (dirname(dir) === dir) return undefined;
  }
}

/** `name` as the shell would find it on `PATH`. */
function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function readManifest(file: string): { name?: string; version?: string } | undefined {
  try {
    const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    return {
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof version === 'string' ? { version } : {}),
    };
  } catch {
    return undefined;
  }
}
