/** Said after agent text cut for length, in every part that shows agent text: `{count}` characters left out. */
export const textTruncated = '… ({count} more characters not shown)';
