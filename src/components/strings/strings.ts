import type { DialogStrings } from './dialog-strings.js';
import type { CountedText } from './format.js';
import type { HostStrings } from './host-strings.js';
import { localeStrings, stringsChanged } from './locales.js';
import type { LoginStrings } from './login-strings.js';
import type { ModelStrings } from './model-strings.js';
import type { NotificationStrings } from './notification-strings.js';
import type { SessionStrings } from './session-strings.js';
import type { UsageStrings } from './usage-strings.js';
import type { StatusStrings } from './status-strings.js';
import type { TranscriptStrings } from './transcript-strings.js';
import { textTruncated } from './truncated.js';

/**
 * Every user-facing string of the kit, English by default. Give another language's with
 * `setLocaleStrings` (the kit ships `rpc-ui-kit/locales/de.js`, `ja.js`, `ar.js`); override
 * strings in every language with {@link setDefaultStrings}, or per element through its
 * `strings` property. `{name}` marks a value filled in at render time; a string with a `{count}`
 * may have a form per plural category (see `PluralText`).
 */
export interface RpcStrings
  extends DialogStrings,
    NotificationStrings,
    StatusStrings,
    HostStrings,
    LoginStrings,
    TranscriptStrings,
    SessionStrings,
    UsageStrings,
    ModelStrings {
  /** Agent text too long to show in full: said after the part shown, `{count}` characters left out. */
  textTruncated: CountedText;
}

// The English defaults are in parts, one file per element family (dialog-strings.ts and its
// siblings): each element reads only the part it shows, so an element on its own does not carry
// every other element's strings.

// The parts name this string rather than spreading `agentTextEnglish` into themselves: a minifier
// cannot drop a spread that nothing reads (it might run getters), so every element would keep a
// `{ ...agentTextEnglish }` for each part it does not show.

/** What agent text shows when it is cut short (notifications, statuses, widgets). */
export const agentTextEnglish = { textTruncated } satisfies Partial<RpcStrings>;

/** The strings of `part` (an English table), as {@link stringsFor} gives them. */
export type Strings<T> = Pick<RpcStrings, keyof T & keyof RpcStrings>;

let overrides: Partial<RpcStrings> = {};

/** The overrides of {@link setDefaultStrings}. */
export function globalOverrides(): Partial<RpcStrings> {
  return overrides;
}

/**
 * Override some strings for every element, in every language; elements already shown update at
 * once.
 */
export function setDefaultStrings(strings: Partial<RpcStrings>): void {
  overrides = { ...overrides, ...strings };
  stringsChanged();
}

/**
 * The strings an element shows: the English `part`, then those of `locale`, then the global
 * overrides, then the element's own `strings`.
 */
export function stringsFor<K extends keyof RpcStrings>(
  part: Pick<RpcStrings, K>,
  own: Partial<RpcStrings>,
  locale = 'en',
): Pick<RpcStrings, K> {
  return { ...part, ...localeStrings(locale), ...overrides, ...own };
}
