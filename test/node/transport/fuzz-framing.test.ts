/**
 * Fuzzing the JSONL framing (issue 7, "Hostile input"): real, mutated and random agent output,
 * cut at random chunk boundaries, through `JsonlDecoder` and `InboundMessage`. Nothing throws,
 * every complete line comes out exactly once and as soon as its `\n` arrives whatever the
 * chunking, an over-long line is reported once and skipped, and the decoder holds no more than
 * the cap. `FUZZ_RUNS=<n>` multiplies the run counts (see test/support/fuzz.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransportError } from '../../../src/transport/errors.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { JsonlDecoder } from '../../../src/transport/jsonl.js';
import {
  agentStream,
  chunked,
  chunkedText,
  type FramingEvent,
  fuzzParameters,
  fuzzTimeout,
  ReferenceFramer,
  referenceEvents,
  utf8,
} from '../../support/fuzz.js';

const textDecoder = new TextDecoder();

/** What the decoder emitted, in the reference's terms. */
type Seen =
  | { readonly kind: 'line'; readonly text: string; readonly size: number }
  | { readonly kind: 'error'; readonly size: number };

function expectedOf(events: readonly FramingEvent[]): Seen[] {
  return events.map((event) =>
    event.kind === 'line'
      ? { kind: 'line', text: textDecoder.decode(event.bytes), size: event.bytes.length }
      : { kind: 'error', size: event.size },
  );
}

function sameEvents(a: readonly Seen[], b: readonly Seen[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i];
      return (
        y !== undefined &&
        x.kind === y.kind &&
        x.size === y.size &&
        (x.kind === 'error' || (y.kind === 'line' && x.text === y.text))
      );
    })
  );
}

const ERROR_MESSAGE = /^A line of more than (\d+) bytes \((\d+) so far\) was skipped\.$/;

/** A decoder that records what it emits; `take()` returns what came out since the last call. */
function recorder(cap: number | undefined) {
  let seen: Seen[] = [];
  const messages: InboundMessage[] = [];
  const decoder = new JsonlDecoder({
    maxLineBytes: cap,
    onMessage: (message) => {
      messages.push(message);
      seen.push({ kind: 'line', text: message.text, size: message.size });
    },
    onError: (error: TransportError) => {
      expect(error.code).toBe('line-too-long');
      const match = ERROR_MESSAGE.exec(error.message);
      expect(match, error.message).not.toBeNull();
      expect(Number(match?.[1])).toBe(cap);
      seen.push({ kind: 'error', size: Number(match?.[2]) });
    },
  });
  return {
    decoder,
    messages,
    take(): Seen[] {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

/** `type` and `parse()` never throw, and a cheaply read `type` agrees with the parsed one. */
function checkMessage(message: InboundMessage): void {
  const type = message.type;
  const parsed = message.parse();
  expect(message.parse()).toEqual(parsed);
  if (!parsed.ok) return;
  const value = parsed.value;
  const full =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string'
      ? (value as { type: string }).type
      : undefined;
  // A repeated "type" key is the one case where the first (read cheaply) and last (JSON.parse) differ.
  if (message.text.split('"type"').length <= 2) expect(type).toBe(full);
}

const caps = fc.option(fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 200, max: 20_000 })), {
  nil: undefined,
  freq: 2,
});

describe('fuzz: JSONL framing of bytes', () => {
  it(
    'emits every complete line exactly once, at its \\n, whatever the chunking; over-long lines are reported and skipped',
    () => {
      const scenario = fc
        .tuple(agentStream(), caps, fc.boolean())
        .chain(([bytes, cap, end]) => chunked(bytes).map((chunks) => ({ bytes, cap, end, chunks })));
      fc.assert(
        fc.property(scenario, ({ bytes, cap, end, chunks }) => {
          const real = recorder(cap);
          const reference = new ReferenceFramer(cap);
          const all: Seen[] = [];
          for (const chunk of chunks) {
            real.decoder.push(chunk);
            // Lines come out in the very push that completes them: nothing is held back.
            const got = real.take();
            const expected = expectedOf(reference.push(chunk));
            // expect() is slow for thousands of tiny chunks: only on a difference.
            if (!sameEvents(got, expected)) expect(got).toEqual(expected);
            all.push(...got);
          }
          if (end) {
            real.decoder.end();
            const got = real.take();
            expect(got).toEqual(expectedOf(reference.end()));
            all.push(...got);
          }
          // The same lines as the whole input pushed at once (error sizes depend on the chunks).
          const whole = recorder(cap);
          whole.decoder.push(bytes);
          if (end) whole.decoder.end();
          const shape = (seen: Seen[]) => seen.map((s) => (s.kind === 'line' ? s.text : 'error'));
          expect(shape(all)).toEqual(shape(whole.take()));
          expect(shape(all)).toEqual(shape(expectedOf(referenceEvents(bytes, cap, end))));
          for (const event of all) {
            if (event.kind === 'error') expect(event.size).toBeGreaterThan(cap ?? Number.POSITIVE_INFINITY);
            else expect(event.size).toBeLessThanOrEqual(cap ?? Number.POSITIVE_INFINITY);
          }
          for (const message of real.messages) checkMessage(message);
        }),
        fuzzParameters(1500, fuzzTimeout(25_000)),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'splits text chunks the same way, even when a chunk ends inside a surrogate pair or a CRLF',
    () => {
      const scenario = fc
        .tuple(agentStream(), caps, fc.boolean())
        .map(([bytes, cap, end]) => ({ text: textDecoder.decode(bytes), cap, end }))
        .chain((input) => chunkedText(input.text).map((chunks) => ({ ...input, chunks })));
      fc.assert(
        fc.property(scenario, ({ text, cap, end, chunks }) => {
          const run = (parts: readonly string[], max: number | undefined) => {
            const r = recorder(max);
            for (const part of parts) r.decoder.push(part);
            if (end) r.decoder.end();
            return r.take().map((s) => (s.kind === 'line' ? s.text : 'error'));
          };
          const split = run(chunks, cap);
          expect(split).toEqual(run([text], cap));
          // Without a cap, the lines are those of the same text pushed as UTF-8 bytes (blank
          // lines aside: text chunks count any Unicode white space as blank).
          const notBlank = (lines: string[]) => lines.filter((line) => line.trim() !== '');
          const bytes = recorder(undefined);
          bytes.decoder.push(utf8(text));
          if (end) bytes.decoder.end();
          const fromBytes = bytes.take().map((s) => (s.kind === 'line' ? s.text : 'error'));
          expect(notBlank(run(chunks, undefined))).toEqual(notBlank(fromBytes));
          for (const line of split) expect(line).not.toBe('');
        }),
        fuzzParameters(800, fuzzTimeout(25_000)),
      );
    },
    fuzzTimeout(30_000),
  );

  it('reads any bytes as a message without throwing', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 80 }),
        (bytes, text) => {
          checkMessage(InboundMessage.fromBytes(bytes));
          checkMessage(InboundMessage.fromText(text));
          const message = InboundMessage.fromBytes(bytes);
          expect(message.text).toBe(textDecoder.decode(bytes));
          expect(message.size).toBe(bytes.length);
        },
      ),
      fuzzParameters(1000),
    );
  });
});

describe('fuzz: the framing holds no more than its cap', () => {
  // `--expose-gc` at run time: V8 reads the flag when the function is created.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const retained = (): number => {
    gc();
    gc();
    const usage = process.memoryUsage();
    return usage.arrayBuffers + usage.heapUsed;
  };

  it.each([
    ['64 KiB chunks', 64 * 1024, 96 * 1024 * 1024],
    ['100-byte chunks', 100, 8 * 1024 * 1024],
  ])('a line without end in %s keeps memory flat, and the next line comes out', (_name, size, total) => {
    const cap = 256 * 1024;
    const lines: string[] = [];
    const errors: TransportError[] = [];
    const decoder = new JsonlDecoder({
      maxLineBytes: cap,
      onMessage: (m) => lines.push(m.text),
      onError: (e) => errors.push(e),
    });
    decoder.push(utf8('{"type":"first"}\n{"type":"message_update","text":"'));
    const before = retained();
    for (let sent = 0; sent < total; sent += size) decoder.push(new Uint8Array(size).fill(0x61));
    const growth = retained() - before;
    expect(errors).toHaveLength(1);
    // Far less than what was pushed: only the cap (plus a chunk) may be held, and nothing is
    // held while skipping.
    expect(growth).toBeLessThan(4 * 1024 * 1024);
    decoder.push(utf8('"}\n{"type":"after"}\n'));
    expect(lines).toEqual(['{"type":"first"}', '{"type":"after"}']);
  });

  it.each([
    ['1-byte', 1],
    ['7-byte', 7],
  ])('a line arriving in %s chunks holds about its own size, not an object per chunk', (_name, size) => {
    const cap = 1024 * 1024;
    const lines: InboundMessage[] = [];
    const decoder = new JsonlDecoder({ maxLineBytes: cap, onMessage: (m) => lines.push(m) });
    const before = retained();
    let sent = 0;
    for (; sent + size <= 256 * 1024; sent += size) decoder.push(new Uint8Array(size).fill(0x63));
    const growth = retained() - before;
    expect(growth).toBeLessThan(8 * 1024 * 1024);
    decoder.push(utf8('\n'));
    expect(lines.map((m) => m.size)).toEqual([sent]);
  });

  it('an uncapped line is held whole until its end (the cap is what bounds memory)', () => {
    const lines: InboundMessage[] = [];
    const decoder = new JsonlDecoder({ onMessage: (m) => lines.push(m) });
    for (let i = 0; i < 64; i++) decoder.push(new Uint8Array(64 * 1024).fill(0x62));
    decoder.push(utf8('\n'));
    expect(lines.map((m) => m.size)).toEqual([64 * 64 * 1024]);
  });
});
