import { describe, expect, it } from 'vitest';
import { newestWithin, type SentAnswer, SentAnswers } from '../../../src/controller/sent-answers.js';

const response = (id: string) => ({ type: 'extension_ui_response' as const, id, value: `for ${id}` });
const answer = (id: string): SentAnswer => ({ response: response(id), question: `q-${id}`, session: 's1' });
const ids = (answers: readonly SentAnswer[]) => answers.map((a) => a.response.id);

describe('the answers the drop-in host can send again', () => {
  it('gives each answer back once', () => {
    const sent = new SentAnswers();
    sent.remember(answer('a'));
    expect(sent.get('a')).toEqual(answer('a'));
    expect(sent.take('a')).toEqual(answer('a'));
    expect(sent.take('a')).toBeUndefined();
    expect(sent.take('never')).toBeUndefined();
  });

  it('forgets the oldest beyond its limit; answering again makes one the newest', () => {
    const sent = new SentAnswers(2);
    sent.remember(answer('a'));
    sent.remember(answer('b'));
    sent.remember(answer('a'));
    sent.remember(answer('c'));
    expect([sent.take('a'), sent.take('b'), sent.take('c')]).toEqual([answer('a'), undefined, answer('c')]);
  });

  it('forgets every answer at once (they were given to an agent process that has gone)', () => {
    const sent = new SentAnswers();
    sent.remember(answer('a'));
    sent.clear();
    expect(sent.take('a')).toBeUndefined();
  });

  it('stores the newest few and takes back only well-formed answers with their question, rebuilt from their fields', () => {
    const sent = new SentAnswers();
    for (const id of ['a', 'b', 'c']) sent.remember(answer(id));
    const stored = JSON.parse(JSON.stringify(sent.newest(2))) as unknown;
    expect(stored).toEqual([answer('b'), answer('c')]);
    const restored = new SentAnswers();
    const entry = (value: unknown, question: unknown = 'q') => ({ response: value, question });
    restored.restore([
      ...(stored as unknown[]),
      entry({ type: 'extension_ui_response', id: 'd', confirmed: true, extra: 'dropped' }),
      entry({ type: 'extension_ui_response', id: 'e', cancelled: true }),
      entry({ type: 'extension_ui_response', id: 'f', value: 3 }),
      entry({ type: 'extension_ui_request', id: 'g', value: 'x' }),
      entry({ type: 'extension_ui_response', id: '', value: 'x' }),
      // A bare response, as an older kit stored it: it names no question, so it is not taken back.
      { type: 'extension_ui_response', id: 'h', value: 'x' },
      entry({ type: 'extension_ui_response', id: 'i', value: 'x' }, 7),
      { ...entry({ type: 'extension_ui_response', id: 'j', value: 'x' }), session: 3 },
      null,
      'text',
    ]);
    restored.restore('not a list');
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((id) => restored.take(id))).toEqual([
      undefined,
      answer('b'),
      answer('c'),
      { response: { type: 'extension_ui_response', id: 'd', confirmed: true }, question: 'q' },
      { response: { type: 'extension_ui_response', id: 'e', cancelled: true }, question: 'q' },
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('leaves out of storage the answers whose values would pass the size limit', () => {
    const sent = new SentAnswers();
    const big = { response: { ...response('big'), value: 'x'.repeat(100) }, question: 'q' };
    sent.remember(answer('a'));
    sent.remember(big);
    sent.remember(answer('b'));
    expect(ids(sent.newest(16, 50))).toEqual(['a', 'b']);
    expect(ids(sent.newest(16))).toEqual(['a', 'big', 'b']);
    expect(ids(sent.newest(1, 50))).toEqual(['b']);
  });

  it('keeps the newest items that fit a size limit, oldest first (notifications stored across a reload)', () => {
    const notes = ['a', 'x'.repeat(100), 'bb', 'c'];
    expect(newestWithin(notes, 4, 10, (note) => note.length)).toEqual(['a', 'bb', 'c']);
    expect(newestWithin(notes, 2, 10, (note) => note.length)).toEqual(['bb', 'c']);
    expect(newestWithin(notes, 4, 2, (note) => note.length)).toEqual(['a', 'c']);
  });
});
