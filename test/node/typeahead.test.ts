import { describe, expect, it } from 'vitest';
import { foldAll, typeAheadMatch } from '../../src/components/shared/typeahead.js';

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
});
