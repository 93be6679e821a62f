const decoder = new TextDecoder();
const UNREAD = Symbol('unread');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const TYPE_KEY = [...'"type":"'].map((c) => c.charCodeAt(0));
const ID_KEY = [...'"id":'].map((c) => c.charCodeAt(0));
const MAX_PEEK = 128;

function matchAt(at: (i: number) => number, offset: number, expected: readonly number[]): boolean {
  for (let i = 0; i < expected.length; i++) if (at(offset + i) !== expected[i]) return false;
  return true;
}

/**
 * Read the top-level `type` from the first characters of a compact JSON line: `{"type":"…"` or,
 * as the agent writes command responses, `{"id":<string or number>,"type":"…"`. Anything else
 * (spaces, escapes, other key orders) returns `undefined` and the caller parses in full.
 */
function peekType(length: number, at: (i: number) => number): string | undefined {
  if (at(0) !== 0x7b) return undefined;
  let i = 1;
  if (matchAt(at, i, ID_KEY)) {
    i += ID_KEY.length;
    if (at(i) === QUOTE) {
      for (i++; i < MAX_PEEK && at(i) !== QUOTE; i++) if (at(i) === BACKSLASH || at(i) < 0) return undefined;
      i++;
    } else {
      while (i < MAX_PEEK && ((at(i) >= 0x30 && at(i) <= 0x39) || at(i) === 0x2d)) i++;
    }
    if (at(i) !== COMMA) return undefined;
    i++;
  }
  if (!matchAt(at, i, TYPE_KEY)) return undefined;
  let type = '';
  for (i += TYPE_KEY.length; i < length && i < MAX_PEEK; i++) {
    const code = at(i);
    if (code === QUOTE) return type;
    if (code === BACKSLASH || code < 0x20 || code > 0x7e) return undefined;
    type += String.fromCharCode(code);
  }
  return undefined;
}

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
        // Only JSON.parse can throw here (a SyntaxError): decoding the text replaces bad bytes.
        this.#error = (error as SyntaxError).message;
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
    if (bytes) return peekType(bytes.length, (i) => bytes[i] ?? -1);
    const text = this.#text;
    return text === undefined ? undefined : peekType(text.length, (i) => text.charCodeAt(i));
  }

  #parsedType(): string | undefined {
    const type = (this.value as { type?: unknown } | null | undefined)?.type;
    return typeof type === 'string' ? type : undefined;
  }
}
