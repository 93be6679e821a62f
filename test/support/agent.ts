/** Spawns the real pi agent in RPC mode, offline, with the project's demo extension. Node only. */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { StreamTransport } from '../../src/transport/streams.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const piBin = join(root, 'node_modules', '.bin', 'pi');
export const demoExtension = join(root, 'examples', 'pi-extension', 'index.ts');

export interface RunningAgent {
  readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly transport: StreamTransport;
  /** Everything the agent wrote on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Close stdin (the agent exits) and clean up. */
  stop(): Promise<number | null>;
}

export function spawnAgent(extraArgs: readonly string[] = []): RunningAgent {
  const home = mkdtempSync(join(tmpdir(), 'rpc-ui-kit-agent-'));
  const args = [
    '--mode',
    'rpc',
    '--no-session',
    '--offline',
    '--no-extensions',
    '--no-skills',
    '--no-prompt-templates',
    '--no-themes',
    '--no-context-files',
    '-e',
    demoExtension,
    ...extraArgs,
  ];
  const child = spawn(piBin, args, {
    cwd: home,
    env: { ...process.env, HOME: home, PI_CODING_AGENT_DIR: join(home, 'agent'), PI_OFFLINE: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(home, { recursive: true, force: true }));
  const transport = new StreamTransport({
    readable: Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    writable: Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
  });
  return {
    child,
    transport,
    stderr: () => stderr,
    exited,
    stop: async () => {
      transport.close();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
