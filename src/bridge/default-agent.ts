/**
 * The embedded default agent: the real pi from this project's dependencies, in RPC mode, offline,
 * in a throwaway HOME, loading the bundled demo extension. Node only. Shared by the `rpc-ui` CLI
 * and the tests.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm package of the pi agent. */
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

/** A command line ready for `AgentProcess`, with the cleanup of what it created. */
export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Remove the throwaway HOME (call it once the agent has exited). */
  readonly cleanup: () => void;
}

/** Raised when pi is not installed where Node's module resolution would find it. */
export class PiNotInstalledError extends Error {
  constructor() {
    super(
      `The default agent needs pi (${PI_PACKAGE}), which is not installed.\n` +
        `Install it with:  npm i -D ${PI_PACKAGE}\n` +
        'or run another RPC agent:  rpc-ui serve -- <command> [args...]',
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

/**
 * The default agent's command: Node running pi's CLI with {@link PI_RPC_FLAGS} and
 * `-e <demo extension>`, in a fresh temporary HOME with `PI_CODING_AGENT_DIR` inside it and
 * `PI_OFFLINE=1`, so no model, key, network or user configuration is involved.
 * @param extraArgs more pi arguments, appended
 * @throws PiNotInstalledError when pi cannot be found
 */
export function defaultAgentCommand(extraArgs: readonly string[] = []): AgentCommand {
  const cli = findPiCli();
  if (!cli) throw new PiNotInstalledError();
  const home = mkdtempSync(join(tmpdir(), 'rpc-ui-agent-'));
  return {
    command: process.execPath,
    args: [cli, ...PI_RPC_FLAGS, '-e', demoExtension, ...extraArgs],
    cwd: home,
    env: { ...process.env, HOME: home, PI_CODING_AGENT_DIR: join(home, 'agent'), PI_OFFLINE: '1' },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
