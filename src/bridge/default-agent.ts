/**
 * What the agents share: the package's root, the demo extension, pi's RPC flags, and pi 0.73.1
 * found in this project's dependencies. The agents by name are in `agents/catalog.ts`. Node only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm package of pi 0.73.1, the last under its old scope (a devDependency here). */
export const PI_PACKAGE = '@mariozechner/pi-coding-agent';

/** The repository (or installed package) root: two levels above this file. */
export const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The bundled demo extension (`/demo`, `/demo-<method>`, `/probe <json>`). */
export const demoExtension = join(packageRoot, 'examples', 'pi-extension', 'index.ts');

/** The flags that run pi in RPC mode with nothing of the user's own loaded and no network. */
export const PI_RPC_FLAGS: readonly string[] = [
  '--mode',
  'rpc',
  '--no-session',
  '--offline',
  '--no-extensions',
  '--no-skills',
  '--no-prompt-templates',
  '--no-themes',
  '--no-context-files',
];

/** Raised when pi 0.73.1 is not installed where Node's module resolution would find it. */
export class PiNotInstalledError extends Error {
  constructor() {
    super(
      `pi 0.73 (${PI_PACKAGE}) is not installed.\n` +
        `Install it with:  npm i -D ${PI_PACKAGE}\n` +
        'or run the current pi:  rpc-ui serve --agent pi',
    );
    this.name = 'PiNotInstalledError';
  }
}

/**
 * The path of pi's CLI script (its package.json `bin.pi`), looked up from `fromDir` through the
 * `node_modules` folders Node would search, or `undefined` when pi is not installed.
 * (The package's `exports` hide `package.json`, so `require.resolve` cannot name it directly.)
 */
export function findPiCli(fromDir: string = packageRoot): string | undefined {
  const require = createRequire(join(fromDir, 'noop.js'));
  for (const modules of require.resolve.paths(PI_PACKAGE) ?? []) {
    const dir = join(modules, ...PI_PACKAGE.split('/'));
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: unknown }).bin;
    const script = typeof bin === 'string' ? bin : (bin as Record<string, unknown> | undefined)?.pi;
    if (typeof script === 'string' && existsSync(join(dir, script))) return join(dir, script);
  }
  return undefined;
}
