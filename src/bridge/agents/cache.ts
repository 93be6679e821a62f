/**
 * The cache the bridge installs agents and runtimes into: each is a pinned npm tree (a folder
 * of `agents/` with its package.json and package-lock.json), installed once from the npm
 * registry and kept between runs. Node only.
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { packageRoot } from '../default-agent.js';

/** Where installs go: `RPC_UI_CACHE`, else `$XDG_CACHE_HOME/rpc-ui-kit`, else `~/.cache/rpc-ui-kit`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RPC_UI_CACHE) return resolve(env.RPC_UI_CACHE);
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'rpc-ui-kit');
}

/** Where progress is said (stderr in the CLI). */
export type Log = (message: string) => void;

/** One of the pinned trees in `agents/`. */
export interface PinnedTree {
  /** Its folder in `agents/` and the start of its folder in the cache. */
  readonly name: string;
  /** What it is, for messages: "pi 1.6.0". */
  readonly title: string;
  /** Run install scripts (the `node` and `bun` packages fetch their binaries in them). */
  readonly scripts: boolean;
  /** The environment npm installs it in (a runtime first on PATH); this process's by default. */
  readonly env?: NodeJS.ProcessEnv;
}

/** Raised when an agent is asked for without installing it (`install: false`) and it is not in the cache. */
export class NotInstalledError extends Error {
  constructor(what: string) {
    super(`${what} is not installed; \`rpc-ui install\` installs it.`);
    this.name = 'NotInstalledError';
  }
}

/** Marks a finished install: a folder without it is a partial one. */
const DONE = '.rpc-ui-installed';

/** The last lines a failed command wrote, for its error message. */
function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Run a command to its end; rejects with what it wrote when it fails.
 * @param what says what was run, in the error
 */
export function run(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly what: string },
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => fail(new Error(`${options.what} could not run: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) done();
      else fail(new Error(`${options.what} failed (${signal ?? `exit ${code}`}):\n${tail(output)}`));
    });
  });
}

/** A content key of a folder's files: another lock is another install. */
export function contentKey(...files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Build `target` once: `make` fills a fresh staging folder, which then takes the target's name
 * in one rename, so a crash leaves no half install behind and two processes installing at once
 * both end with the same whole one.
 */
export async function once(target: string, make: (staging: string) => Promise<void>): Promise<string> {
  if (existsSync(join(target, DONE))) return target;
  const staging = `${target}.partial-${process.pid}-${randomUUID().slice(0, 8)}`;
  mkdirSync(staging, { recursive: true });
  try {
    await make(staging);
    writeFileSync(join(staging, DONE), '');
    if (existsSync(target) && !existsSync(join(target, DONE)))
      rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!existsSync(join(target, DONE))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * The folder holding `tree`'s `node_modules`, installed from the registry when it is not in the
 * cache yet (a minute at most; it says so on `log`).
 * @throws NotInstalledError when it is not in the cache and `install` is false
 */
export async function installTree(tree: PinnedTree, log: Log, install = true): Promise<string> {
  const source = join(packageRoot, 'agents', tree.name);
  const files = ['package.json', 'package-lock.json'].map((file) => join(source, file));
  const target = join(cacheRoot(), `${tree.name}-${contentKey(...files)}`);
  if (existsSync(join(target, DONE))) return target;
  if (!install) throw new NotInstalledError(tree.title);
  log(`rpc-ui: installing ${tree.title} from the npm registry into ${target} (once)…`);
  const started = Date.now();
  await once(target, async (staging) => {
    for (const file of files) copyFileSync(file, join(staging, file.slice(source.length + 1)));
    // `npm install` with the lock installs exactly its tree (`npm ci` refuses a lock that lacks
    // other platforms' optional packages, as oh-my-pi's does here).
    const flags = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
    if (!tree.scripts) flags.push('--ignore-scripts');
    await run(npmCommand(), flags, { cwd: staging, env: tree.env, what: `npm install of ${tree.title}` });
  });
  log(`rpc-ui: installed ${tree.title} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return target;
}

/** npm, as this machine names it. */
export function npmCommand(): string {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** A JSON file's `version`, or `undefined` when it cannot be read. */
export function versionOf(manifest: string): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
