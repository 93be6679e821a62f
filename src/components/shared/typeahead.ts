/**
 * Type-ahead for lists, DOM-free: printable keys typed within `TYPEAHEAD_TIMEOUT` milliseconds of
 * each other build a prefix; the list moves to the next option that starts with it.
 */

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

/**
 * Where a typed `prefix` goes in a list of `labels`, or -1. Matching ignores case (see
 * {@link foldForMatch}) and the labels' leading white space. A prefix of one letter, or of the
 * same letter repeated ("bbb"), cycles through the options starting with that letter, from the
 * one after `active`; a longer prefix matches from `active` itself, so typing on keeps the
 * option. The search wraps around the end of the list.
 */
export function typeAheadMatch(
  labels: readonly (string | undefined)[],
  active: number,
  prefix: string,
): number {
  const query = foldForMatch(prefix);
  const chars = [...query];
  const first = chars[0];
  if (first === undefined) return -1;
  const cycle = chars.every((char) => char === first);
  const search = cycle ? first : query;
  const count = labels.length;
  const start = cycle ? active + 1 : active;
  for (let step = 0; step < count; step++) {
    const index = (start + step) % count;
    if (foldForMatch(labels[index]?.trimStart() ?? '').startsWith(search)) return index;
  }
  return -1;
}
