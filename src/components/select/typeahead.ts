/**
 * Type-ahead for lists, DOM-free: printable keys typed within `TYPEAHEAD_TIMEOUT` milliseconds of
 * each other build a prefix; the list moves to the next option that starts with it.
 */

import { stripAnsi } from '../../protocol/ansi.js';

/** How long (ms) after the last key a typed prefix starts over. */
export const TYPEAHEAD_TIMEOUT = 700;

/** The typed prefix, on a caller-given monotonic time scale (so tests can control it). */
export class TypeAheadBuffer {
  #text = '';
  #last = 0;

  /** Whether a prefix is being typed at `now` (then Space belongs to it). */
  typing(now: number): boolean {
    return this.#text !== '' && now - this.#last <= TYPEAHEAD_TIMEOUT;
  }

  /** Add `char`, typed at `now`; returns the prefix typed so far. */
  type(char: string, now: number): string {
    if (!this.typing(now)) this.#text = '';
    this.#text += char;
    this.#last = now;
    return this.#text;
  }

  /** Forget the prefix. */
  reset(): void {
    this.#text = '';
  }
}

// Dropped after decomposition: the nonspacing marks ("é" is e + U+0301). Mapped: what
// toLowerCase leaves unfolded (ß, and ẞ once lower-cased; the final sigma it makes of Σ).
const UNFOLDED = /\p{Mn}|ß|ς/gu;
const NON_ASCII = /[^\0-\x7f]/;
const refold = (char: string) => (char === 'ß' ? 'ss' : char === 'ς' ? 'σ' : '');

/**
 * The form text takes for matching (locale-independent): compatibility-decomposed (NFKD: the
 * fullwidth "Ａ" is "A", "ﬁ" is "fi"), without accents and other nonspacing marks, case-folded
 * ("ß" is "ss"). So "e" finds "é" (precomposed or not), "a" finds "Ａ", "ss" finds "ß".
 */
export function foldForMatch(label: string): string {
  // Most labels are ASCII, folded by toLowerCase alone (a list of 10,000 folds in 2 ms, not 8).
  // (Lower-cased after decomposition: "㎒" decomposes to "MHz".)
  return NON_ASCII.test(label)
    ? label.normalize('NFKD').toLowerCase().replace(UNFOLDED, refold)
    : label.toLowerCase();
}

// Each list's labels as matched, each folded on first use and kept (a request's options never
// change): a keystroke in a long list folds nothing again, type-ahead only the labels it passes.
const foldedLists = new WeakMap<readonly string[], (string | undefined)[]>();
const foldedInFull = new WeakSet<readonly string[]>();

const fold = (label: string) => foldForMatch(stripAnsi(label));

function cacheOf(labels: readonly string[]): (string | undefined)[] {
  let cache = foldedLists.get(labels);
  if (!cache) foldedLists.set(labels, (cache = new Array<string | undefined>(labels.length)));
  return cache;
}

/**
 * `labels[index]` as shown (escape sequences and control characters dropped) and folded for
 * matching ({@link foldForMatch}), folded once per list.
 */
export function foldedLabel(labels: readonly string[], index: number): string {
  const cache = cacheOf(labels);
  return (cache[index] ??= fold(labels[index] ?? ''));
}

/** Every label as {@link foldedLabel} gives it (the filter tests them all). */
export function foldAll(labels: readonly string[]): readonly string[] {
  const cache = cacheOf(labels);
  if (!foldedInFull.has(labels)) {
    labels.forEach((label, index) => (cache[index] ??= fold(label)));
    foldedInFull.add(labels);
  }
  return cache as readonly string[];
}

/**
 * Where a typed `prefix` goes among `labels` (the options as received; only those at the indices
 * `shown`, in that order, when given), or -1: a position in `shown`, else an index. Matching
 * folds case, accents and compatibility forms ({@link foldedLabel}) and ignores the labels'
 * leading white space. A prefix of one letter, or of the same letter repeated ("bbb"),
 * cycles through the options starting with that letter, from the one after `active`; a longer
 * prefix matches from `active` itself, so typing on keeps the option (a key that folds to
 * nothing, such as a combining accent typed on its own, too). The search wraps around the end of
 * the list (and `active` may be -1: none yet). With `descriptions` (by index, as `labels`), an
 * option whose description starts with the prefix is found when no label does.
 */
export function typeAheadMatch(
  labels: readonly string[],
  active: number,
  prefix: string,
  shown?: readonly number[],
  descriptions?: readonly string[],
): number {
  // Each key as folded ("ß" is "ss", a lone combining mark nothing), so a repeated "ß" cycles.
  const typed = [...prefix].map(foldForMatch);
  const keys = typed.filter(Boolean);
  const first = keys[0];
  if (first === undefined) return -1;
  const cycle = typed.at(-1) !== '' && keys.every((key) => key === first);
  const search = cycle ? first : foldForMatch(prefix);
  const count = shown ? shown.length : labels.length;
  const start = cycle ? active + 1 : active;
  const find = (texts: readonly string[]) => {
    const cache = cacheOf(texts);
    for (let step = 0; step < count; step++) {
      const position = (((start + step) % count) + count) % count;
      const index = shown ? shown[position] : position;
      if (index === undefined) continue;
      const text = (cache[index] ??= fold(texts[index] ?? ''));
      if (text.trimStart().startsWith(search)) return position;
    }
    return -1;
  };
  const match = find(labels);
  return match < 0 && descriptions ? find(descriptions) : match;
}
