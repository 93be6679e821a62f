/**
 * Runs an agent command (for example `pi --mode rpc`) as a child process and exposes its stdio as
 * a {@link StreamTransport}. Node only. stderr is kept apart (never mixed into the protocol): its
 * lines go to `onStderr` listeners as they come, and the last ones are kept for error reports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { StreamTransport } from '../transport/streams.js';

/** How to start the agent. */
export interface AgentProcessOptions {
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Working directory. */
  readonly cwd?: string;
  /** Environment (defaults to this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** How many stderr lines to keep (default 50). */
  readonly stderrLines?: number;
  /** Longest stdout line accepted, in bytes (default: no cap). */
  readonly maxLineBytes?: number;
}

/** How the agent ended. */
export interface AgentExit {
  /** The exit code, or `null` when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A running agent process. */
export class AgentProcess {
  /** The agent's stdout (requests, events) and stdin (answers, commands) as a transport. */
  readonly transport: StreamTransport;
  /** Resolves when the process has exited. */
  readonly exited: Promise<AgentExit>;
  /**
   * Resolves once the process runs; rejects with the reason when it cannot start (no such
   * command, not executable).
   */
  readonly started: Promise<void>;
  readonly #child: ChildProcess;
  readonly #stderrListeners = new Set<(line: string) => void>();
  readonly #stderr: string[] = [];
  #partial = '';

  constructor(options: AgentProcessOptions) {
    const keep = options.stderrLines ?? 50;
    const child = spawn(options.command, options.args ?? [], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: a terminal's Ctrl+C goes to the bridge, which ends the agent by
      // closing its stdin. The agent still ends if the bridge dies (its stdin closes).
      detached: process.platform !== 'win32',
    });
    this.#child = child;
    const { stdin, stdout, stderr } = child;
    if (!stdin || !stdout || !stderr) throw new Error('The agent process has no stdio pipes.');
    // A write after the agent died must not crash the host: the transport reports it instead.
    stdin.on('error', () => undefined);
    stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (this.#partial + chunk).split('\n');
      this.#partial = lines.pop() ?? '';
      this.#stderr.push(...lines);
      if (this.#stderr.length > keep) this.#stderr.splice(0, this.#stderr.length - keep);
      for (const line of lines) for (const listener of this.#stderrListeners) listener(line);
    });
    this.started = new Promise((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error) => reject(error));
    });
    this.started.catch(() => undefined); // a caller that does not wait for it is told by `exited`
    this.exited = new Promise((resolve) => {
      child.once('error', () => resolve({ code: null, signal: null }));
      child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    this.transport = new StreamTransport({
      // Read as text: a long line (a get_messages answer of megabytes) is joined as a string, which
      // V8 frees whole, never copied into one large buffer of the C heap, whose freeing raises
      // glibc's mmap threshold and leaves the process larger at each such line.
      readable: Readable.toWeb(stdout.setEncoding('utf8')) as ReadableStream<string>,
      writable: Writable.toWeb(stdin) as WritableStream<Uint8Array>,
      maxLineBytes: options.maxLineBytes,
    });
  }

  /** The child process itself (to send it a signal, for example). */
  get child(): ChildProcess {
    return this.#child;
  }

  /**
   * Call `listener` with each line the agent writes on stderr from now on, after the kept lines
   * written so far (its startup warnings, say).
   * @returns the function that stops listening
   */
  onStderr(listener: (line: string) => void): () => void {
    for (const line of this.#stderr) listener(line);
    this.#stderrListeners.add(listener);
    return () => this.#stderrListeners.delete(listener);
  }

  /** The last lines the agent wrote on stderr (a partial last line included). */
  stderrTail(): string[] {
    return this.#partial ? [...this.#stderr, this.#partial] : [...this.#stderr];
  }

  /** End the agent now: SIGKILL to its process group (so what it started ends too), or to it alone. */
  kill(): void {
    const pid = this.#child.pid;
    if (pid !== undefined && process.platform !== 'win32') {
      try {
        process.kill(-pid, 'SIGKILL');
        return;
      } catch {
        // No such group any more: the child alone, if it is still there.
      }
    }
    this.#child.kill('SIGKILL');
  }

  /**
   * End the agent the way it expects: close its stdin, and keep reading its stdout until it has
   * exited (it may still be writing: a prompt's `response` comes last, and a pipe closed under it
   * would crash it with EPIPE). If it has not exited after `graceMs`, send SIGTERM, then SIGKILL
   * after as long again.
   */
  async stop(graceMs = 3000): Promise<AgentExit> {
    this.#child.stdin?.end();
    const escalate = setTimeout(() => {
      this.#child.kill('SIGTERM');
      setTimeout(() => this.#child.kill('SIGKILL'), graceMs).unref();
    }, graceMs);
    escalate.unref();
    const exit = await this.exited;
    clearTimeout(escalate);
    this.transport.close();
    return exit;
  }
}
