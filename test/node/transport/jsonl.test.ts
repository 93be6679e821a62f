import { describe, expect, it } from 'vitest';
import type { TransportError } from '../../../src/transport/errors.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { encodeLine, JsonlDecoder } from '../../../src/transport/jsonl.js';

const encoder = new TextEncoder();

function collect(options: { maxLineBytes?: number } = {}) {
  const lines: string[] = [];
  const errors: TransportError[] = [];
  const decoder = new JsonlDecoder({
    ...options,
    onMessage: (message) => lines.push(message.text),
    onError: (error) => errors.push(error),
  });
  return { decoder, lines, errors };
}

describe('JsonlDecoder', () => {
  it('survives a chunk boundary at every byte of multi-byte characters', () => {
    const line = '{"type":"x","text":"héllo 日本語 🚀 ✓"}';
    const bytes = encoder.encode(`${line}\n`);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { decoder, lines } = collect();
      decoder.push(bytes.subarray(0, cut));
      decoder.push(bytes.subarray(cut));
      expect(lines, `cut at byte ${cut}`).toEqual([line]);
    }
  });

  it('splits on \\n only: U+2028 and U+2029 stay inside the line', () => {
    const { decoder, lines } = collect();
    decoder.push(encoder.encode('{"a":"one\u2028two\u2029three"}\n{"b":1}\n'));
    expect(lines).toEqual(['{"a":"one\u2028two\u2029three"}', '{"b":1}']);
  });

  it('strips one trailing \\r (CRLF), not more', () => {
    const { decoder, lines } = collect();
    decoder.push('{"a":1}\r\n{"b":2}\r\r\n');
    expect(lines).toEqual(['{"a":1}', '{"b":2}\r']);
  });

  it('skips empty and blank lines', () => {
    const { decoder, lines } = collect();
    decoder.push(encoder.encode('\n\n{"a":1}\n   \n\r\n\t\n{"b":2}\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('calls blank only JSON whitespace, the same for text and bytes (a no-break space is a line)', () => {
    const input = ' \t\n\u00a0\n\u2003\n';
    const fromText = collect();
    fromText.decoder.push(input);
    const fromBytes = collect();
    fromBytes.decoder.push(encoder.encode(input));
    expect(fromText.lines).toEqual(['\u00a0', '\u2003']);
    expect(fromBytes.lines).toEqual(fromText.lines);
  });

  it('flushes a last line without \\n at the end of the stream', () => {
    const { decoder, lines } = collect();
    decoder.push(encoder.encode('{"a":1}\n{"b":'));
    decoder.push(encoder.encode('2}'));
    expect(lines).toEqual(['{"a":1}']);
    decoder.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('handles a 10 MB line delivered in 64 KiB chunks', () => {
    const text = `{"type":"message_update","text":"${'é'.repeat(5 * 1024 * 1024)}"}`;
    const bytes = encoder.encode(`${text}\n{"type":"after"}\n`);
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    const { decoder, lines } = collect();
    for (let offset = 0; offset < bytes.length; offset += 65536)
      decoder.push(bytes.subarray(offset, offset + 65536));
    expect(lines.length).toBe(2);
    expect(lines[0]).toBe(text);
    expect(lines[1]).toBe('{"type":"after"}');
  });

  it('reports a line over the cap clearly, skips it, and goes on', () => {
    const { decoder, lines, errors } = collect({ maxLineBytes: 100 });
    decoder.push(encoder.encode(`{"a":1}\n{"big":"${'x'.repeat(80)}`));
    decoder.push(encoder.encode(`${'y'.repeat(80)}"}\n{"b":2}\n`));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ['line-too-long', 'A line of more than 100 bytes (170 so far) was skipped.'],
    ]);
  });

  it('does not count a line’s trailing \\r against the cap, for bytes and for text', () => {
    const line = `{"a":"${'x'.repeat(92)}"}`; // 100 bytes
    for (const push of [
      (d: JsonlDecoder, t: string) => d.push(encoder.encode(t)),
      (d: JsonlDecoder, t: string) => d.push(t),
    ]) {
      const { decoder, lines, errors } = collect({ maxLineBytes: 100 });
      push(decoder, `${line}\r\n${line}x\r\n${line}\n`);
      expect(lines).toEqual([line, line]);
      expect(errors.map((e) => e.message)).toEqual([
        'A line of more than 100 bytes (102 so far) was skipped.',
      ]);
    }
  });

  it('splits text chunks the same way', () => {
    const { decoder, lines } = collect();
    for (const char of '{"a":"日本"}\r\n\n{"b":2}') decoder.push(char);
    decoder.end();
    expect(lines).toEqual(['{"a":"日本"}', '{"b":2}']);
  });

  it('skips a blank line of any length, as text and as bytes', () => {
    const blank = `${' \t'.repeat(100)}\r\n`;
    for (const chunk of [blank, encoder.encode(blank)]) {
      const { decoder, lines, errors } = collect();
      decoder.push(chunk);
      decoder.push('{"a":1}\n');
      expect(lines).toEqual(['{"a":1}']);
      expect(errors).toEqual([]);
    }
  });

  it('drops a leading byte order mark, as text and as bytes, so the line parses', () => {
    const input = '\ufeff{"type":"x"}\n{"type":"y"}\n';
    for (const chunk of [input, encoder.encode(input)]) {
      const messages: InboundMessage[] = [];
      const decoder = new JsonlDecoder({ onMessage: (message) => messages.push(message) });
      decoder.push(chunk);
      expect(messages.map((m) => [m.type, m.value])).toEqual([
        ['x', { type: 'x' }],
        ['y', { type: 'y' }],
      ]);
    }
  });

  it('reads a line that mixes text and byte chunks as one line, in either order', () => {
    const line = '{"type":"x","text":"héllo 日本 🚀"}';
    const bytes = encoder.encode(line);
    const chars = [...line];
    for (let cut = 1; cut < chars.length; cut++) {
      const [head, tail] = [chars.slice(0, cut).join(''), chars.slice(cut).join('')];
      const cutBytes = encoder.encode(head).length;
      const textFirst = collect();
      textFirst.decoder.push(head);
      textFirst.decoder.push(bytes.subarray(cutBytes));
      textFirst.decoder.push('\n');
      const bytesFirst = collect();
      bytesFirst.decoder.push(bytes.subarray(0, cutBytes));
      bytesFirst.decoder.push(`${tail}\n`);
      expect([textFirst.lines, bytesFirst.lines], `cut at ${cut}`).toEqual([[line], [line]]);
    }
  });
});

describe('encodeLine', () => {
  it('writes exactly one JSON object per line', () => {
    expect(encodeLine({ type: 'prompt', message: 'a\nb' })).toBe('{"type":"prompt","message":"a\\nb"}\n');
  });

  it('escapes U+2028 and U+2029 so line-splitting peers still see one line', () => {
    const line = encodeLine({ value: 'a\u2028b\u2029c' });
    expect(line).toBe('{"value":"a\\u2028b\\u2029c"}\n');
    expect(JSON.parse(line)).toEqual({ value: 'a\u2028b\u2029c' });
  });

  it.each([
    [null, 'null'],
    [[1], 'an array'],
    ['text', 'string'],
    [42, 'number'],
    [new Date(0), 'object'],
  ])('refuses %s', (value, kind) => {
    expect(() => encodeLine(value)).toThrow(
      new TypeError(`Only plain JSON objects can be sent to the agent, not ${kind}.`),
    );
  });
});

describe('InboundMessage', () => {
  it('reads the type from the first bytes without parsing the rest', () => {
    const message = InboundMessage.fromBytes(encoder.encode('{"type":"message_update","broken'));
    expect(message.type).toBe('message_update');
    expect(message.parse().ok).toBe(false);
  });

  it('reads the type after a leading id, as the agent writes command responses', () => {
    expect(InboundMessage.fromBytes(encoder.encode('{"id":"p-1","type":"response","broken')).type).toBe(
      'response',
    );
    expect(InboundMessage.fromText('{"id":42,"type":"response","broken').type).toBe('response');
    expect(InboundMessage.fromText('{"id":"a\\"b","type":"response"}').type).toBe('response');
  });

  it('falls back to a full parse when the line does not start the usual way', () => {
    expect(InboundMessage.fromText('{"id":"p1","type":"response","success":true}').type).toBe('response');
    expect(InboundMessage.fromBytes(encoder.encode('{ "type" : "agent_end" }')).type).toBe('agent_end');
    expect(InboundMessage.fromText('{"type":"a\\"b"}').type).toBe('a"b');
    expect(InboundMessage.fromText('not json').type).toBeUndefined();
    expect(InboundMessage.fromText('[1,2]').type).toBeUndefined();
    expect(InboundMessage.fromValue({ type: 'x' }).type).toBe('x');
  });

  it('decodes and parses once, on demand', () => {
    const message = InboundMessage.fromBytes(encoder.encode('{"type":"t","v":"日本"}'));
    expect(message.value).toEqual({ type: 't', v: '日本' });
    expect(message.value).toBe(message.value);
    expect(message.text).toBe('{"type":"t","v":"日本"}');
    expect(InboundMessage.fromText('{oops').parse()).toMatchObject({ ok: false });
  });
});
