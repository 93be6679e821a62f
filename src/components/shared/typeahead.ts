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

/** The form an option takes for matching: lower case (locale-independent). */
export function foldForMatch(label: string): string {
  return label.toLowerCase();
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
 * Matching ignores case and the labels' leading white space. A prefix of one letter, or of the
 * same letter repeated ("bbb"), cycles through the options starting with that letter, from the
 * one after `active`; a longer prefix matches from `active` itself, so typing on keeps the
 * option. The search wraps around the end of the list (and `active` may be -1: none yet).
 */
export function typeAheadMatch(
  folded: readonly (string | undefined)[],
  active: number,
  prefix: string,
): number {
  const query = foldForMatch(prefix);
  const chars = [...query];
  const first = chars[0];
  if (first === undefined) return -1;
  const cycle = chars.every((char) => char === first);
  const search = cycle ? first : query;
  const count = folded.length;
  const start = cycle ? active + 1 : active;
  for (let step = 0; step < count; step++) {
    const index = (((start + step) % count) + count) % count;
    if (folded[index]?.trimStart().startsWith(search)) return index;
  }
  return -1;
}
