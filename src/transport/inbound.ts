const decoder = new TextDecoder();
const PREFIX = '{"type":"';
const PREFIX_BYTES = [0x7b, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3a, 0x22];
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const UNREAD = Symbol('unread');

/** The result of parsing an inbound line as JSON. */
export type JsonParseResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/**
 * One message from the agent: a JSONL line (bytes or text) or an already-structured value
 * (postMessage). Everything is lazy: the `type` is read from the line's first bytes when it starts
 * the usual way (`{"type":"...`), and the line is decoded and parsed only when somebody asks.
 */
export class InboundMessage {
  #bytes: Uint8Array | undefined;
  #text: string | undefined;
  #value: unknown = UNREAD;
  #error: string | undefined;
  #type: string | undefined | typeof UNREAD = UNREAD;

  private constructor(bytes: Uint8Array | undefined, text: string | undefined, value: unknown) {
    this.#bytes = bytes;
    this.#text = text;
    this.#value = value;
  }

  /** A line as UTF-8 bytes, without its `\n`. */
  static fromBytes(bytes: Uint8Array): InboundMessage {
    return new InboundMessage(bytes, undefined, UNREAD);
  }

  /** A line as text, without its `\n`. */
  static fromText(text: string): InboundMessage {
    return new InboundMessage(undefined, text, UNREAD);
  }

  /** A value that arrived already structured (for example through `postMessage`). */
  static fromValue(value: unknown): InboundMessage {
    return new InboundMessage(undefined, undefined, value);
  }

  /** The line as text (a structured value is serialised). */
  get text(): string {
    if (this.#text === undefined) {
      if (this.#bytes) this.#text = decoder.decode(this.#bytes);
      else this.#text = JSON.stringify(this.#value) ?? String(this.#value);
    }
    return this.#text;
  }

  /** The line's size in bytes when it arrived as bytes, else in UTF-16 code units. */
  get size(): number {
    return this.#bytes ? this.#bytes.length : this.text.length;
  }

  /**
   * The top-level `type` field, or `undefined` when the message has none or is not JSON.
   * Read cheaply from the first bytes when possible, else by a full parse.
   */
  get type(): string | undefined {
    if (this.#type === UNREAD) this.#type = this.#peekType() ?? this.#parsedType();
    return this.#type;
  }

  /** Parse the message as JSON once; later calls return the same result. */
  parse(): JsonParseResult {
    if (this.#value === UNREAD && this.#error === undefined) {
      try {
        this.#value = JSON.parse(this.text) as unknown;
      } catch (error) {
        this.#error = error instanceof Error ? error.message : String(error);
      }
    }
    return this.#error === undefined ? { ok: true, value: this.#value } : { ok: false, error: this.#error };
  }

  /** The parsed value, or `undefined` when the line is not valid JSON. */
  get value(): unknown {
    const result = this.parse();
    return result.ok ? result.value : undefined;
  }

  #peekType(): string | undefined {
    const bytes = this.#bytes;
    if (bytes) {
      if (bytes.length < 11) return undefined;
      for (let i = 0; i < 9; i++) if (bytes[i] !== PREFIX_BYTES[i]) return undefined;
      let end = 9;
      for (; end < bytes.length && end < 80; end++) {
        const byte = bytes[end] as number;
        if (byte === QUOTE) break;
        if (byte === BACKSLASH || byte > 0x7e) return undefined;
      }
      if (bytes[end] !== QUOTE) return undefined;
      return String.fromCharCode(...bytes.subarray(9, end));
    }
    const text = this.#text;
    if (text === undefined || !text.startsWith(PREFIX)) return undefined;
    const end = text.indexOf('"', 9);
    if (end < 0 || end > 80) return undefined;
    const type = text.slice(9, end);
    return type.includes('\\') ? undefined : type;
  }

  #parsedType(): string | undefined {
    const value = this.value;
    if (value === null || typeof value !== 'object') return undefined;
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? type : undefined;
  }
}
