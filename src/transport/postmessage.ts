import { TransportError } from './errors.js';
import { InboundMessage } from './inbound.js';
import { encodeJson, isPlainObject, type JsonlDecoder, pushMessage } from './jsonl.js';
import { BaseTransport, type OutboundMessage } from './transport.js';

/**
 * Where messages go: a Window (an iframe's `contentWindow`, `parent`, `opener`), a MessagePort,
 * a Worker, or the object VS Code's `acquireVsCodeApi()` returns (the kit never calls that).
 */
export interface PostMessageTarget {
  /** Post one message. */
  postMessage(message: unknown, ...rest: never[]): void;
}

/** The message event fields the transport reads. */
export interface MessageEventLike {
  /** The message. */
  readonly data: unknown;
  /** The sender's origin: set for messages to a window, empty on a MessagePort or Worker. */
  readonly origin?: string;
  /** The sending window, on a window. */
  readonly source?: unknown;
}

/**
 * Where messages arrive: a Window, MessagePort, Worker or any EventTarget. Listeners get events
 * with the fields of {@link MessageEventLike}.
 */
export interface PostMessageSource {
  /** Listen for messages. */
  addEventListener(type: 'message', listener: (event: object) => void): void;
  /** Stop listening. */
  removeEventListener(type: 'message', listener: (event: object) => void): void;
}

/** Options of a {@link PostMessageTransport}. */
export interface PostMessageTransportOptions {
  /** Where messages go. */
  readonly target: PostMessageTarget;
  /**
   * Where messages arrive. Defaults to the target when it is not a Window and can listen
   * (MessagePort, Worker); otherwise to `globalThis`, the window where a parent frame, an iframe
   * or VS Code delivers messages. A MessagePort source is started.
   */
  readonly source?: PostMessageSource;
  /** The `targetOrigin` for a Window target (default `'/'`: this page's own origin). */
  readonly targetOrigin?: string;
  /**
   * Origins accepted on a window (default: only this page's own origin, `location.origin`), or
   * `'*'` for any. Messages from other origins are dropped and reported as an `origin` error.
   * Checked for every message on a Window source and for every message that carries an origin.
   */
  readonly allowedOrigins?: readonly string[] | '*';
  /** Post each message as the plain object (`'object'`, the default) or as its JSON text. */
  readonly serialize?: 'object' | 'json';
  /** Longest line accepted in a text or binary message, in bytes. */
  readonly maxLineBytes?: number;
}

interface WindowLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Whether `value` is a window (of any frame, even cross-origin): a window is its own `window`. */
function isWindow(value: unknown): value is WindowLike {
  if (value === null || typeof value !== 'object') return false;
  try {
    return (value as { window?: unknown }).window === value;
  } catch {
    return false;
  }
}

function canListen(value: unknown): value is PostMessageSource {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { addEventListener?: unknown }).addEventListener === 'function' &&
    typeof (value as { removeEventListener?: unknown }).removeEventListener === 'function'
  );
}

function defaultSource(target: PostMessageTarget): PostMessageSource {
  if (!isWindow(target) && canListen(target)) return target;
  const global: unknown = globalThis;
  if (canListen(global)) return global;
  throw new TypeError('There is no window to receive messages on here: pass a `source`.');
}

/**
 * A transport over `postMessage`, for IDE webviews, iframes, workers and MessageChannels. Each
 * message in is a plain object, a JSON text (several `\n`-separated lines allowed) or UTF-8
 * bytes (an ArrayBuffer or a typed array); other values are not protocol messages and are
 * ignored. When the target is a Window, messages from any other window are ignored too. The
 * state is `open` at once and `closed` after `close()`.
 */
export class PostMessageTransport extends BaseTransport {
  readonly #target: PostMessageTarget;
  /** The target when it is a window: posted to with `targetOrigin`, the only sender accepted. */
  readonly #window: WindowLike | undefined;
  readonly #source: PostMessageSource;
  readonly #targetOrigin: string;
  readonly #allowed: readonly string[] | '*';
  readonly #json: boolean;
  readonly #sourceIsWindow: boolean;
  readonly #decoder: JsonlDecoder;

  /** Start listening at once. @throws TypeError when there is no source to listen on. */
  constructor(options: PostMessageTransportOptions) {
    super('open');
    const target = options.target;
    this.#target = target;
    this.#window = isWindow(target) ? target : undefined;
    this.#source = options.source ?? defaultSource(target);
    this.#sourceIsWindow = isWindow(this.#source);
    this.#targetOrigin = options.targetOrigin ?? '/';
    const own = (globalThis as { location?: { origin?: string } }).location?.origin;
    this.#allowed = options.allowedOrigins ?? (own ? [own] : []);
    this.#json = options.serialize === 'json';
    this.#decoder = this.createDecoder(options.maxLineBytes);
    this.#source.addEventListener('message', this.#onMessage);
    if (typeof MessagePort !== 'undefined' && this.#source instanceof MessagePort) this.#source.start();
  }

  /**
   * Post one message: the plain object, or its JSON text with `serialize: 'json'`.
   * @throws TypeError for anything that is not a plain object; TransportError (`send-failed`)
   * when the transport is closed or `postMessage` throws (e.g. a value that cannot be cloned).
   */
  send(message: OutboundMessage): void {
    // encodeJson throws the same TypeError as every other transport for a non-plain object.
    const data = this.#json || !isPlainObject(message) ? encodeJson(message) : message;
    this.assertOpen('postMessage');
    try {
      if (this.#window) this.#window.postMessage(data, this.#targetOrigin);
      else this.#target.postMessage(data);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TransportError('send-failed', `The message could not be posted: ${reason}`, { cause: error });
    }
  }

  /** Stop listening and close for good. The target and source themselves stay as they are. */
  close(): void {
    this.#source.removeEventListener('message', this.#onMessage);
    this.setState('closed');
  }

  #onMessage = (received: object): void => {
    const event = received as MessageEventLike;
    const origin = event.origin ?? '';
    const allowed = this.#allowed;
    if ((this.#sourceIsWindow || origin !== '') && allowed !== '*' && !allowed.includes(origin)) {
      const list = allowed.length > 0 ? allowed.join(', ') : 'none';
      const message = `A message from the origin "${origin}" was dropped: it is not in allowedOrigins (${list}).`;
      this.fail(new TransportError('origin', message));
      return;
    }
    if (this.#window && event.source !== this.#window) return;
    if (!pushMessage(this.#decoder, event.data) && isPlainObject(event.data))
      this.receive(InboundMessage.fromValue(event.data));
  };
}
