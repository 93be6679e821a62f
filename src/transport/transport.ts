import { Emitter } from '../shared/emitter.js';
import { TransportError } from './errors.js';
import type { InboundMessage } from './inbound.js';
import { JsonlDecoder } from './jsonl.js';

/**
 * Where a connection stands. `reconnecting` keeps what is pending; `closed` is final.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A message to send: one plain JSON object (a response, or a host command such as `prompt`). */
export type OutboundMessage = { readonly type: string; readonly [key: string]: unknown };

/** Events every transport emits. */
export interface TransportEvents {
  /** One message from the agent, lazily decoded. */
  message: InboundMessage;
  /** The connection state changed. */
  state: ConnectionState;
  /** Something went wrong; the transport goes on when it can. */
  error: TransportError;
}

/**
 * A bidirectional channel to an agent: send one object, receive messages, know the state, close.
 * Adapters exist for WebSocket, postMessage, WHATWG streams and memory.
 */
export interface Transport {
  /** The current connection state. */
  readonly state: ConnectionState;
  /**
   * Send one message. Throws a `TypeError` for anything that is not a plain object, and a
   * `TransportError` (`send-failed`) when the transport is closed for good.
   */
  send(message: OutboundMessage): void;
  /** Listen for an event; returns the function that stops listening. */
  on<K extends keyof TransportEvents>(type: K, listener: (event: TransportEvents[K]) => void): () => void;
  /** Close the transport for good. */
  close(): void;
}

/** Shared state handling for the adapters. */
export abstract class BaseTransport implements Transport {
  protected readonly events = new Emitter<TransportEvents>();
  #state: ConnectionState;

  protected constructor(initial: ConnectionState) {
    this.#state = initial;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  on<K extends keyof TransportEvents>(type: K, listener: (event: TransportEvents[K]) => void): () => void {
    return this.events.on(type, listener);
  }

  abstract send(message: OutboundMessage): void;
  abstract close(): void;

  /** Move to `state` and tell listeners, once per change. */
  protected setState(state: ConnectionState): void {
    if (this.#state === state || this.#state === 'closed') return;
    this.#state = state;
    this.events.emit('state', state);
  }

  /** Deliver one message; none once closed (a listener may close in the middle of a chunk's lines). */
  protected receive = (message: InboundMessage): void => {
    if (this.#state !== 'closed') this.events.emit('message', message);
  };

  protected fail = (error: TransportError): void => {
    this.events.emit('error', error);
  };

  /** A decoder of JSON lines that hands each line to `receive` and reports a line over `maxLineBytes` as an `error`. */
  protected createDecoder(maxLineBytes?: number): JsonlDecoder {
    return new JsonlDecoder({ onMessage: this.receive, onError: this.fail, maxLineBytes });
  }

  /**
   * For `send`: once closed for good, throw a `send-failed` TransportError.
   * @param name the transport's name for the message, e.g. `WebSocket`
   */
  protected assertOpen(name: string): void {
    if (this.#state === 'closed') throw new TransportError('send-failed', `The ${name} transport is closed.`);
  }
}
