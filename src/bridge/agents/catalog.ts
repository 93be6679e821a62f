/**
 * The agents the bridge knows by name, and how each is got, flagged and run: pi 1.x (the
 * default), pi 0.73.1 (this project's devDependency), oh-my-pi and atomic, in RPC mode. Each runs
 * either as the person's own (their home, models, keys, settings, extensions and sessions, as in
 * a terminal, in their project folder) or as the offline demo (a throwaway HOME, the demo
 * extension, nothing of the person's loaded). Node only.
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

/**
 * How an agent by name is set up: `own`, the person's own configuration, as the agent reads it
 * when started in a terminal; `demo`, offline in a throwaway HOME with the demo extension and no
 * model (or the stand-in model).
 */
export type AgentSetup = 'own' | 'demo';

/** A command line ready for `AgentProcess`, with the cleanup of what it created. */
export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Which agent this is, as the page is told. */
  readonly identity: AgentIdentity;
  /** The arguments, added to `args`, that open a session file the agent wrote (to resume it). */
  readonly openSession: (file: string) => readonly string[];
  /** Remove the demo's throwaway HOME, if any (call it once the agent has exited). */
  readonly cleanup: () => void;
}

/** Options of {@link agentCommand}. */
export interface AgentCommandOptions {
  /** The person's own configuration, or the offline demo (the default). */
  readonly setup?: AgentSetup;
  /**
   * The folder the agent works in. By default: the folder this process runs in for `own`; for
   * `demo`, `work/` in `demoFolder`, or the throwaway HOME without one.
   */
  readonly cwd?: string;
  /**
   * A folder the demo keeps (in the bridge's state folder): its conversations are saved in
   * `sessions/` there, to be resumed. Without it the demo saves nothing (`--no-session`).
   */
  readonly demoFolder?: string;
  /** More agent arguments, appended. */
  readonly extraArgs?: readonly string[];
  /** The demo's extension (`-e`) in its place: the demo extension by default. */
  readonly extension?: string;
  /** Extensions loaded besides (`-e` each), in either setup. */
  readonly extensions?: readonly string[];
  /** Where installs and builds say what they do (stderr in the CLI). */
  readonly log?: Log;
  /** The settings to read (`RPC_UI_ATOMIC_SOURCE`, `RPC_UI_CACHE`); `process.env` by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Install what is missing (default); `false` throws NotInstalledError instead. */
  readonly install?: boolean;
  /**
   * The base URL of a stand-in model (`startStandInModel().baseUrl`): the demo's agent is given it
   * as a provider and runs its turns on it. Not with `own`: its provider is written into the
   * agent's folder, which is the person's then.
   */
  readonly standInModel?: string;
}

/** The flags that put an agent in RPC mode and nothing else: what `own` adds to the person's. */
const RPC_MODE = ['--mode', 'rpc'];

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

/**
 * All four open a session file with `--session FILE` (pi 1.x and 0.73.1 `main.js`, atomic's
 * `restartCliArgs`, oh-my-pi's `--session` as `--resume`): docs/agents.md.
 */
const openSession = (file: string): readonly string[] => ['--session', file];

/** The demo's flags, saving its sessions in `sessions` instead of nowhere when a folder is given. */
function keptIn(flags: readonly string[], sessions: string | undefined): readonly string[] {
  if (sessions === undefined) return flags;
  return [...flags.filter((flag) => flag !== '--no-session'), '--session-dir', sessions];
}

const PI_TREE = { name: 'pi', title: 'pi 1.6.0', scripts: false };
const OMP_TREE = { name: 'omp', title: 'oh-my-pi 18.2.3', scripts: false };

/**
 * The command that runs agent `name` as the person's own or as the demo (with the demo extension,
 * or `extension`), installing the agent and its runtime into the cache first when they are not
 * there (said on `log`).
 * @throws RangeError for a stand-in model with `own`; PiNotInstalledError for pi 0.73 without the devDependency, AtomicSourceMissingError
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
  const own = options.setup === 'own';
  if (own && options.standInModel)
    throw new RangeError(
      "The stand-in model runs the demo's agent: its provider would go into the person's.",
    );
  const extensions = [...(own ? [] : [options.extension ?? demoExtension]), ...(options.extensions ?? [])];
  const tail = [...extensions.flatMap((path) => ['-e', path]), ...(options.extraArgs ?? [])];
  const kept = options.demoFolder;
  const flags = (demoFlags: readonly string[]) =>
    own ? RPC_MODE : keptIn(demoFlags, kept === undefined ? undefined : join(kept, 'sessions'));
  let command: string;
  let args: string[];
  let identity: AgentIdentity;
  let prefix = 'PI';
  switch (name) {
    case 'pi-0.73': {
      const cli = findPiCli();
      if (!cli) throw new PiNotInstalledError();
      [command, args] = [process.execPath, [cli, ...flags(PI_RPC_FLAGS), ...tail]];
      identity = { name: 'pi', version: versionOf(join(cli, '..', '..', 'package.json')) ?? '0.73' };
      break;
    }
    case 'pi': {
      const dir = await installTree(PI_TREE, log, install);
      const pkg = join(dir, 'node_modules', '@earendil-works', 'pi-coding-agent');
      command = await nodeAtLeast([22, 19], 'pi 1.x', log, install);
      args = [join(pkg, 'dist', 'bundle', 'cli.js'), ...flags(PI_RPC_FLAGS), ...tail];
      identity = { name: 'pi', version: versionOf(join(pkg, 'package.json')) ?? '1' };
      break;
    }
    case 'omp': {
      const dir = await installTree(OMP_TREE, log, install);
      const pkg = join(dir, 'node_modules', '@oh-my-pi', 'pi-coding-agent');
      command = await bunBinary(log, install);
      args = [join(pkg, 'dist', 'cli.js'), ...flags(OMP_RPC_FLAGS), ...tail];
      identity = { name: 'omp', version: versionOf(join(pkg, 'package.json')) ?? '18' };
      break;
    }
    case 'atomic': {
      // Said before a Node is installed for it: without its source there is nothing to run.
      if (!env[ATOMIC_SOURCE_ENV]) throw new AtomicSourceMissingError();
      command = await nodeAtLeast([22, 19], 'atomic', log, install);
      const cli = await atomicCli(env[ATOMIC_SOURCE_ENV], command, log, install);
      args = [cli, ...flags(PI_RPC_FLAGS), ...tail];
      // Its package says 0.0.0: the commit it was built from says more.
      const commit = atomicCommit(cli);
      identity = { name: 'atomic', ...(commit ? { version: commit } : {}) };
      prefix = 'ATOMIC';
      break;
    }
  }
  if (own)
    return {
      command,
      args,
      cwd: options.cwd ?? process.cwd(),
      // The person's environment as it is: their HOME, keys and settings.
      env: { ...env, ...(name === 'omp' ? { PI_RPC_EMIT_TITLE: '1' } : {}) },
      identity,
      openSession,
      cleanup: () => undefined,
    };
  const home = mkdtempSync(join(tmpdir(), 'rpc-ui-agent-'));
  const agentDir = join(home, 'agent');
  mkdirSync(agentDir, { recursive: true });
  const family = name === 'omp' ? 'omp' : 'pi';
  if (options.standInModel) args.push(...useStandIn(family, agentDir, options.standInModel));
  else if (family === 'omp') writeFileSync(join(agentDir, 'models.yml'), OMP_STUB_MODELS);
  let cwd = options.cwd ?? home;
  if (kept !== undefined && options.cwd === undefined) {
    // A kept conversation names the folder it was held in: it must be there when it is resumed.
    cwd = join(kept, 'work');
    mkdirSync(cwd, { recursive: true, mode: 0o700 });
  }
  return {
    command,
    args,
    cwd,
    env: {
      ...env,
      HOME: home,
      [`${prefix}_CODING_AGENT_DIR`]: agentDir,
      [`${prefix}_OFFLINE`]: '1',
      [`${prefix}_SKIP_VERSION_CHECK`]: '1',
      [`${prefix}_TELEMETRY`]: '0',
      // oh-my-pi writes setTitle only when asked to.
      ...(name === 'omp' ? { PI_RPC_EMIT_TITLE: '1' } : {}),
    },
    identity,
    openSession,
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
