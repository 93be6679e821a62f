/** The conversation's words as its templates use them: its strings and their locale. */
import type { AnsiTextOptions } from '../ansi-text/ansi-text.js';
import type { MarkdownView } from '../markdown/markdown-blocks.js';
import { format } from '../strings/format.js';
import type { Strings } from '../strings/strings.js';
import type { transcriptEnglish } from '../strings/transcript-strings.js';

/** The conversation's strings and their locale. */
export type TranscriptText = Strings<typeof transcriptEnglish> & { readonly locale: string };

/** How agent text cut for length says so, in `text`. */
export function agentText(text: TranscriptText): AnsiTextOptions {
  return { truncated: text.textTruncated, locale: text.locale };
}

/** How a reply's Markdown is drawn, in the words of `text`, its `#` headings at `level` (2 to 6). */
export const markdownView = (
  text: TranscriptText,
  level: number,
): MarkdownView & { readonly truncated: (omitted: number) => string } => ({
  topHeading: Math.min(6, Math.max(2, Math.round(level) || 2)) as MarkdownView['topHeading'],
  imageLabel: (alt) => (alt ? format(text.transcriptImage, { alt }) : text.transcriptImageUntitled),
  copy: { copy: text.transcriptCopyCode, copied: text.transcriptCopied, failed: text.transcriptCopyFailed },
  truncated: (count) => format(text.textTruncated, { count }, text.locale),
});
