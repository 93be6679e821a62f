import { isRecord } from '../shared/is-record.js';
import { TransportError } from './errors.js';
import { InboundMessage } from './inbound.js';

const LF = 0x0a;
const CR = 0x0d;
const encoder = new TextEncoder();

// Node's Buffer#indexOf scans bytes with memchr, about 8x faster than Uint8Array#indexOf on
// Node 20; it accepts any Uint8Array as `this`. Browsers keep the standard method.
type ByteIndexOf = (this: Uint8Array, value: number, from: number) => number;
const nodeBuffer = (globalThis as { Buffer?: { prototype: { indexOf: ByteIndexOf } } }).Buffer;
const indexOfByte: ByteIndexOf = nodeBuffer?.prototype.indexOf ?? Uint8Array.prototype.indexOf;

/** Options of a {@link JsonlDecoder}. */
export interface JsonlDecoderOptions {
  /** Called with every non-empty line, without its `\n` or a trailing `\r`. */
  readonly onMessage: (message: InboundMessage) => void;
  /** Called when a line is longer than `maxLineBytes`; the line is skipped, the stream goes on. */
  readonly onError?: (error: TransportError) => void;
  /** Longest line accepted, in bytes (UTF-16 code units for text chunks). No cap when omitted. */
  readonly maxLineBytes?: number;
}

/**
 * A line that arrives a few bytes at a time must not hold one object per chunk: once this many
 * small pieces (under {@link SMALL_PIECE}) follow each other, they are copied into one.
 */
const SMALL_RUN = 32;
const SMALL_PIECE = 1024;

/**
 * Whether a line is empty or JSON whitespace but `\n` (space, tab, CR) only: skipped, as text or as
 * bytes. A JSON line stops the scan at its first character.
 */
function isBlank(line: string | Uint8Array): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = typeof line === 'string' ? line.charCodeAt(i) : line[i];
    if (code !== 0x20 && code !== 0x09 && code !== CR) return false;
  }
  return true;
}

/** A line without its leading byte order mark, as TextDecoder gives it on the bytes path. */
function withoutBom(line: string): string {
  return line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}

/**
 * Splits a byte or text stream into JSON lines: on `\n` only (never on U+2028/U+2029), one
 * trailing `\r` stripped, blank lines skipped, a leading byte order mark dropped (from text here,
 * from bytes when decoded). Bytes are split before decoding, so a character split across chunks
 * survives; a line mixing text and byte chunks is read as UTF-8 bytes. Call `end()` at the end of the stream to flush a last line
 * without `\n`. Work per chunk is linear in its size, whatever the line length.
 */
export class JsonlDecoder {
  readonly #options: JsonlDecoderOptions;
  readonly #max: number;
  #parts: (Uint8Array | string)[] = [];
  /** Where the trailing run of small pieces starts in `#parts`. */
  #run = 0;
  #pending = 0;
  #skipping = false;

  constructor(options: JsonlDecoderOptions) {
    this.#options = options;
    this.#max = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Feed one chunk: bytes or text. */
  push(chunk: Uint8Array | string): void {
    const isText = typeof chunk === 'string';
    let start = 0;
    for (;;) {
      const end = isText ? chunk.indexOf('\n', start) : indexOfByte.call(chunk, LF, start);
      if (end < 0) break;
      this.#take(chunk, start, end);
      this.#flush();
      start = end + 1;
    }
    if (start < chunk.length) this.#take(chunk, start, chunk.length);
  }

  /** End of stream: emit a last line that had no `\n`. */
  end(): void {
    this.#flush();
  }

  #take(chunk: Uint8Array | string, start: number, end: number): void {
    if (this.#skipping || start === end) return;
    let piece = typeof chunk === 'string' ? chunk.slice(start, end) : chunk.subarray(start, end);
    const held = this.#parts;
    if (held.length > 0 && typeof piece !== typeof held[0]) {
      // A line of text and bytes is read as UTF-8 bytes.
      if (typeof piece === 'string') piece = encoder.encode(piece);
      else {
        this.#parts = [encoder.encode(held.join(''))];
        this.#run = 0;
      }
    }
    const length = piece.length;
    // One byte more than the cap may be the line's `\r`, which does not count: #flush decides.
    if (this.#pending + length > this.#max + 1) {
      this.#skip(this.#pending + length);
      this.#skipping = true;
      return;
    }
    const parts = this.#parts;
    parts.push(piece);
    this.#pending += length;
    if (length >= SMALL_PIECE) this.#run = parts.length;
    else if (parts.length - this.#run >= SMALL_RUN) this.#mergeRun();
  }

  /** Copy the trailing run of small pieces into one piece (which stays in the run while small). */
  #mergeRun(): void {
    const run = this.#parts.splice(this.#run);
    const first = run[0] as Uint8Array | string;
    const merged = typeof first === 'string' ? run.join('') : concat(run as Uint8Array[]);
    this.#parts.push(merged);
    if (merged.length >= SMALL_PIECE) this.#run = this.#parts.length;
  }

  /** Drop the line read so far and report it as too long. */
  #skip(size: number): void {
    this.#clear();
    const message = `A line of more than ${this.#max} bytes (${size} so far) was skipped.`;
    this.#options.onError?.(new TransportError('line-too-long', message));
  }

  /** Forget the line read so far. */
  #clear(): void {
    this.#parts = [];
    this.#run = 0;
    this.#pending = 0;
  }

  #flush(): void {
    const parts = this.#parts;
    this.#skipping = false;
    if (parts.length === 0) return;
    const size = this.#pending;
    this.#clear();
    const first = parts[0] as Uint8Array | string;
    if (typeof first === 'string') {
      let line = parts.length === 1 ? first : parts.join('');
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.length > this.#max) this.#skip(size);
      else if (!isBlank(line)) this.#options.onMessage(InboundMessage.fromText(withoutBom(line)));
      return;
    }
    let line = parts.length === 1 ? first : concat(parts as Uint8Array[]);
    if (line[line.length - 1] === CR) line = line.subarray(0, -1);
    if (line.length > this.#max) this.#skip(size);
    else if (!isBlank(line)) this.#options.onMessage(InboundMessage.fromBytes(line));
  }
}

/**
 * Feed one whole message of a WebSocket or postMessage, as text or as UTF-8 bytes (an ArrayBuffer
 * or a typed array), and flush its last line. Returns `false`, feeding nothing, for any other value.
 */
export function pushMessage(decoder: JsonlDecoder, data: unknown): boolean {
  if (typeof data === 'string') decoder.push(data);
  else if (data instanceof ArrayBuffer) decoder.push(new Uint8Array(data));
  else if (ArrayBuffer.isView(data))
    decoder.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  else return false;
  decoder.end();
  return true;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Whether `value` is a plain JSON object (not null, not an array, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Serialise one message as exactly one JSONL line (with `\n`). U+2028 and U+2029 are escaped,
 * so peers whose line readers split on them still see one line.
 * @throws TypeError for anything that is not a plain object: `null`, arrays and primitives would
 * crash or confuse the agent.
 */
export function encodeLine(message: unknown): string {
  return `${encodeJson(message)}\n`;
}

/** Serialise one message as JSON text without the newline, with the checks of {@link encodeLine}. */
export function encodeJson(message: unknown): string {
  if (!isPlainObject(message)) {
    const kind = message === null ? 'null' : Array.isArray(message) ? 'an array' : typeof message;
    throw new TypeError(`Only plain JSON objects can be sent to the agent, not ${kind}.`);
  }
  return JSON.stringify(message).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}
