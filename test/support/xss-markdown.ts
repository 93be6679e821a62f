/** The Markdown cases of the XSS corpus (test/fixtures/xss-markdown.json), in the browser and in Node. */

/** One case as the corpus writes it: its text whole, or a prefix, a repeated run and a suffix. */
export interface XssMarkdownCase {
  readonly id: string;
  readonly text?: string;
  readonly prefix?: string;
  readonly suffix?: string;
  readonly repeat?: { readonly text: string; readonly times: number };
}

/** A case's text, its repeated run written out. */
export const caseText = (c: XssMarkdownCase): string =>
  c.text ?? `${c.prefix ?? ''}${c.repeat ? c.repeat.text.repeat(c.repeat.times) : ''}${c.suffix ?? ''}`;
