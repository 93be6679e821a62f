import type { PluralText } from './format.js';

/** Said after agent text cut for length, in every part that shows agent text: `{count}` characters left out. */
export const textTruncated: PluralText = {
  one: '… ({count} more character not shown)',
  other: '… ({count} more characters not shown)',
};
