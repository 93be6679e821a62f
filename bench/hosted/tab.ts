/**
 * A tab of the hosted bench: a `ws` client that connects through the proxy as a page of the public
 * origin would (its `Origin`, the session's token as a Bearer header, TLS checked against the
 * run's certificate) and answers every select it sees at once. The tabs of a session all race;
 * the bridge passes the first answer on and drops the others.
 */
import { WebSocket } from 'ws';

/** Where and how a tab connects. */
export interface TabOptions {
  /** `wss://localhost:<port>/sessions/s<N>/rpc` */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  /** The certificate nginx serves, to trust it alone. */
  readonly ca: Buffer;
}

const OPEN_MS = 10_000;

export class AnsweringTab {
  /** Answers this tab sent. */
  answersSent = 0;
  /** Dialogs another tab answered first, as the bridge said (`rpc_ui_dialog_closed`). */
  closedByOthers = 0;
  /** What went against the protocol: a first message other than `rpc_ui_hello`, a line not JSON. */
  readonly problems: string[] = [];
  readonly #socket: WebSocket;
  #messages = 0;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (data, isBinary) =>
      this.#read(!isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : ''),
    );
    // The bridge closes its tabs when it stops; nothing to report then.
    socket.on('error', () => undefined);
  }

  /** Connect; resolves once the bridge's `rpc_ui_hello` has come. */
  static open(options: TabOptions): Promise<AnsweringTab> {
    const socket = new WebSocket(options.url, {
      headers: { Origin: options.origin, Authorization: `Bearer ${options.token}` },
      ca: options.ca,
    });
    const tab = new AnsweringTab(socket);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${options.url}: no rpc_ui_hello`)), OPEN_MS);
      socket.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`${options.url} refused the tab: ${res.statusCode ?? '?'}`));
        socket.terminate();
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.once('message', () => {
        clearTimeout(timer);
        resolve(tab);
      });
    });
  }

  /** Send a command to the agent (as a page would). */
  send(message: { readonly type: string }): void {
    this.#socket.send(JSON.stringify(message));
  }

  close(): void {
    this.#socket.terminate();
  }

  #read(text: string): void {
    let value: { type?: unknown; id?: unknown; method?: unknown };
    try {
      value = JSON.parse(text) as typeof value;
    } catch {
      this.problems.push(`not JSON: ${text.slice(0, 80)}`);
      return;
    }
    if (this.#messages++ === 0 && value.type !== 'rpc_ui_hello')
      this.problems.push(`first message ${String(value.type)}, not rpc_ui_hello`);
    if (value.type === 'rpc_ui_dialog_closed') this.closedByOthers++;
    if (value.type !== 'extension_ui_request' || value.method !== 'select' || typeof value.id !== 'string')
      return;
    this.#socket.send(JSON.stringify({ type: 'extension_ui_response', id: value.id, value: 'a' }));
    this.answersSent++;
  }
}
