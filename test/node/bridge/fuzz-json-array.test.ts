/**
 * The bridge finds the messages of a `get_messages` answer without parsing it: for any JSON, the
 * elements it finds are the array's own, as JSON.parse reads them. `FUZZ_RUNS` as test/support/fuzz.ts says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElements } from '../../../src/bridge/conversation/json-array.js';
import { fuzzParameters } from '../../support/fuzz.js';

/** The elements found, each parsed. */
function found(text: string, path: readonly string[]): unknown[] | undefined {
  const elements = arrayElements(text, path);
  if (!elements) return undefined;
  const { starts, end } = elements;
  return starts.map((start, index) => {
    const next = starts[index + 1];
    // An element ends at the comma before the next one, or at the array's end.
    const stop = next === undefined ? end : text.lastIndexOf(',', next);
    return JSON.parse(text.slice(start, stop)) as unknown;
  });
}

describe('the elements of an array in a JSON text', () => {
  it('are those JSON.parse reads, whatever the values, keys and spacing around them', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const key = fc.oneof(fc.constantFrom('data', 'messages', 'id', 'type'), fc.string());
    const answer = fc.record({
      before: fc.dictionary(key, value, { maxKeys: 3 }),
      messages: fc.array(value, { maxLength: 8 }),
      after: fc.dictionary(key, value, { maxKeys: 3 }),
      indent: fc.constantFrom(0, 2, '\t'),
    });
    fc.assert(
      fc.property(answer, ({ before, messages, after, indent }) => {
        // `data` holds the messages among other keys, which may be named alike.
        const { data: _a, ...outer } = before;
        const { messages: _b, ...inner } = after;
        const text = JSON.stringify({ ...outer, data: { ...inner, messages } }, null, indent);
        expect(found(text, ['data', 'messages'])).toEqual(JSON.parse(JSON.stringify(messages)));
      }),
      fuzzParameters(300),
    );
  });

  it('are found only at the path: not in a nested object of the same names, nor in a string', () => {
    const text = JSON.stringify({
      note: '{"data":{"messages":[1]}}',
      other: { data: { messages: [2] } },
      data: { nested: { messages: [3] }, messages: [4, 5] },
    });
    expect(found(text, ['data', 'messages'])).toEqual([4, 5]);
    expect(
      found(JSON.stringify({ data: { messages: 'not an array' } }), ['data', 'messages']),
    ).toBeUndefined();
    expect(found(JSON.stringify({ data: {} }), ['data', 'messages'])).toBeUndefined();
  });

  it('are not given for a text cut short', () => {
    const text = JSON.stringify({ data: { messages: [{ text: 'a "quoted" \\ word' }, 2] } });
    for (let cut = 1; cut < text.length - 2; cut++)
      expect(found(text.slice(0, cut), ['data', 'messages'])).toBeUndefined();
  });
});
