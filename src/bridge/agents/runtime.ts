/**
 * The runtimes the agents need: a Node new enough (this one when it is, else Node 22 from the
 * npm registry's `node` package), and bun for oh-my-pi (the registry's `bun` package). Node only.
 */
import { delimiter, dirname, join } from 'node:path';
import { installTree, type Log, type PinnedTree } from './cache.js';

/** The Node the bridge installs when the running one is too old. */
export const NODE_TREE: PinnedTree = { name: 'node', title: 'Node 22.23.3', scripts: true };
/** The bun oh-my-pi runs on. */
export const BUN_TREE: PinnedTree = { name: 'bun', title: 'bun 1.4.5', scripts: true };

/** Whether Node version `version` ("22.19.0") is at least `least` ([22, 19]). */
export function versionAtLeast(version: string, least: readonly [number, number]): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > least[0] || (major === least[0] && minor >= least[1]);
}

/**
 * A Node binary of at least version `least`: this process's own when it fits, else the cached
 * Node 22 (installed once, and said so on `log`, naming what needs it).
 * @throws NotInstalledError when it is not in the cache and `install` is false
 */
export async function nodeAtLeast(
  least: readonly [number, number],
  forWhat: string,
  log: Log,
  install = true,
): Promise<string> {
  if (versionAtLeast(process.versions.node, least)) return process.execPath;
  if (!install) return join(await installTree(NODE_TREE, log, false), 'node_modules', 'node', 'bin', 'node');
  log(
    `rpc-ui: ${forWhat} needs Node >= ${least.join('.')} and this is Node ${process.versions.node}: using ${NODE_TREE.title} from the npm registry.`,
  );
  return join(await installTree(NODE_TREE, log), 'node_modules', 'node', 'bin', 'node');
}

/** The cached bun binary (installed once). */
export async function bunBinary(log: Log, install = true): Promise<string> {
  return join(await installTree(BUN_TREE, log, install), 'node_modules', 'bun', 'bin', 'bun.exe');
}

/**
 * A PATH on which `node`, `bun` and `bunx` are these (a build that calls them by name): the
 * folders of `binaries`, and the `node_modules/.bin` beside each (where bun's `bunx` is linked).
 */
export function pathWith(binaries: readonly string[], path = process.env.PATH ?? ''): string {
  const folders = binaries.flatMap((binary) => {
    const folder = dirname(binary);
    return [folder, join(folder, '..', '..', '.bin')];
  });
  return [...folders, path].join(delimiter);
}
