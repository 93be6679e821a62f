import { describe, expect, it } from 'vitest';
import { newestWithin, SentAnswers } from '../../src/controller/sent-answers.js';

const answer = (id: string) => ({ type: 'extension_ui_response' as const, id, value: `for ${id}` });

describe('the answers the drop-in host can send again', () => {
  it('gives each answer back once', () => {
    const sent = new SentAnswers();
    sent.remember(answer('a'));
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

  it('stores the newest few and takes back only well-formed answers, rebuilt from their fields', () => {
    const sent = new SentAnswers();
    for (const id of ['a', 'b', 'c']) sent.remember(answer(id));
    const stored = JSON.parse(JSON.stringify(sent.newest(2))) as unknown;
    expect(stored).toEqual([answer('b'), answer('c')]);
    const restored = new SentAnswers();
    restored.restore([
      ...(stored as unknown[]),
      { type: 'extension_ui_response', id: 'd', confirmed: true, extra: 'dropped' },
      { type: 'extension_ui_response', id: 'e', cancelled: true },
      { type: 'extension_ui_response', id: 'f', value: 3 },
      { type: 'extension_ui_request', id: 'g', value: 'x' },
      { type: 'extension_ui_response', id: '', value: 'x' },
      null,
      'text',
    ]);
    restored.restore('not a list');
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => restored.take(id))).toEqual([
      undefined,
      answer('b'),
      answer('c'),
      { type: 'extension_ui_response', id: 'd', confirmed: true },
      { type: 'extension_ui_response', id: 'e', cancelled: true },
      undefined,
      undefined,
    ]);
  });

  it('leaves out of storage the answers whose values would pass the size limit', () => {
    const sent = new SentAnswers();
    const big = { type: 'extension_ui_response' as const, id: 'big', value: 'x'.repeat(100) };
    sent.remember(answer('a'));
    sent.remember(big);
    sent.remember(answer('b'));
    expect(sent.newest(16, 50).map((r) => r.id)).toEqual(['a', 'b']);
    expect(sent.newest(16).map((r) => r.id)).toEqual(['a', 'big', 'b']);
    expect(sent.newest(1, 50).map((r) => r.id)).toEqual(['b']);
  });

  it('keeps the newest items that fit a size limit, oldest first (notifications stored across a reload)', () => {
    const notes = ['a', 'x'.repeat(100), 'bb', 'c'];
    expect(newestWithin(notes, 4, 10, (note) => note.length)).toEqual(['a', 'bb', 'c']);
    expect(newestWithin(notes, 2, 10, (note) => note.length)).toEqual(['bb', 'c']);
    expect(newestWithin(notes, 4, 2, (note) => note.length)).toEqual(['a', 'c']);
  });
});
