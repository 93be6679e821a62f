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

const foldedLists = new WeakMap<readonly string[], readonly string[]>();

/**
 * Every label as shown (escape sequences and control characters dropped) and folded for
 * matching, computed once per list (a request's options never change), so a keystroke in a long
 * list does not fold all of it again.
 */
export function foldAll(labels: readonly string[]): readonly string[] {
  let folded = foldedLists.get(labels);
  if (!folded) {
    folded = labels.map((label) => foldForMatch(stripAnsi(label)));
    foldedLists.set(labels, folded);
  }
  return folded;
}

/**
 * Where a typed `prefix` goes in a list of `folded` labels (see {@link foldAll}), or -1.
 * Matching folds case, accents and compatibility forms ({@link foldForMatch}) and ignores the
 * labels' leading white space. A prefix of one letter, or of the same letter repeated ("bbb"),
 * cycles through the options starting with that letter, from the one after `active`; a longer
 * prefix matches from `active` itself, so typing on keeps the option (a key that folds to
 * nothing, such as a combining accent typed on its own, too). The search wraps around the end of
 * the list (and `active` may be -1: none yet).
 */
export function typeAheadMatch(
  folded: readonly (string | undefined)[],
  active: number,
  prefix: string,
): number {
  // Each key as folded ("ß" is "ss", a lone combining mark nothing), so a repeated "ß" cycles.
  const typed = [...prefix].map(foldForMatch);
  const keys = typed.filter(Boolean);
  const first = keys[0];
  if (first === undefined) return -1;
  const cycle = typed.at(-1) !== '' && keys.every((key) => key === first);
  const search = cycle ? first : foldForMatch(prefix);
  const count = folded.length;
  const start = cycle ? active + 1 : active;
  for (let step = 0; step < count; step++) {
    const index = (((start + step) % count) + count) % count;
    if (folded[index]?.trimStart().startsWith(search)) return index;
  }
  return -1;
}
