import { atLeast } from './checks.js';
import { TransportError } from './errors.js';
import { encodeJson, type JsonlDecoder, pushMessage } from './jsonl.js';
import { type ReconnectOptions, ReconnectPolicy } from './reconnect.js';
import { BaseTransport, type OutboundMessage } from './transport.js';

/** The close event fields the transport reads. */
export interface WebSocketCloseLike {
  /** The close code (1000 normal, 1006 lost without a close frame, ...). */
  readonly code: number;
  /** The reason the peer gave, often empty. */
  readonly reason: string;
}

/**
 * The part of a WebSocket the transport uses. The browser's `WebSocket` and the `ws` package's
 * class both fit.
 */
export interface WebSocketLike {
  /** How binary messages arrive; the transport sets `'arraybuffer'`. */
  binaryType: string;
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Send one text message. */
  send(data: string): void;
  /** Close the connection. */
  close(code?: number, reason?: string): void;
  /** Listen for a message. */
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  /** Listen for the close. */
  addEventListener(type: 'close', listener: (event: WebSocketCloseLike) => void): void;
  /** Listen for the open or an error. */
  addEventListener(type: 'open' | 'error', listener: (event: unknown) => void): void;
  /** Stop listening for messages. */
  removeEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  /** Stop listening for the close. */
  removeEventListener(type: 'close', listener: (event: WebSocketCloseLike) => void): void;
  /** Stop listening for the open or errors. */
  removeEventListener(type: 'open' | 'error', listener: (event: unknown) => void): void;
}

/** A WebSocket class: `globalThis.WebSocket`, or `WebSocket` from the `ws` package in Node. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/** Options of a {@link WebSocketTransport}. */
export interface WebSocketTransportOptions {
  /** The server, e.g. `ws://127.0.0.1:8787/agent`. */
  readonly url: string | URL;
  /** Subprotocols to offer. */
  readonly protocols?: string | string[];
  /**
   * Reconnect when the connection is lost or cannot be made, with exponential backoff and
   * jitter (each delay is between half and all of the computed one); the count of retries starts
   * again after every successful open. `true` (the default) uses the default
   * {@link ReconnectOptions}; `false` closes the transport for good when the socket closes.
   */
  readonly reconnect?: boolean | ReconnectOptions;
  /** The WebSocket class (defaults to `globalThis.WebSocket`; in Node 20 pass the `ws` package's). */
  readonly WebSocket?: WebSocketConstructor;
  /** Longest line accepted, in bytes. */
  readonly maxLineBytes?: number;
  /** How many messages may wait for the connection (default 1000). */
  readonly outboxLimit?: number;
}

const OPEN = 1;
const CLOSED = 3;
const NORMAL_CLOSURE = 1000;

const CLOSE_CODES: Readonly<Record<number, string>> = {
  1001: 'the server is going away',
  1002: 'protocol error',
  1003: 'unsupported data',
  1005: 'no close code given',
  1006: 'connection lost without a close frame',
  1007: 'invalid message data',
  1008: 'policy violation',
  1009: 'message too big',
  1011: 'server error',
  1012: 'server restarting',
  1013: 'try again later',
  1015: 'TLS handshake failed',
};

const ignore = (): void => undefined;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The URL without credentials, query or fragment, which may hold secrets: for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/s, '');
  }
}

/**
 * A transport over one WebSocket: one JSON object per WebSocket message out; each message in
 * holds one JSON object or several `\n`-separated lines (text or binary). States:
 * `connecting` → `open` → (`reconnecting` → `open`)* → `closed`. A failed first connection is
 * retried in `connecting`. Messages sent before the socket is open wait in an outbox and go out
 * in order on open. A message handed to an open socket just before the connection drops can be
 * lost: WebSocket has no acknowledgements.
 */
export class WebSocketTransport extends BaseTransport {
  readonly #url: string;
  /** The URL as messages show it (see `shown`). */
  readonly #where: string;
  readonly #protocols: string | string[] | undefined;
  readonly #WebSocket: WebSocketConstructor;
  readonly #policy: ReconnectPolicy | undefined;
  readonly #outboxLimit: number;
  readonly #decoder: JsonlDecoder;
  #socket: WebSocketLike | undefined;
  #outbox: string[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastError: unknown;

  /**
   * Connect at once.
   * @throws TypeError when there is no WebSocket class, RangeError for a negative option, and
   * whatever the WebSocket constructor throws for a bad URL (a `SyntaxError` in browsers).
   */
  constructor(options: WebSocketTransportOptions) {
    super('connecting');
    const WebSocketClass =
      options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketClass) {
      throw new TypeError(
        'There is no global WebSocket here: pass one as the `WebSocket` option (in Node, the `ws` package’s class).',
      );
    }
    this.#WebSocket = WebSocketClass;
    this.#url = String(options.url);
    this.#where = shown(this.#url);
    this.#protocols = options.protocols;
    this.#policy = ReconnectPolicy.from(options.reconnect);
    this.#outboxLimit = atLeast(0, 'outboxLimit', options.outboxLimit ?? 1000);
    this.#decoder = this.createDecoder(options.maxLineBytes);
    this.#connect();
  }

  /** The URL it connects to, as given. */
  get url(): string {
    return this.#url;
  }

  /**
   * Send one message as one WebSocket text message. Before the socket is open (also while
   * reconnecting) the message waits in the outbox.
   * @throws TypeError for anything that is not a plain object; TransportError (`send-failed`)
   * when the transport is closed, or when the outbox is full (also emitted as `error`).
   */
  send(message: OutboundMessage): void {
    const text = encodeJson(message);
    this.assertOpen('WebSocket');
    const socket = this.#socket;
    if (this.state === 'open' && socket?.readyState === OPEN) {
      socket.send(text);
      return;
    }
    if (this.#outbox.length >= this.#outboxLimit) {
      const error = new TransportError(
        'send-failed',
        `The outbox is full (${this.#outboxLimit} messages waiting for the connection to ${this.#where}); the message was not sent.`,
      );
      this.fail(error);
      throw error;
    }
    this.#outbox.push(text);
  }

  /**
   * Close for good: the socket closes with code 1000, reconnecting stops, no timer or listener is
   * left. Messages still waiting in the outbox are dropped and reported as one `error`.
   */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const socket = this.#detach();
    if (socket && socket.readyState !== CLOSED) socket.close(NORMAL_CLOSURE, 'Closed by the client.');
    this.#finish('the transport was closed');
  }

  #connect(): void {
    const socket = new this.#WebSocket(this.#url, this.#protocols);
    socket.binaryType = 'arraybuffer';
    this.#listen(socket, 'addEventListener');
    this.#socket = socket;
    this.#lastError = undefined;
  }

  /** Add or remove the transport's four listeners. */
  #listen(socket: WebSocketLike, method: 'addEventListener' | 'removeEventListener'): void {
    socket[method]('open', this.#onOpen);
    socket[method]('message', this.#onMessage);
    socket[method]('error', this.#onError);
    socket[method]('close', this.#onClose);
  }

  /** Let go of the socket, if any, and return it: none of its events reach the transport. */
  #detach(): WebSocketLike | undefined {
    const socket = this.#socket;
    this.#socket = undefined;
    if (!socket) return undefined;
    this.#listen(socket, 'removeEventListener');
    if (socket.readyState === CLOSED) return socket;
    // Until it has closed, swallow its errors: the `ws` package throws an `error` event that
    // nobody listens for (closing while connecting). Nothing is left once it has closed.
    const closed = (): void => {
      socket.removeEventListener('error', ignore);
      socket.removeEventListener('close', closed);
    };
    socket.addEventListener('error', ignore);
    socket.addEventListener('close', closed);
    return socket;
  }

  #onOpen = (): void => {
    const socket = this.#socket;
    if (!socket) return;
    this.#policy?.reset();
    // Flush before announcing `open`, so a message sent from a state listener stays behind these.
    const queued = this.#outbox;
    this.#outbox = [];
    for (const text of queued) socket.send(text);
    this.setState('open');
  };

  #onMessage = (event: { readonly data: unknown }): void => {
    if (pushMessage(this.#decoder, event.data)) return;
    const kind = Object.prototype.toString.call(event.data).slice(8, -1);
    this.fail(
      new TransportError('connection', `A WebSocket message of an unsupported kind (${kind}) was ignored.`),
    );
  };

  #onError = (event: unknown): void => {
    // Always followed by `close`, which reports it; `ws` gives a message, browsers none.
    this.#lastError = event;
  };

  #onClose = (event: WebSocketCloseLike): void => {
    this.#detach();
    const policy = this.#policy;
    const giveUp = !policy || policy.exhausted;
    const delay = giveUp ? 0 : policy.delay();
    if (event.code !== NORMAL_CLOSURE || (policy && giveUp)) {
      const next = policy ? policy.describeNext(delay) : 'The transport is closed.';
      this.fail(
        new TransportError('connection', `${this.#describe(event)} ${next}`, { cause: this.#lastError }),
      );
    }
    if (this.state === 'closed') return; // closed by an error listener
    if (giveUp) {
      this.#finish('the connection closed');
      return;
    }
    policy.count();
    // The timer first: a state listener may call close(), which must find and clear it.
    this.#timer = setTimeout(this.#retry, delay);
    if (this.state === 'open') this.setState('reconnecting');
  };

  #retry = (): void => {
    this.#timer = undefined;
    try {
      this.#connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.fail(
        new TransportError('connection', `Could not reconnect to ${this.#where}: ${reason}`, {
          cause: error,
        }),
      );
      this.#finish('reconnecting failed');
    }
  };

  #describe(event: WebSocketCloseLike): string {
    const meaning = CLOSE_CODES[event.code];
    const code = `close code ${event.code}${meaning ? `: ${meaning}` : ''}`;
    const reason = event.reason ? `, reason "${event.reason}"` : '';
    const detail = (this.#lastError as { message?: unknown } | undefined)?.message;
    const cause = typeof detail === 'string' && detail ? ` ${detail}.` : '';
    // Still `open` until the close is handled: the socket had connected.
    const what =
      this.state === 'open'
        ? `The WebSocket connection to ${this.#where} closed${event.code === NORMAL_CLOSURE ? '' : ' abnormally'}`
        : `Could not connect to ${this.#where}`;
    return `${what} (${code}${reason}).${cause}`;
  }

  #finish(why: string): void {
    const dropped = this.#outbox.length;
    this.#outbox = [];
    if (dropped > 0) {
      this.fail(
        new TransportError(
          'send-failed',
          `${plural(dropped, 'message', 'messages')} waiting for the connection to ${this.#where} ${dropped === 1 ? 'was' : 'were'} not sent: ${why}.`,
        ),
      );
    }
    this.setState('closed');
  }
}
