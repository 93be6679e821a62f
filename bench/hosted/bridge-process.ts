/**
 * The parent's side of bench/hosted/bridge.ts: bundle it once (with `ws`, into the run's temporary
 * folder) so each session runs on plain `node`, as a built `rpc-ui serve` does; a loader such as
 * tsx would add its own thread and some 30 MB to every RSS. Then start, measure and stop sessions.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { readTally, type Tally } from './agent.js';
import type { SessionLine, SessionOptions } from './bridge.js';

const ENTRY = fileURLToPath(new URL('./bridge.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_MS = 15_000;
const STOP_MS = 10_000;

/** Bundle bench/hosted/bridge.ts into `dir`; resolves with the script's path. */
export async function bundleSession(dir: string): Promise<string> {
  await build({
    configFile: false,
    root: ROOT,
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: ENTRY,
      outDir: dir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: {
        external: [/^node:/, ...builtinModules],
        output: { format: 'es', entryFileNames: 'session.mjs' },
      },
    },
  });
  return join(dir, 'session.mjs');
}

/** Resident set size of a process now, in MB (10^6 bytes), from /proc (Linux). */
export function rssMb(pid: number): number {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kib === undefined) throw new Error(`/proc/${pid}/status gives no VmRSS.`);
  return (Number(kib) * 1024) / 1e6;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;
type Line<T extends SessionLine['type']> = Extract<SessionLine, { readonly type: T }>;
type Ready = Line<'ready'>;

/** One running session: a bridge process and its stand-in agent. */
export class SessionProcess {
  readonly port: number;
  readonly agentPid: number;
  readonly #child: Child;
  readonly #lines: AsyncIterator<string>;
  readonly #stderr: string[];

  private constructor(child: Child, lines: AsyncIterator<string>, stderr: string[], ready: Ready) {
    this.#child = child;
    this.#lines = lines;
    this.#stderr = stderr;
    this.port = ready.port;
    this.agentPid = ready.agentPid;
  }

  /** Start `script` (from {@link bundleSession}) with `options`; resolves once its bridge listens. */
  static async start(script: string, options: SessionOptions): Promise<SessionProcess> {
    const child = spawn(process.execPath, [script, JSON.stringify(options)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stderr: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    try {
      const ready = await nextLine(lines, READY_MS, 'ready');
      return new SessionProcess(child, lines, stderr, ready);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`A session did not start (${String(error)}); its stderr:\n${stderr.join('\n')}`, {
        cause: error,
      });
    }
  }

  /** The bridge process's RSS and the agent's, in MB. */
  rss(): { readonly bridge: number; readonly agent: number } {
    return { bridge: rssMb(this.#child.pid ?? 0), agent: rssMb(this.agentPid) };
  }

  /** Close the bridge (it ends the agent); resolves with what the agent counted. */
  async stop(): Promise<Tally> {
    this.#child.stdin.end();
    try {
      const closed = await nextLine(this.#lines, STOP_MS, 'closed');
      if (this.#child.exitCode === null) await once(this.#child, 'exit');
      return readTally(closed.stderr);
    } catch (error) {
      this.#child.kill('SIGKILL');
      throw new Error(`A session did not stop (${String(error)}); its stderr:\n${this.#stderr.join('\n')}`, {
        cause: error,
      });
    }
  }

  /** End it at once, when the bench failed (its agent ends with its stdin). */
  kill(): void {
    if (this.#child.exitCode === null) this.#child.kill('SIGKILL');
  }
}

/** The next line of `type`, within `ms`. */
async function nextLine<T extends SessionLine['type']>(
  lines: AsyncIterator<string>,
  ms: number,
  type: T,
): Promise<Line<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${type} line within ${ms} ms`)), ms);
  });
  try {
    for (;;) {
      const next = await Promise.race([lines.next(), timeout]);
      if (next.done === true) throw new Error(`the process exited before its ${type} line`);
      const line = JSON.parse(String(next.value)) as SessionLine;
      if (line.type === type) return line as Line<T>;
    }
  } finally {
    clearTimeout(timer);
  }
}
