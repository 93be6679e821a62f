import { Emitter } from '../shared/emitter.js';
import { TransportError } from './errors.js';
import { encodeLine, type JsonlDecoder } from './jsonl.js';
import { BaseTransport, type OutboundMessage } from './transport.js';

/** Events of the agent side of an in-memory transport. */
export interface MemoryPeerEvents {
  /** A line the client sent, as the agent would read it on stdin (with its `\n`). */
  line: string;
}

/**
 * The agent side of an in-memory transport: write raw JSONL (byte-exact, for replays) and see
 * every line the client sends. For tests, stories and demos.
 */
export class MemoryPeer {
  readonly #events = new Emitter<MemoryPeerEvents>();
  readonly #decoder: JsonlDecoder;
  readonly #transport: MemoryTransport;
  /** Every line the client sent, in order, with its `\n`. */
  readonly received: string[] = [];

  /** @internal */
  constructor(transport: MemoryTransport, decoder: JsonlDecoder) {
    this.#transport = transport;
    this.#decoder = decoder;
  }

  /** Write raw JSONL text or bytes as the agent's stdout would. Chunks may split lines anywhere. */
  write(chunk: string | Uint8Array): void {
    if (this.#transport.state === 'closed')
      throw new TransportError('send-failed', 'The memory transport is closed.');
    this.#decoder.push(chunk);
  }

  /** Write one object as a JSONL line. */
  writeMessage(message: object): void {
    this.write(encodeLine(message));
  }

  /** End the agent's output: a last line without `\n` is flushed, then the transport closes. */
  end(): void {
    this.#decoder.end();
    this.#transport.close();
  }

  /** Listen for lines the client sends. */
  on<K extends keyof MemoryPeerEvents>(type: K, listener: (event: MemoryPeerEvents[K]) => void): () => void {
    return this.#events.on(type, listener);
  }

  /** @internal */
  deliver(line: string): void {
    this.received.push(line);
    this.#events.emit('line', line);
  }
}

/** Options of {@link createMemoryTransport}. */
export interface MemoryTransportOptions {
  /** Longest line accepted from the peer, in bytes. */
  readonly maxLineBytes?: number;
}

/** The client side of an in-memory transport. Delivery is synchronous both ways. */
export class MemoryTransport extends BaseTransport {
  /** The agent side. */
  readonly peer: MemoryPeer;

  constructor(options: MemoryTransportOptions = {}) {
    super('open');
    this.peer = new MemoryPeer(this, this.createDecoder(options.maxLineBytes));
  }

  send(message: OutboundMessage): void {
    const line = encodeLine(message);
    this.assertOpen('memory');
    this.peer.deliver(line);
  }

  close(): void {
    this.setState('closed');
  }
}

/** Create a connected in-memory pair: `transport` for the client, `peer` for the agent side. */
export function createMemoryTransport(options?: MemoryTransportOptions): {
  transport: MemoryTransport;
  peer: MemoryPeer;
} {
  const transport = new MemoryTransport(options);
  return { transport, peer: transport.peer };
}
