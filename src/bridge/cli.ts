/**
 * `rpc-ui serve [options] [-- AGENT COMMAND...]`: runs an agent in a project folder (by default
 * the person's own pi; the offline demo with `--demo`), serves the playground and bridges them
 * (the options: cli-args.ts). Prints one line `rpc-ui: serving URL` on stdout when ready;
 * everything else goes to stderr. Ctrl+C, SIGTERM or SIGHUP ends the agent by closing its stdin; a second one kills it.
 * bin/rpc-ui.mjs runs it. Node only.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCli, type ServeArgs, USAGE } from './cli-args.js';
import { type AgentCommand, type AgentName, agentCommand } from './agents/catalog.js';
import { identifyCommand } from './agents/identify.js';
import { packageRoot } from './default-agent.js';
import { type BridgeAgentOptions, type BridgeOptions, startBridge } from './server.js';
import { startStandInModel } from './stand-in-model/server.js';
import { folderName } from './folder-name.js';
import { KeptSession, keptSessionRecord } from './state/kept-session.js';
import { keptToken } from './state/kept-token.js';
import { keepAddress, type ServedAddress, servedAddresses } from './state/served-addresses.js';
import { stateRoot } from './state/state-folder.js';

/** Where `npm run build:playground` puts the playground. */
const PLAYGROUND_DIR = join(packageRoot, 'dist', 'playground');

/** Open `url` in the default browser, detached; failures are ignored (the URL is printed anyway). */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser opener: the user has the printed URL.
  }
}

const log = (message: string) => console.error(message);

/** `--cwd`, when it names a folder; throws saying what it names otherwise. */
function checkedCwd(cwd: string | undefined): string | undefined {
  if (cwd === undefined) return undefined;
  let folder: boolean;
  try {
    folder = statSync(cwd).isDirectory();
  } catch {
    throw new Error(`--cwd ${cwd}: there is no such folder.`);
  }
  if (!folder) throw new Error(`--cwd ${cwd} is a file, not a folder.`);
  return cwd;
}

/**
 * The agent to run: the one after `--` (named by its package when it is a known agent's), or the
 * one named (installed first when need be), as the person's own or as the demo (on the stand-in
 * model with `--stand-in-model`), in `--cwd`.
 */
async function agentFor(args: ServeArgs): Promise<{ agent: BridgeAgentOptions; cleanup: () => void }> {
  const cwd = checkedCwd(args.cwd);
  const [command, ...rest] = args.agent;
  if (command !== undefined) {
    // Named as --agent names its own, when its package says which it is.
    const identity = identifyCommand(command, rest);
    if (identity) log(`rpc-ui: the command runs ${identity.name} ${identity.version ?? ''}`.trimEnd());
    return {
      agent: { command, args: rest, cwd: cwd ?? process.cwd(), ...(identity ? { identity } : {}) },
      cleanup: () => undefined,
    };
  }
  const model = args.standInModel ? await startStandInModel() : undefined;
  if (model) log(`rpc-ui: the stand-in model answers at ${model.baseUrl} (scripted, offline).`);
  const state = stateRoot();
  const setup = args.demo ? 'demo' : 'own';
  const named: AgentCommand = await agentCommand(args.agentName, {
    log,
    setup,
    extensions: args.extensions,
    ...(cwd ? { cwd } : {}),
    ...(args.demo ? { demoFolder: join(state, 'demo', args.agentName) } : {}),
    ...(model ? { standInModel: model.baseUrl } : {}),
  });
  // The session this agent was on in this folder, the last time: it goes on with it.
  const record = keptSessionRecord(state, { agent: args.agentName, setup, cwd: named.cwd });
  const keptSession = new KeptSession(record, named.openSession);
  if (args.newSession) keptSession.forget();
  else if (keptSession.args().length > 0)
    log(`rpc-ui: ${named.identity.name} goes on with its last session here (--new-session for a new one).`);
  const { name, version } = named.identity;
  const on = model ? ', stand-in model' : '';
  log(`rpc-ui: ${name} works in ${named.cwd}${args.demo ? ' (the offline demo)' : ''}.`);
  return {
    agent: {
      ...named,
      keptSession,
      label: args.demo
        ? `${name} ${version ?? ''} (demo extension${on})`
        : `${name} ${version ?? ''}`.trimEnd(),
    },
    cleanup: () => {
      named.cleanup();
      void model?.close();
    },
  };
}

/** `rpc-ui install`: each agent into the cache (and its runtime), saying where. */
async function install(agents: readonly AgentName[]): Promise<number> {
  for (const name of agents) {
    try {
      const { identity, cleanup } = await agentCommand(name, { log });
      cleanup();
      log(`rpc-ui: ${identity.name} ${identity.version ?? ''} is ready.`);
    } catch (error) {
      log(`rpc-ui: ${name}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  return 0;
}

/** An error's system code (`ENOENT`), or the error as text. */
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** A file an option names cannot be used. */
class FileError extends Error {}

/** The token and the TLS certificate from the files the arguments name. */
function readAccessFiles(args: ServeArgs): {
  token: string | false | undefined;
  tls: { cert: Buffer; key: Buffer } | undefined;
} {
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new FileError(`cannot read ${what} ${file}: ${codeOf(error)}`, { cause: error });
    }
  };
  const fromFile =
    args.tokenFile === undefined ? undefined : read(args.tokenFile, 'the token file').toString('utf8').trim();
  if (fromFile === '') throw new FileError(`the token file ${args.tokenFile} is empty.`);
  const tls = args.tls && {
    cert: read(args.tls.cert, 'the certificate'),
    key: read(args.tls.key, 'the key'),
  };
  return { token: fromFile ?? args.token, tls };
}

/**
 * What `rpc-ui serve` with these arguments starts, for `agent`: the bridge's options, the token
 * and the certificate read from their files.
 * @throws Error when a file cannot be read, or the token file is empty
 */
export function serveOptions(args: ServeArgs, agent: BridgeAgentOptions): BridgeOptions {
  const files = readAccessFiles(args);
  return {
    host: args.host,
    port: args.port,
    token: files.token,
    agent,
    staticDir: PLAYGROUND_DIR,
    extraOrigins: args.allowOrigins,
    allowCommands: args.allowCommands,
    publicUrl: args.publicUrl,
    trustedProxies: args.trustProxies,
    tls: files.tls,
    log,
  };
}

/** The token kept in the state folder; a FileError saying what to do when it cannot be kept. */
function stateToken(renew: boolean): string {
  try {
    return keptToken(stateRoot(), renew, log);
  } catch (error) {
    throw new FileError(
      `cannot keep the token in ${stateRoot()} (${codeOf(error)}): give one with --token-file, or RPC_UI_STATE a folder of yours.`,
      { cause: error },
    );
  }
}

/** Keep this bridge's address for `rpc-ui open`; a failure is said, and the bridge runs on. */
function addressKept(address: ServedAddress): () => void {
  try {
    return keepAddress(stateRoot(), address);
  } catch (error) {
    log(`rpc-ui: cannot keep this address for rpc-ui open (${codeOf(error)}).`);
    return () => undefined;
  }
}

function describeStartError(error: unknown, args: ServeArgs): string {
  if (error instanceof FileError) return `rpc-ui: ${error.message}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `rpc-ui: port ${args.port} is in use; pass --port 0 for a free one.`;
  if (code === 'EADDRNOTAVAIL') return `rpc-ui: cannot listen on ${args.host}: no such address here.`;
  return `rpc-ui: cannot listen on ${args.host}:${args.port}: ${error instanceof Error ? error.message : String(error)}`;
}

async function serve(args: ServeArgs): Promise<number> {
  let chosen;
  try {
    chosen = await agentFor(args);
  } catch (error) {
    console.error(`rpc-ui: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  let bridge;
  try {
    const options = serveOptions(args, chosen.agent);
    // No token given: the one kept in the state folder, so that a restart locks no page out.
    const token = options.token ?? stateToken(args.newToken);
    bridge = await startBridge({ ...options, token });
  } catch (error) {
    chosen.cleanup();
    console.error(describeStartError(error, args));
    return 1;
  }
  if (args.token === false)
    log(
      `rpc-ui: --no-token: any process or user of this machine that can reach ${args.host}:${bridge.port} can drive the agent, and through it run commands, by sending an allowed Origin header.`,
    );
  for (const type of args.allowCommands)
    log(`rpc-ui: --allow-command ${type}: every page let in may send it to the agent.`);
  // A command that cannot run (not installed, a typo) fails now, not in the page.
  try {
    await bridge.agent.started;
  } catch (error) {
    const command = [chosen.agent.command, ...(chosen.agent.args ?? [])].join(' ');
    console.error(
      `rpc-ui: could not start the agent (${command}): ${error instanceof Error ? error.message : String(error)}`,
    );
    await bridge.close();
    chosen.cleanup();
    return 1;
  }
  bridge.agent.onStderr((line) => log(`rpc-ui: agent stderr: ${line}`));
  const running = bridge;
  const forgetAddress = addressKept({
    url: bridge.url,
    pid: process.pid,
    agent: chosen.agent.label ?? chosen.agent.command,
    folder: folderName(chosen.agent.cwd ?? process.cwd()),
    started: Date.now(),
  });
  // The signal handlers are in place before the line that says the bridge is ready: a supervisor
  // that stops it right then still ends the agent gracefully.
  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        log(`rpc-ui: ${signal} again, killing the agent and exiting now.`);
        running.agent.kill();
        chosen.cleanup();
        forgetAddress();
        process.exit(130);
      }
      stopping = true;
      void running.close().then(() => {
        chosen.cleanup();
        forgetAddress();
        resolve(0);
      });
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  });
  const [url = bridge.url, ...others] = bridge.urls;
  console.log(`rpc-ui: serving ${url}`);
  for (const other of others) log(`rpc-ui: also at ${other}`);
  if (!existsSync(PLAYGROUND_DIR))
    log('rpc-ui: the playground is not built; run `npm run build:playground`.');
  if (args.open) openBrowser(url);
  return stopped;
}

/** `rpc-ui open`: the address of each running bridge again, opened when there is just one. */
function openServed(open: boolean): number {
  const served = servedAddresses(stateRoot());
  if (served.length === 0) {
    log('rpc-ui: no bridge of yours runs now; start one with rpc-ui serve.');
    return 1;
  }
  for (const { url, agent, folder } of served) console.log(`rpc-ui: ${agent} in ${folder}: ${url}`);
  const [only] = served;
  if (served.length === 1 && only && open) openBrowser(only.url);
  return 0;
}

/** Run the CLI with these arguments; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCli(argv);
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(`rpc-ui: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.kind === 'install') return install(parsed.agents);
  if (parsed.kind === 'open') return openServed(parsed.open);
  return serve(parsed.args);
}
