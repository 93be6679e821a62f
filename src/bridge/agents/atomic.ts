/**
 * atomic (bastani-inc/atomic, MIT) is not on the npm registry: it is built from its source, once,
 * into the cache, with the registry alone (about 25 s with a warm npm cache). The source is a
 * `git archive` tarball, a checkout or a git URL. Node only.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheRoot, contentKey, type Log, NotInstalledError, npmCommand, once, run } from './cache.js';
import { bunBinary, pathWith } from './runtime.js';

/** The setting that names atomic's source. */
export const ATOMIC_SOURCE_ENV = 'RPC_UI_ATOMIC_SOURCE';

/** Raised when atomic is asked for and no source for it is named. */
export class AtomicSourceMissingError extends Error {
  constructor() {
    super(
      'atomic is not on the npm registry; it is built from its source, once. The kit is tested with\n' +
        'commit 6031a92 (6031a9269809c4a556420b8a698704ba6da47754) of https://github.com/bastani-inc/atomic:\n' +
        '  git clone https://github.com/bastani-inc/atomic && git -C atomic checkout 6031a92\n' +
        `then name that checkout (or a \`git archive\` tarball of the commit) with ${ATOMIC_SOURCE_ENV}:\n` +
        `  export ${ATOMIC_SOURCE_ENV}=$PWD/atomic\n` +
        '(npm start and npm test, in a clone of the kit, look for ../shared/agents/atomic-src-6031a92.tar.gz beside it.)',
    );
    this.name = 'AtomicSourceMissingError';
  }
}

const TARBALL = /\.(tar\.gz|tgz)$/;

/** The build's cache key: a tarball's content, or a checkout's or URL's name. */
function keyOf(source: string): string {
  if (TARBALL.test(source) && existsSync(source) && statSync(source).isFile()) return contentKey(source);
  return createHash('sha256').update(source).digest('hex').slice(0, 12);
}

/** Drop a root devDependency the registry does not serve (a git-hook tool the build never runs). */
function dropUnservedDevDependency(dir: string): void {
  const name = '@j178/prek';
  const manifestFile = join(dir, 'package.json');
  const lockFile = join(dir, 'package-lock.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages: Record<string, { devDependencies?: Record<string, string> }>;
  };
  delete manifest.devDependencies?.[name];
  delete lock.packages['']?.devDependencies?.[name];
  for (const key of Object.keys(lock.packages))
    if (key === `node_modules/${name}` || key.startsWith(`node_modules/${name}-`)) delete lock.packages[key];
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
}

/** The file in the build that names the commit it was built from. */
const COMMIT_FILE = '.rpc-ui-commit';

/** The commit checked out in the git repository holding `dir`, whole, or `''` outside one. */
export function checkoutCommit(dir: string): string {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return head.status === 0 ? head.stdout.trim() : '';
}

/** The commit atomic was built from (its first 7 hex digits), when the source named it. */
export function atomicCommit(cli: string): string | undefined {
  try {
    return (
      readFileSync(join(cli, '..', '..', '..', '..', COMMIT_FILE), 'utf8')
        .trim()
        .slice(0, 7) || undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * The path of atomic's CLI, built from `source` into the cache when it is not there yet.
 * The build runs on `node` (>= 22.19) and bun, which it installs.
 * @throws AtomicSourceMissingError when `source` is undefined, NotInstalledError when it is not
 *   built and `install` is false
 */
export async function atomicCli(
  source: string | undefined,
  node: string,
  log: Log,
  install = true,
): Promise<string> {
  if (!source) throw new AtomicSourceMissingError();
  const from = /^[a-z]+:\/\//.test(source) ? source : resolve(source);
  const target = join(cacheRoot(), `atomic-${keyOf(from)}`);
  const cli = join(target, 'packages', 'coding-agent', 'dist', 'cli.js');
  if (existsSync(cli) && existsSync(join(target, '.rpc-ui-installed'))) return cli;
  if (!install) throw new NotInstalledError('atomic');
  const bun = await bunBinary(log);
  log(`rpc-ui: building atomic from its source (${from}) into ${target} (once)…`);
  const started = Date.now();
  await once(target, async (dir) => {
    const env = { ...process.env, PATH: pathWith([node, bun]) };
    const step = (what: string, command: string, args: readonly string[], cwd = dir) =>
      run(command, args, { cwd, env, what: `atomic's build (${what})` });
    if (TARBALL.test(from)) {
      await step('unpack', 'tar', ['-xzf', from, '-C', dir, '--strip-components=1']);
      // A `git archive` names its commit in its header.
      const commit = spawnSync('git', ['get-tar-commit-id'], { input: gunzipSync(readFileSync(from)) });
      writeFileSync(join(dir, COMMIT_FILE), commit.stdout ?? '');
    } else if (existsSync(join(from, '.git')) || from.includes('://')) {
      await step('clone', 'git', ['clone', '--quiet', from, dir]);
      writeFileSync(join(dir, COMMIT_FILE), checkoutCommit(dir));
    } else cpSync(from, dir, { recursive: true, filter: (path) => !path.includes('node_modules') });
    dropUnservedDevDependency(dir);
    await step('npm ci', npmCommand(), [
      'ci',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ]);
    // Its model data is generated from the network and not in the source: the published pi-ai
    // package it depends on carries the same data.
    const data = join('packages', 'ai', 'src', 'providers', 'data');
    rmSync(join(dir, data), { recursive: true, force: true });
    cpSync(
      join(dir, 'node_modules', '@earendil-works', 'pi-ai', 'dist', 'providers', 'data'),
      join(dir, data),
      {
        recursive: true,
      },
    );
    const ai = join(dir, 'packages', 'ai');
    await step('model data check', node, ['scripts/check-model-data.ts'], ai);
    // tsgo reports a type error in upstream data and still writes everything.
    await step('pi-ai', npmCommand(), ['exec', '--no', '--', 'tsgo', '-p', 'tsconfig.build.json'], ai).catch(
      () => undefined,
    );
    if (!existsSync(join(ai, 'dist', 'index.js')))
      throw new Error("atomic's build wrote no packages/ai/dist");
    rmSync(join(ai, 'dist', 'providers', 'data'), { recursive: true, force: true });
    cpSync(join(dir, data), join(ai, 'dist', 'providers', 'data'), { recursive: true });
    await step('alias', node, ['scripts/alias-pi-ai.mjs']);
    // Its Rust natives need crates.io; atomic falls back to JavaScript without them.
    await step('coding-agent', npmCommand(), ['run', 'build', '--workspace=@bastani/atomic']);
    await step('check', node, [join(dir, 'packages', 'coding-agent', 'dist', 'cli.js'), '--version']);
  });
  log(`rpc-ui: built atomic in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return cli;
}
