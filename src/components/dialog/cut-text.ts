import { html, nothing, type TemplateResult } from 'lit';
import { elidedCount } from '../../protocol/chunks.js';
import { type CountedText, format } from '../strings/format.js';

/** Where oh-my-pi's cut mark starts: it ends a cut string with `\n…[N chars elided for RPC frame]`. */
const MARK_START = '\n…[';

/** Agent text, and how many characters the agent cut from its end (`0`: none). */
export interface CutText {
  /** The text without the agent's cut mark (as received when it was not cut). */
  readonly text: string;
  /** How many characters the agent left out. */
  readonly omitted: number;
}

/**
 * A string as oh-my-pi sends it when its frame cap made it cut the string (without protocol v2,
 * see `elidedCount`): the text before the cut mark, and how many characters were left out.
 */
export function cutText(text: string): CutText {
  const omitted = elidedCount(text);
  return { text: omitted ? text.slice(0, text.lastIndexOf(MARK_START)) : text, omitted };
}

/**
 * The cut mark at the end of `text` without its line break (`…[N chars elided for RPC frame]`),
 * or `undefined` when the agent did not cut it.
 */
export function cutMark(text: string): string | undefined {
  return elidedCount(text) ? text.slice(text.lastIndexOf(MARK_START) + 1) : undefined;
}

/**
 * The short line that says the agent cut a text (`template`, with `{count}` left out, in `locale`),
 * with the id that describes what it is about; nothing when `omitted` is 0.
 */
export function cutNote(
  id: string,
  template: CountedText,
  omitted: number,
  locale: string,
): TemplateResult | typeof nothing {
  return omitted
    ? html`<p id=${id} class="cut" part="cut-note">${format(template, { count: omitted }, locale)}</p>`
    : nothing;
}
