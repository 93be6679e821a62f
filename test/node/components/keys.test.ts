import { describe, expect, it } from 'vitest';
import { enterKind, isComposing } from '../../../src/components/internal/keys.js';

const key = (init: Partial<KeyboardEvent>) =>
  ({
    key: 'Enter',
    isComposing: false,
    keyCode: 13,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  }) as KeyboardEvent;

describe('the key rule every handler shares', () => {
  it('tells a plain Enter, a primary Ctrl/Cmd+Enter, and the Enters that are neither', () => {
    expect(enterKind(key({}))).toBe('plain');
    expect(enterKind(key({ ctrlKey: true }))).toBe('primary');
    expect(enterKind(key({ metaKey: true, shiftKey: true }))).toBe('primary');
    expect(enterKind(key({ shiftKey: true }))).toBe(undefined);
    expect(enterKind(key({ altKey: true }))).toBe(undefined);
    expect(enterKind(key({ key: 'a' }))).toBe(undefined);
  });

  it('leaves the Enter that ends an IME composition to the input method (Safari: keyCode 229)', () => {
    expect(enterKind(key({ isComposing: true }))).toBe(undefined);
    expect(enterKind(key({ keyCode: 229 }))).toBe(undefined);
    expect(isComposing(key({ key: 'Escape', keyCode: 229 }))).toBe(true);
    expect(isComposing(key({ key: 'Escape', keyCode: 27 }))).toBe(false);
  });
});
