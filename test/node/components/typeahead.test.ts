import { describe, expect, it } from 'vitest';
import { foldAll, foldForMatch, typeAheadMatch } from '../../../src/components/select/typeahead.js';

describe('type-ahead in a list', () => {
  const labels = foldAll(['Apple', '  banana', 'Blueberry', 'cherry', 'Bilberry']);

  it('cycles through the options with one letter, from the one after the active one, wrapping', () => {
    expect(typeAheadMatch(labels, 0, 'b')).toBe(1);
    expect(typeAheadMatch(labels, 1, 'b')).toBe(2);
    expect(typeAheadMatch(labels, 4, 'B')).toBe(1);
    expect(typeAheadMatch(labels, 2, 'bbb')).toBe(4);
  });

  it('keeps the active option while a longer prefix still matches it, and wraps with none active', () => {
    expect(typeAheadMatch(labels, 2, 'bl')).toBe(2);
    expect(typeAheadMatch(labels, 3, 'bil')).toBe(4);
    expect(typeAheadMatch(labels, -1, 'bil')).toBe(4);
    expect(typeAheadMatch(labels, 0, 'x')).toBe(-1);
    expect(typeAheadMatch([], -1, 'a')).toBe(-1);
  });

  it('folds each list once', () => {
    const options = ['A', 'B'];
    expect(foldAll(options)).toBe(foldAll(options));
    expect(foldAll(options)).toEqual(['a', 'b']);
  });

  it('looks only at the options it passes, and among the shown ones by position', () => {
    const options = Array.from({ length: 10_000 }, (_, i) => (i === 3 ? 'Banana' : `Option ${i}`));
    const read = new Set<number>();
    const watched = new Proxy(options, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(typeAheadMatch(watched, 0, 'b')).toBe(3);
    expect([...read]).toEqual([1, 2, 3]);
    expect(typeAheadMatch(watched, 0, 'b')).toBe(3);
    expect([...read]).toEqual([1, 2, 3]); // folded once
    expect(typeAheadMatch(options, -1, 'o', [3, 7, 9])).toBe(1);
    expect(typeAheadMatch(options, 1, 'b', [3, 7, 9])).toBe(0);
  });

  it('with descriptions, goes to a label first, else to a description that starts with the keys', () => {
    const options = ['alpha', 'beta', 'delta', 'gamma'];
    const descriptions = ['', 'Déprécié', '', 'Crème'];
    // "d": delta's label, though beta's description comes first.
    expect(typeAheadMatch(options, 0, 'd', undefined, descriptions)).toBe(2);
    // "cr": no label starts with it; gamma's description does (folded: "Crème").
    expect(typeAheadMatch(options, 0, 'cr', undefined, descriptions)).toBe(3);
    expect(typeAheadMatch(options, 0, 'depre', undefined, descriptions)).toBe(1);
    expect(typeAheadMatch(options, 0, 'cr', [0, 1, 2], descriptions)).toBe(-1);
    expect(typeAheadMatch(options, 0, 'cr')).toBe(-1);
  });
});

describe('folding for matching', () => {
  const matches = (query: string, label: string) => foldForMatch(label).includes(foldForMatch(query));

  it('"e" finds "é", precomposed or as e + U+0301, and either é finds the other', () => {
    expect(matches('cafe', 'Café')).toBe(true);
    expect(matches('cafe', 'Cafe\u0301')).toBe(true);
    expect(matches('café', 'Cafe\u0301')).toBe(true);
    expect(matches('cafe\u0301', 'Café')).toBe(true);
    expect(matches('É', 'élan')).toBe(true);
  });

  it('"A" finds the fullwidth "Ａ", and fullwidth typing finds plain text', () => {
    expect(matches('A', 'ＡＢＣ')).toBe(true);
    expect(matches('abc', 'ＡＢＣ')).toBe(true);
    expect(matches('ｂｃ', 'abc')).toBe(true);
    expect(matches('mhz', '100 ㎒')).toBe(true);
  });

  it('"ss" finds "ß" (and "ẞ"), and "ß" finds "ss"', () => {
    expect(matches('strasse', 'Straße')).toBe(true);
    expect(matches('STRASSE', 'STRAẞE')).toBe(true);
    expect(matches('ß', 'Strasse')).toBe(true);
  });

  it('folds the final sigma with the others, and leaves other letters apart', () => {
    // Lower-cased, the Σ ending a word is ς: a prefix typed with σ must still find it.
    expect(matches('οδοσ', 'ΟΔΟΣ ΑΘΗΝΑΣ')).toBe(true);
    expect(matches('e', 'a')).toBe(false);
    expect(matches('o', 'ø')).toBe(false);
  });

  it('type-ahead folds both sides: "e" goes to "Émile", "ss" to "ß…", "a" to "Ａ…"', () => {
    const labels = foldAll(['Apple', 'Émile', 'ßpecial', 'Ａpricot']);
    expect(typeAheadMatch(labels, 0, 'e')).toBe(1);
    expect(typeAheadMatch(labels, 0, 'ss')).toBe(2);
    expect(typeAheadMatch(labels, 0, 'a')).toBe(3);
    expect(typeAheadMatch(labels, 3, 'A')).toBe(0);
    expect(typeAheadMatch(labels, -1, 'e\u0301m')).toBe(1);
  });

  it('a typed ß cycles like a letter; a combining accent typed on its own keeps the match', () => {
    const labels = foldAll(['ss one', 'a', 'ß two', 'sa']);
    expect(typeAheadMatch(labels, 0, 'ß')).toBe(2);
    expect(typeAheadMatch(labels, 2, 'ßß')).toBe(0);
    const accented = foldAll(['Apple', 'Eagle', 'École']);
    expect(typeAheadMatch(accented, 1, 'e\u0301')).toBe(1);
  });
});
