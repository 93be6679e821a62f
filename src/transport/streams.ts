import { TransportError } from './errors.js';
import { encodeLine, type JsonlDecoder } from './jsonl.js';
import { BaseTransport, type OutboundMessage } from './transport.js';

/** Options of a {@link StreamTransport}. */
export interface StreamTransportOptions {
  /** The agent's output: bytes (UTF-8 JSONL) or text chunks, e.g. a fetch body or a child's stdout. */
  readonly readable: ReadableStream<Uint8Array | string>;
  /** The agent's input, e.g. a child's stdin. Without it the transport only reads. */
  readonly writable?: WritableStream<Uint8Array> | WritableStream<string>;
  /** Write text chunks instead of UTF-8 bytes (for a `WritableStream<string>`). */
  readonly writeText?: boolean;
  /** Longest line accepted, in bytes. */
  readonly maxLineBytes?: number;
}

const encoder = new TextEncoder();

/**
 * A transport over WHATWG streams: JSONL in, JSONL out. Works with fetch bodies, Node's child
 * process stdio (`Readable.toWeb`, `Writable.toWeb`) and any byte or text stream.
 * The state is `open` until the readable ends (`closed`).
 */
export class StreamTransport extends BaseTransport {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array | string>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array | string> | undefined;
  readonly #writeText: boolean;
  readonly #decoder: JsonlDecoder;
  /** Resolves when the readable has ended and its last line was delivered. */
  readonly done: Promise<void>;

  constructor(options: StreamTransportOptions) {
    super('open');
    this.#reader = options.readable.getReader();
    this.#writer = options.writable?.getWriter();
    this.#writeText = options.writeText ?? false;
    this.#decoder = this.createDecoder(options.maxLineBytes);
    this.done = this.#pump();
  }

  async #pump(): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await this.#reader.read();
        if (done) break;
        this.#decoder.push(value);
      }
      this.#decoder.end();
    } catch (error) {
      if (this.state !== 'closed')
        this.fail(new TransportError('connection', 'The input stream failed.', { cause: error }));
    }
    this.setState('closed');
  }

  send(message: OutboundMessage): void {
    const line = encodeLine(message);
    const writer = this.#writer;
    if (!writer) throw new TransportError('send-failed', 'This stream transport only reads.');
    this.assertOpen('stream');
    writer.write(this.#writeText ? line : encoder.encode(line)).catch((error: unknown) => {
      this.fail(new TransportError('send-failed', 'Writing to the output stream failed.', { cause: error }));
    });
  }

  /** Stop reading and close the output (for a child process: its stdin, which ends the agent). */
  close(): void {
    if (this.state === 'closed') return;
    this.setState('closed');
    this.#reader.cancel().catch(() => undefined);
    this.#writer?.close().catch(() => undefined);
  }
}
