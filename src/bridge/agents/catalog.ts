/**
 * The agents the bridge knows by name, and how each is got, flagged and run: pi 1.x (the
 * default), pi 0.73.1 (this project's devDependency), oh-my-pi and atomic. Each runs in RPC mode,
 * offline, in a throwaway HOME, with nothing of the user's own loaded. Node only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentIdentity } from '../../protocol/agent.js';
import { demoExtension, findPiCli, PI_RPC_FLAGS, PiNotInstalledError } from '../default-agent.js';
import { ATOMIC_SOURCE_ENV, AtomicSourceMissingError, atomicCli, atomicCommit } from './atomic.js';
import { installTree, type Log, versionOf } from './cache.js';
import { bunBinary, nodeAtLeast } from './runtime.js';
import { useStandIn } from '../stand-in-model/agent-config.js';

/** The names `rpc-ui serve --agent` takes. */
export const AGENT_NAMES = ['pi', 'omp', 'atomic', 'pi-0.73'] as const;
/** An agent the bridge knows by name. */
export type AgentName = (typeof AGENT_NAMES)[number];

/** Whether `name` is one of {@link AGENT_NAMES}. */
export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

/** A command line ready for `AgentProcess`, with the cleanup of what it created. */
export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Which agent this is, as the page is told. */
  readonly identity: AgentIdentity;
  /** Remove the throwaway HOME (call it once the agent has exited). */
  readonly cleanup: () => void;
}

/** Options of {@link agentCommand}. */
export interface AgentCommandOptions {
  /** More agent arguments, appended. */
  readonly extraArgs?: readonly string[];
  /** The extension to load (`-e`); the demo extension by default. */
  readonly extension?: string;
  /** Where installs and builds say what they do (stderr in the CLI). */
  readonly log?: Log;
  /** The settings to read (`RPC_UI_ATOMIC_SOURCE`, `RPC_UI_CACHE`); `process.env` by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Install what is missing (default); `false` throws NotInstalledError instead. */
  readonly install?: boolean;
  /**
   * The base URL of a stand-in model (`startStandInModel().baseUrl`): the agent is given it as a
   * provider and runs its turns on it.
   */
  readonly standInModel?: string;
}

/** oh-my-pi's flags: it has no `--offline` and names some of pi's others differently. */
const OMP_RPC_FLAGS = [
  '--mode',
  'rpc',
  '--no-session',
  '--no-extensions',
  '--no-skills',
  '--no-rules',
  '--no-lsp',
  '--no-title',
];

/**
 * oh-my-pi will not start without a model: one that points at a closed loopback port is enough,
 * as extension commands never call it.
 */
const OMP_STUB_MODELS = `# rpc-ui: a model oh-my-pi needs to start, never called (the port is closed).
providers:
  rpc-ui-offline:
    baseUrl: http://127.0.0.1:9/v1
    apiKey: not-a-key
    api: openai-completions
    models:
      - id: offline
        name: Offline (never called)
        reasoning: false
        input: [text]
        contextWindow: 8192
        maxTokens: 1024
`;

const PI_TREE = { name: 'pi', title: 'pi 1.6.0', scripts: false };
const OMP_TREE = { name: 'omp', title: 'oh-my-pi 18.2.3', scripts: false };

/**
 * The command that runs agent `name` with the demo extension (or `extension`), installing the
 * agent and its runtime into the cache first when they are not there (said on `log`).
 * @throws PiNotInstalledError for pi 0.73 without the devDependency, AtomicSourceMissingError
 *   for atomic with no source named, NotInstalledError for one not installed with `install:
 *   false`, an Error when an install fails
 */
export async function agentCommand(
  name: AgentName,
  options: AgentCommandOptions = {},
): Promise<AgentCommand> {
  const log = options.log ?? (() => undefined);
  const env = options.env ?? process.env;
  const install = options.install ?? true;
  const tail = ['-e', options.extension ?? demoExtension, ...(options.extraArgs ?? [])];
  let command: string;
  let args: string[];
  let identity: AgentIdentity;
  let prefix = 'PI';
  switch (name) {
    case 'pi-0.73': {
      const cli = findPiCli();
      if (!cli) throw new PiNotInstalledError();
      [command, args] = [process.execPath, [cli, ...PI_RPC_FLAGS, ...tail]];
      identity = { name: 'pi', version: versionOf(join(cli, '..', '..', 'package.json')) ?? '0.73' };
      break;
    }
    case 'pi': {
      const dir = await installTree(PI_TREE, log, install);
      const pkg = join(dir, 'node_modules', '@earendil-works', 'pi-coding-agent');
      command = await nodeAtLeast([22, 19], 'pi 1.x', log, install);
      args = [join(pkg, 'dist', 'bundle', 'cli.js'), ...PI_RPC_FLAGS, ...tail];
      identity = { name: 'pi', version: versionOf(join(pkg, 'package.json')) ?? '1' };
      break;
    }
    case 'omp': {
      const dir = await installTree(OMP_TREE, log, install);
      const pkg = join(dir, 'node_modules', '@oh-my-pi', 'pi-coding-agent');
      command = await bunBinary(log, install);
      args = [join(pkg, 'dist', 'cli.js'), ...OMP_RPC_FLAGS, ...tail];
      identity = { name: 'omp', version: versionOf(join(pkg, 'package.json')) ?? '18' };
      break;
    }
    case 'atomic': {
      // Said before a Node is installed for it: without its source there is nothing to run.
      if (!env[ATOMIC_SOURCE_ENV]) throw new AtomicSourceMissingError();
      command = await nodeAtLeast([22, 19], 'atomic', log, install);
      const cli = await atomicCli(env[ATOMIC_SOURCE_ENV], command, log, install);
      args = [cli, ...PI_RPC_FLAGS, ...tail];
      // Its package says 0.0.0: the commit it was built from says more.
      const commit = atomicCommit(cli);
      identity = { name: 'atomic', ...(commit ? { version: commit } : {}) };
      prefix = 'ATOMIC';
      break;
    }
  }
  const home = mkdtempSync(join(tmpdir(), 'rpc-ui-agent-'));
  const agentDir = join(home, 'agent');
  mkdirSync(agentDir, { recursive: true });
  const family = name === 'omp' ? 'omp' : 'pi';
  if (options.standInModel) args.push(...useStandIn(family, agentDir, options.standInModel));
  else if (family === 'omp') writeFileSync(join(agentDir, 'models.yml'), OMP_STUB_MODELS);
  return {
    command,
    args,
    cwd: home,
    env: {
      ...process.env,
      HOME: home,
      [`${prefix}_CODING_AGENT_DIR`]: agentDir,
      [`${prefix}_OFFLINE`]: '1',
      [`${prefix}_SKIP_VERSION_CHECK`]: '1',
      [`${prefix}_TELEMETRY`]: '0',
      // oh-my-pi writes setTitle only when asked to.
      ...(name === 'omp' ? { PI_RPC_EMIT_TITLE: '1' } : {}),
    },
    identity,
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
