/** A browser tab stand-in for bridge tests: a real `ws` client that records what it receives. */
import { WebSocket } from 'ws';

/** A message as received, with its raw text. */
export interface Received {
  readonly text: string;
  readonly value: Record<string, unknown>;
}

/** The result of one `/probe` call, as the demo extension reports it. */
export interface ProbeResult {
  readonly type: string;
  readonly value?: unknown;
  readonly elapsedMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `check` returns a value other than `undefined`. */
export async function until<T>(what: string, check: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

let probes = 0;

/** One connected tab. */
export class Tab {
  readonly received: Received[] = [];
  closeCode: number | undefined;
  closeReason = '';
  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data, isBinary) => {
      // The bridge only sends text frames; a binary one shows up as a message of its own type.
      const text = !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : '{"type":"(binary)"}';
      // An agent line that is not JSON is forwarded as written: kept with a value saying so.
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(text) as Record<string, unknown>;
      } catch {
        value = { type: '(not JSON)' };
      }
      this.received.push({ text, value });
    });
    socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
    });
  }

  /**
   * Connect to `ws://…/rpc` of the bridge at `base` (`http://host:port`, or the bridge's `url`,
   * whose `?token=` is given too), as a page of `origin` would (default: the bridge's own origin).
   * Rejects with the HTTP status when refused.
   */
  static open(base: string, options: { origin?: string; token?: string; path?: string } = {}): Promise<Tab> {
    const url = new URL(options.path ?? '/rpc', base.replace(/^http/, 'ws'));
    const token = options.token ?? new URL(base).searchParams.get('token') ?? undefined;
    if (token !== undefined) url.searchParams.set('token', token);
    const origin = options.origin ?? new URL(base).origin;
    const socket = new WebSocket(url, origin ? { origin } : {});
    const tab = new Tab(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(tab));
      socket.once('unexpected-response', (_req, res) => {
        reject(new Error(`refused: ${res.statusCode ?? '?'}`));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  /** The parsed messages so far. */
  get values(): Record<string, unknown>[] {
    return this.received.map((r) => r.value);
  }

  /** The first received message matching `predicate` (waits for it). */
  next(what: string, predicate: (value: Record<string, unknown>) => boolean): Promise<Received> {
    return until(what, () => this.received.find((r) => predicate(r.value)));
  }

  /** Wait for an extension UI request of `method` (and `title`, when given). */
  async request(method: string, title?: string): Promise<Record<string, unknown>> {
    const found = await this.next(`a ${method} request`, (v) => {
      return (
        v.type === 'extension_ui_request' && v.method === method && (title === undefined || v.title === title)
      );
    });
    return found.value;
  }

  /** Send an object as JSON, or a string as it is. */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Run `/probe` with these calls; resolves with what the extension received. */
  probe(calls: unknown[], timeoutMs?: number): Promise<ProbeResult[]> {
    return this.resultAfter(this.sendProbe(calls), timeoutMs);
  }

  /** Send `/probe` with these calls; returns the mark to read its result after. */
  sendProbe(calls: unknown[]): number {
    const mark = this.received.length;
    this.send({ type: 'prompt', id: `probe-${++probes}`, message: `/probe ${JSON.stringify(calls)}` });
    return mark;
  }

  /** The first probe result received after `mark` messages (waits for it). */
  async resultAfter(mark: number, timeoutMs?: number): Promise<ProbeResult[]> {
    const prefix = 'UI_PROBE_RESULT ';
    const found = await until(
      'the probe result',
      () =>
        this.received.slice(mark).find((r) => {
          const { method, message } = r.value;
          return method === 'notify' && typeof message === 'string' && message.startsWith(prefix);
        }),
      timeoutMs,
    );
    const body = JSON.parse(String(found.value.message).slice(prefix.length)) as { results: ProbeResult[] };
    return body.results;
  }

  /** Wait until the bridge has closed the connection. */
  closed(): Promise<number> {
    return until('the socket to close', () => this.closeCode);
  }

  close(): void {
    this.socket.close();
  }
}
