import type { RpcStrings } from './strings.js';

/** The strings of each language the host gave, by lower-case language tag. */
const tables = new Map<string, Partial<RpcStrings>>();
const listeners = new Set<() => void>();

/**
 * Give the strings of language `lang` (a BCP 47 tag: `de`, `pt-BR`), merged over any given
 * before: every element whose language is `lang`, or a tag under it (`de-CH` for `de`), shows
 * them. The kit's own translations are entries of their own (`rpc-ui-kit/locales/de.js`…).
 */
export function setLocaleStrings(lang: string, strings: Partial<RpcStrings>): void {
  const key = lang.toLowerCase();
  tables.set(key, { ...tables.get(key), ...strings });
  stringsChanged();
}

/**
 * The language whose strings show for `lang`: `lang` itself, or the nearest shorter tag that has
 * strings (`de-CH` → `de`), or `en`, the kit's own.
 */
export function localeFor(lang: string): string {
  let tag = lang.toLowerCase();
  while (tag) {
    if (tables.has(tag)) return tag;
    tag = tag.slice(0, Math.max(0, tag.lastIndexOf('-')));
  }
  return 'en';
}

/** The strings given for `locale` (see {@link localeFor}). */
export function localeStrings(locale: string): Partial<RpcStrings> | undefined {
  return tables.get(locale);
}

/** Call `listener` whenever strings change, so elements already shown use them; returns the unsubscribe. */
export function onStringsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener the strings changed. */
export function stringsChanged(): void {
  for (const listener of listeners) listener();
}
