/**
 * Fuzzing helpers for the `fuzz-*.test.ts` files of test/node: fast-check arbitraries for hostile agent output
 * (the real transcripts, mutations of them, generated requests, junk), random chunk splits of the
 * UTF-8 bytes, random user actions, and a reference line splitter to compare the framing with.
 *
 * Run counts: `FUZZ_RUNS=<n>` multiplies every property's default run count (and its time limit);
 * `FUZZ_SEED=<seed>` (with `FUZZ_PATH=<path>` to go straight to a counterexample) replays a
 * failure that fast-check printed.
 */
import fc from 'fast-check';
import { fixtureNames, readTranscript } from './fixtures.js';

// ---------------------------------------------------------------------------------------------
// Run counts

function readFactor(): number {
  const raw = process.env.FUZZ_RUNS;
  if (raw === undefined || raw === '') return 1;
  const factor = Number(raw);
  if (!(factor > 0)) throw new Error(`FUZZ_RUNS must be a positive number, not ${JSON.stringify(raw)}.`);
  return factor;
}

/** How many times the default run counts are multiplied (`FUZZ_RUNS`, default 1). */
export const fuzzFactor = readFactor();

/**
 * fast-check parameters for a property whose default is `baseRuns` runs. With `timeLimitMs`, a
 * property still running then stops before the test's own time limit: a failure found so far is
 * reported with the smallest counterexample reached (shrinking can take long when each run does
 * I/O); without one, the runs done so far count (a slow, shared machine does fewer).
 */
export function fuzzParameters<T>(baseRuns: number, timeLimitMs?: number): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return {
    numRuns: Math.max(1, Math.round(baseRuns * fuzzFactor)),
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
    ...(timeLimitMs === undefined ? {} : { plugins: [fc.interruptAfterTimeLimit(timeLimitMs)] }),
  };
}

/** A test's time limit, scaled with the run counts. */
export function fuzzTimeout(baseMs: number): number {
  return Math.round(baseMs * Math.max(1, fuzzFactor));
}

// ---------------------------------------------------------------------------------------------
// Bytes

const encoder = new TextEncoder();

/** UTF-8 bytes of `text` (lone surrogates become U+FFFD). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** One array of all `parts`. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

/** Cut `bytes` at `cuts` (any order, repeats give empty chunks): views, no copies. */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = cuts.map((cut) => Math.min(bytes.length, Math.max(0, cut))).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

/**
 * Random chunkings of `bytes`: random cuts (empty chunks included), fixed small sizes (no more
 * than `maxChunks` of them), or whole.
 */
export function chunked(bytes: Uint8Array, maxChunks = 20_000): fc.Arbitrary<Uint8Array[]> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .array(fc.nat({ max: bytes.length }), { maxLength: 40 })
        .map((cuts) => splitAt(bytes, cuts)),
    },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 1, max: 9 }).map((small) => {
        const size = Math.max(small, Math.ceil(bytes.length / maxChunks));
        const cuts: number[] = [];
        for (let at = size; at < bytes.length; at += size) cuts.push(at);
        return splitAt(bytes, cuts);
      }),
    },
    { weight: 1, arbitrary: fc.constant<Uint8Array[]>([bytes]) },
  );
}

/** Random chunkings of `text` at UTF-16 code unit positions (surrogate pairs may be cut). */
export function chunkedText(text: string): fc.Arbitrary<string[]> {
  return fc.array(fc.nat({ max: text.length }), { maxLength: 30 }).map((cuts) => {
    const points = [...cuts].sort((a, b) => a - b);
    const chunks: string[] = [];
    let start = 0;
    for (const point of [...points, text.length]) {
      chunks.push(text.slice(start, point));
      start = point;
    }
    return chunks;
  });
}

// ---------------------------------------------------------------------------------------------
// Lines from the real agent

const records = fixtureNames.flatMap((name) => readTranscript(name));
/** Every line the real agent wrote in the transcripts, byte-exact. */
export const fixtureAgentLines: readonly string[] = records
  .filter((r) => r.dir === 'from_agent')
  .map((r) => r.raw);
/** Every line written to the real agent in the transcripts (answers, commands). */
export const fixtureClientLines: readonly string[] = records
  .filter((r) => r.dir === 'to_agent')
  .map((r) => r.raw);

// ---------------------------------------------------------------------------------------------
// Generated requests

/** The small id pool generated requests draw from, so ids repeat (within and across methods). */
export const ID_POOL = ['id-a', 'id-b', 'id-c', 'id-d', 'id-e', 'id-f'] as const;

/** Strings the agent's extensions could put anywhere (ANSI, U+2028, newlines, a lone surrogate…). */
export const awkwardText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'a\u2028b\u2029c',
      '\u001b[38;2;1;2;3mred\u001b[39m',
      'one\ntwo\r\nthree',
      '\ud800',
      'é 日本 🚀',
      '__proto__',
      'constructor',
      '\u0000\u0007',
    ),
  },
);

/** Timeouts of every kind: none, 0, negative, fractional, short, and beyond 32-bit timers. */
export function timeoutArbitrary(
  options: { readonly shortMax?: number } = {},
): fc.Arbitrary<number | undefined> {
  const shortMax = options.shortMax ?? 3000;
  return fc.option(
    fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: shortMax }) },
      // Fractions in quarters: exact in binary, so a model's deadlines match the controller's.
      { weight: 1, arbitrary: fc.integer({ min: -40, max: 4 * shortMax }).map((quarters) => quarters / 4) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          0,
          -1,
          -5000,
          0.5,
          2 ** 31 - 1,
          2 ** 31,
          2 ** 31 + 5000,
          2 ** 32,
          1e12,
          2 ** 53,
        ),
      },
    ),
    { nil: undefined, freq: 3 },
  );
}

/** Options of {@link protocolLine} and {@link agentStream}. */
export interface GeneratedOptions {
  /** Ids to draw from (default {@link ID_POOL}). */
  readonly ids?: readonly string[];
  /** Dialog timeouts (default {@link timeoutArbitrary}()). */
  readonly timeout?: fc.Arbitrary<number | undefined>;
}

/** A well-formed request line of any of the nine methods, as the agent writes them. */
export function protocolLine(options: GeneratedOptions = {}): fc.Arbitrary<string> {
  const id = fc.constantFrom(...(options.ids ?? ID_POOL));
  const text = awkwardText;
  const timeout = options.timeout ?? timeoutArbitrary();
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const request = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        method: fc.constant('select'),
        id,
        title: text,
        options: fc.array(text, { maxLength: 4 }),
        timeout,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ method: fc.constant('confirm'), id, title: text, message: text, timeout }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constant('input'),
        id,
        title: text,
        placeholder: optional(text),
        timeout,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ method: fc.constant('editor'), id, title: text, prefill: optional(text) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constant('notify'),
        id,
        message: text,
        notifyType: optional(fc.constantFrom('info', 'warning', 'error')),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constant('setStatus'),
        id,
        statusKey: fc.constantFrom('k1', 'k2', 'k3', 'Z', ''),
        statusText: optional(fc.oneof(text, fc.constant(null))),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constant('setWidget'),
        id,
        widgetKey: fc.constantFrom('w1', 'w2', 'w3'),
        widgetLines: optional(fc.oneof(fc.array(text, { maxLength: 3 }), fc.constant(null))),
        widgetPlacement: optional(fc.constantFrom('aboveEditor', 'belowEditor')),
      }),
    },
    { weight: 1, arbitrary: fc.record({ method: fc.constant('setTitle'), id, title: text }) },
    { weight: 1, arbitrary: fc.record({ method: fc.constant('set_editor_text'), id, text }) },
  );
  // fc.record keeps keys whose value is undefined; JSON.stringify drops them, like the agent.
  return request.map((fields) => JSON.stringify({ type: 'extension_ui_request', ...fields }));
}

// ---------------------------------------------------------------------------------------------
// Mutations

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const FIELD_NAMES = [
  'type',
  'id',
  'method',
  'title',
  'message',
  'options',
  'timeout',
  'placeholder',
  'prefill',
  'notifyType',
  'statusKey',
  'statusText',
  'widgetKey',
  'widgetLines',
  'widgetPlacement',
  'text',
  'value',
  'confirmed',
  'cancelled',
  '__proto__',
];

/** A string far longer than any sane field (and than the line caps the tests use). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(300, 5_000, 12_000, 70_000), fc.constantFrom('x', 'é', '🚀', '\u2028', '"'))
  .map(([size, char]) => char.repeat(Math.ceil(size / char.length)));

/** Values of every JSON type, for fields that expect one. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, '', [], {}, ['a', 1], { a: 'b' }),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: fc.constantFrom(...ID_POOL) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('select', 'confirm', 'extension_ui_request', 'extension_ui_response'),
  },
  { weight: 1, arbitrary: hugeString },
);

const UNKNOWN_METHODS = [
  'open_url',
  'cancel',
  'oauth_login',
  '',
  'SELECT',
  'select ',
  'toString',
  'constructor',
  '__proto__',
  'hasOwnProperty',
];

/** Edits of a parsed JSON object, re-serialised: fields removed, replaced, duplicated, reordered. */
function jsonEdits(value: Record<string, unknown>, line: string): fc.Arbitrary<string> {
  const keys = Object.keys(value);
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(keys.length ? keys : ['type'])) },
    { weight: 2, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const set = (k: string, v: unknown) => JSON.stringify({ ...value, [k]: v });
  const edits: fc.Arbitrary<string>[] = [
    // a field removed
    key.map((k) => {
      const copy = { ...value };
      delete copy[k];
      return JSON.stringify(copy);
    }),
    // a field of the wrong type, null, or huge
    fc.tuple(key, wrongValue).map(([k, v]) => set(k, v)),
    fc.tuple(key, hugeString).map(([k, v]) => set(k, v)),
    key.map((k) => set(k, null)),
    // an unknown method; an id from the pool (duplicates across lines)
    fc.constantFrom(...UNKNOWN_METHODS).map((method) => set('method', method)),
    fc.constantFrom(...ID_POOL).map((id) => set('id', id)),
    // a duplicated key, first or last (JSON.parse keeps the last one)
    fc.tuple(key, wrongValue, fc.boolean()).map(([k, v, first]) => {
      const pair = `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`;
      return first ? `{${pair},${line.slice(1)}` : `${line.slice(0, -1)},${pair}}`;
    }),
    // other spellings of the same object: id first, spaces, an escaped type, a __proto__ key
    fc.constant(JSON.stringify({ id: value.id, ...value })),
    fc.constant(JSON.stringify(value, null, 1).replace(/\n/g, ' ')),
    fc.constant(line.replace('"extension_ui_request"', '"extension_ui_\\u0072equest"')),
    fc.constant(`{"__proto__":{"method":"select","id":"id-a"},${line.slice(1)}`),
  ];
  return fc.oneof(...edits);
}

/** Characters that break lines in some readers (and must not in ours), inserted anywhere. */
const SEPARATORS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0000', '\u001b[31m', '\\', '"', '{', '}'];

/** Byte sequences that are not UTF-8: stray continuation, truncated sequences, overlong, surrogates. */
const INVALID_UTF8 = [
  [0xff],
  [0x80],
  [0xc3],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x9a],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

/** Mutations of one line: byte flips, truncation, JSON edits, separators, invalid UTF-8. */
export function mutated(line: string): fc.Arbitrary<Uint8Array> {
  const bytes = utf8(line);
  const value = parseObject(line);
  const choices: fc.WeightedArbitrary<Uint8Array>[] = [
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 })
        .map((flips) => {
          const copy = bytes.slice();
          for (const [at, mask] of flips)
            if (copy.length) copy[at % copy.length] = (copy[at % copy.length] ?? 0) ^ mask;
          return copy;
        }),
    },
    { weight: 2, arbitrary: fc.nat({ max: bytes.length }).map((end) => bytes.slice(0, end)) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fc.nat({ max: line.length }), fc.constantFrom(...SEPARATORS)), {
          minLength: 1,
          maxLength: 3,
        })
        .map((inserts) => {
          let text = line;
          for (const [at, separator] of inserts) text = text.slice(0, at) + separator + text.slice(at);
          return utf8(text);
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat({ max: bytes.length }), fc.constantFrom(...INVALID_UTF8))
        .map(([at, insert]) =>
          concatBytes([bytes.subarray(0, at), Uint8Array.from(insert), bytes.subarray(at)]),
        ),
    },
  ];
  if (value) choices.push({ weight: 6, arbitrary: jsonEdits(value, line).map(utf8) });
  return fc.oneof(...choices);
}

/** Lines that have nothing to do with the protocol: random JSON, text, bytes, answers, blanks. */
export const junkLine: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => utf8(JSON.stringify(value))),
  fc.string({ unit: 'binary', maxLength: 40 }).map(utf8),
  fc.uint8Array({ maxLength: 48 }),
  fc.constantFrom(...fixtureClientLines).map(utf8),
  fc
    .constantFrom(
      '',
      ' ',
      '\t',
      '\r',
      ' \r',
      '\u00a0',
      'null',
      '[]',
      '{}',
      '"extension_ui_request"',
      ' '.repeat(70),
    )
    .map(utf8),
);

/** One line of agent output (no terminator): real, mutated, generated, or junk. */
export function agentLine(options: GeneratedOptions = {}): fc.Arbitrary<Uint8Array> {
  const generated = protocolLine(options);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...fixtureAgentLines).map(utf8) },
    { weight: 2, arbitrary: fc.constantFrom(...fixtureAgentLines).chain(mutated) },
    { weight: 7, arbitrary: generated.map(utf8) },
    { weight: 3, arbitrary: generated.chain(mutated) },
    { weight: 2, arbitrary: junkLine },
  );
}

/** Line endings, mostly `\n`, sometimes CRLF, doubled CR, an empty line or trailing blanks. */
const terminator = fc.constantFrom('\n', '\n', '\n', '\n', '\n', '\r\n', '\r\r\n', '\n\n', ' \n').map(utf8);

/**
 * A whole agent output: lines from {@link agentLine}, some repeated verbatim (duplicate ids),
 * each with a line ending; the last one may lack it.
 */
export function agentStream(
  options: GeneratedOptions & { readonly maxLines?: number } = {},
): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(
      fc.array(fc.tuple(agentLine(options), terminator), { maxLength: options.maxLines ?? 30, size: 'max' }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([lines, repeats, unterminated]) => {
      const items = [...lines];
      for (const [from, to] of repeats) {
        const item = items[from % Math.max(1, items.length)];
        if (item) items.splice(to % (items.length + 1), 0, item);
      }
      const parts = items.flatMap(([line, end]) => [line, end]);
      if (unterminated && parts.length) parts.pop();
      return concatBytes(parts);
    });
}

// ---------------------------------------------------------------------------------------------
// A reference line splitter

/** What a decoder emits: a line (bytes without `\n` and one trailing `\r`) or a cap error. */
export type FramingEvent =
  | { readonly kind: 'line'; readonly bytes: Uint8Array }
  | { readonly kind: 'error'; readonly size: number };

const LF = 0x0a;
const CR = 0x0d;

/** Whether a line counts as blank (and is skipped): only spaces, tabs and CRs. */
export function isBlankLine(line: Uint8Array): boolean {
  return line.every((byte) => byte === 0x20 || byte === 0x09 || byte === CR);
}

/**
 * The framing rules written the plain way, byte by byte: split on `\n` only, strip one trailing
 * `\r`, skip empty and blank lines, and skip (with one error, as soon as it is known) a line whose
 * bytes before the `\n` exceed the cap.
 */
export class ReferenceFramer {
  readonly #cap: number;
  #line: number[] = [];
  #length = 0;
  #skipping = false;

  constructor(cap?: number) {
    this.#cap = cap ?? Number.POSITIVE_INFINITY;
  }

  /** The bytes held for the line in progress. */
  get buffered(): number {
    return this.#line.length;
  }

  /** Events completed by this chunk. */
  push(chunk: Uint8Array): FramingEvent[] {
    const events: FramingEvent[] = [];
    let grown = 0;
    for (const byte of chunk) {
      if (byte === LF) {
        this.#overflow(grown, events);
        grown = 0;
        this.#finish(events);
        continue;
      }
      grown++;
      this.#length++;
      if (!this.#skipping) this.#line.push(byte);
    }
    this.#overflow(grown, events);
    return events;
  }

  /** End of stream: the last line without `\n`. */
  end(): FramingEvent[] {
    const events: FramingEvent[] = [];
    this.#finish(events);
    return events;
  }

  // The decoder checks the cap once per piece of a chunk, so the error says how far it got then.
  // A line's trailing `\r` is not counted: one byte over the cap is decided at the line's end.
  #overflow(grown: number, events: FramingEvent[]): void {
    if (this.#skipping || grown === 0 || this.#length <= this.#cap + 1) return;
    this.#skipping = true;
    this.#line = [];
    events.push({ kind: 'error', size: this.#length });
  }

  #finish(events: FramingEvent[]): void {
    const line = this.#skipping ? [] : this.#line;
    const size = this.#length;
    this.#line = [];
    this.#length = 0;
    this.#skipping = false;
    let bytes = Uint8Array.from(line);
    if (bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    if (bytes.length > this.#cap) events.push({ kind: 'error', size });
    else if (bytes.length > 0 && !isBlankLine(bytes)) events.push({ kind: 'line', bytes });
  }
}

/** Every event of a whole input, split the plain way. */
export function referenceEvents(input: Uint8Array, cap?: number, end = true): FramingEvent[] {
  const framer = new ReferenceFramer(cap);
  return [...framer.push(input), ...(end ? framer.end() : [])];
}

// ---------------------------------------------------------------------------------------------
// User actions

/** Something the user (or the host) does to a controller while the agent writes. */
export type UserAction =
  /** Answer the `pick`-th pending dialog well (`choice` picks cancel, yes/no, an option, a text); maybe twice. */
  | { readonly kind: 'respond'; readonly pick: number; readonly choice: number; readonly twice: boolean }
  /** Answer the `pick`-th pending dialog with an answer of the wrong kind. */
  | { readonly kind: 'respondWrong'; readonly pick: number; readonly choice: number }
  /** Answer an id that is not pending. */
  | { readonly kind: 'respondUnknown'; readonly id: string }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'cancelAll'; readonly respond: boolean }
  /** Let time pass. */
  | { readonly kind: 'advance'; readonly ms: number }
  /** Let time pass up to the `pick`-th deadline exactly (`offset` 0) or to just before it (-1). */
  | { readonly kind: 'toDeadline'; readonly pick: number; readonly offset: 0 | -1 }
  /** Stop reading the transport; read it again; read a new one; the agent closes its output. */
  | { readonly kind: 'detach' }
  | { readonly kind: 'attach' }
  | { readonly kind: 'reconnect' }
  | { readonly kind: 'close' }
  /** A page reload: snapshot as JSON, a new controller, restore. */
  | { readonly kind: 'reload' }
  | { readonly kind: 'clearNotifications' };

const pick = fc.nat(7);

/** Random user actions, answers and the passing of time most often. */
export const userAction: fc.Arbitrary<UserAction> = fc.oneof(
  {
    weight: 16,
    arbitrary: fc.record({
      kind: fc.constant('respond' as const),
      pick,
      choice: fc.nat(6),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('respondWrong' as const), pick, choice: fc.nat(3) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('respondUnknown' as const),
      id: fc.constantFrom(...ID_POOL, 'nope', ''),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), respond: fc.boolean() }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 3500 })),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('toDeadline' as const),
      pick,
      offset: fc.constantFrom(0 as const, -1 as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'detach' as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'attach' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'reconnect' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reload' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clearNotifications' as const }) },
);

/** The agent writing one chunk. */
export type WriteStep = { readonly kind: 'write'; readonly bytes: Uint8Array };

/** `chunks`, written in order, with `actions` placed between them at random. */
export function interleaved<A>(
  chunks: readonly Uint8Array[],
  actions: fc.Arbitrary<A>,
  maxActions = 30,
): fc.Arbitrary<(WriteStep | A)[]> {
  return fc
    .array(fc.tuple(fc.nat({ max: chunks.length }), actions), { maxLength: maxActions, size: 'max' })
    .map((placed) => {
      const steps: (WriteStep | A)[] = [];
      const sorted = [...placed].sort((a, b) => a[0] - b[0]);
      let next = 0;
      chunks.forEach((bytes, index) => {
        while (next < sorted.length && (sorted[next]?.[0] ?? 0) <= index)
          steps.push((sorted[next++] as [number, A])[1]);
        steps.push({ kind: 'write', bytes });
      });
      while (next < sorted.length) steps.push((sorted[next++] as [number, A])[1]);
      return steps;
    });
}
