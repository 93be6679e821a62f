import { css, html, type TemplateResult } from 'lit';
import { cssomStyle } from '../internal/cssom-style.js';
import {
  type AnsiColor,
  type AnsiRun,
  type AnsiStyle,
  parseAnsi,
  plainStyle,
  sameStyle,
  stripAnsi,
  xtermColor,
} from '../../protocol/ansi.js';
import { type CountedText, format } from '../strings/format.js';
import { agentTextEnglish, stringsFor } from '../strings/strings.js';

/** The 8 base colours, as VS Code names them (`--vscode-terminal-ansiRed`, `ansiBrightRed`). */
const colorNames = ['Black', 'Red', 'Green', 'Yellow', 'Blue', 'Magenta', 'Cyan', 'White'];

// Fallbacks, as `light, dark` for `light-dark()`, chosen to stay readable on the kit's neutral
// backgrounds: black and white are greys in the scheme where they would vanish.
const fallbacks = [
  '#1f1f1f, #909090',
  '#c21b1b, #f06a6a',
  '#1a7f1a, #3fcf6f',
  '#7a6400, #e0d24a',
  '#1f5fbf, #5a9cf0',
  '#a32aa3, #d77ad7',
  '#07738a, #3cc4dd',
  '#6b6b6b, #e4e4e4',
  '#5c5c5c, #a0a0a0',
  '#b00000, #ff8585',
  '#0d6b0d, #6fe39a',
  '#665300, #f2ea7a',
  '#0a4fa8, #86b8f5',
  '#8f1f8f, #e89be8',
  '#065f72, #78dcec',
  '#555, #fff',
];

/**
 * The CSS value of base colour `index` (0–15): the theme token (`--rpc-ansi-bright-red`), the VS
 * Code terminal colour (`--vscode-terminal-ansiBrightRed`), the fallback.
 */
export function ansiBaseColor(index: number): string {
  const bright = index > 7 ? 'Bright' : '';
  const name = colorNames[index % 8] ?? '';
  const token = (bright ? `bright-${name}` : name).toLowerCase();
  return `var(--rpc-ansi-${token}, var(--vscode-terminal-ansi${bright}${name}, light-dark(${fallbacks[index]})))`;
}

const defaultForeground = 'var(--rpc-foreground, var(--vscode-foreground, CanvasText))';
const defaultBackground = 'var(--rpc-background, var(--vscode-editor-background, Canvas))';

/** An sRGB channel (0–255) as linear light (0–1), and back. */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const encoded = (c: number) =>
  Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));

// Relative luminances (WCAG) that give a text at least 4.5:1 on the kit's surfaces: light ones
// down to #ececec, dark ones up to #2a2d2e.
const LIGHT_SCHEME_MAX = 0.145;
const DARK_SCHEME_MIN = 0.3;

/**
 * A 24-bit or 256-colour foreground, readable in both colour schemes. The agent picked it for its
 * terminal's theme (pi's default is dark: its warning yellow is 1.1:1 on white, its dim grey 2.9:1
 * on a dark surface), so, as VS Code's terminal does with its minimum contrast ratio, a colour too
 * light for the light scheme is darkened and one too dark for the dark scheme lightened, just
 * enough for 4.5:1; a readable one is kept as sent. Darkening keeps the hue exactly (the linear
 * channels are scaled), lightening mixes in white.
 */
export function readableColor(r: number, g: number, b: number): string {
  const rgb = [r, g, b].map(linear);
  const [lr = 0, lg = 0, lb = 0] = rgb;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const css = (channels: readonly number[]) => `rgb(${channels.map(encoded).join(', ')})`;
  const light = y > LIGHT_SCHEME_MAX ? rgb.map((c) => (c * LIGHT_SCHEME_MAX) / y) : rgb;
  const mix = (DARK_SCHEME_MIN - y) / (1 - y);
  const dark = y < DARK_SCHEME_MIN ? rgb.map((c) => c + mix * (1 - c)) : rgb;
  return light === dark ? css(rgb) : `light-dark(${css(light)}, ${css(dark)})`;
}

function cssColor(color: AnsiColor, readable: boolean): string {
  if (color.kind === 'basic') return ansiBaseColor(color.index);
  const [r, g, b] = color.kind === 'rgb' ? [color.r, color.g, color.b] : xtermColor(color.index);
  return readable ? readableColor(r, g, b) : `rgb(${r}, ${g}, ${b})`;
}

/**
 * The CSS declarations for a style (property → value). Inverse swaps the colours. A 24-bit or
 * 256-colour foreground on the surface's own background is made readable ({@link readableColor});
 * one the agent paired with a background of its own is kept.
 */
export function ansiDeclarations(style: AnsiStyle): Record<string, string> {
  const declarations: Record<string, string> = {};
  let fg = style.fg && cssColor(style.fg, !style.bg && !style.inverse);
  let bg = style.bg && cssColor(style.bg, false);
  if (style.inverse) [fg, bg] = [bg ?? defaultBackground, fg ?? defaultForeground];
  if (fg) declarations.color = fg;
  if (bg) declarations['background-color'] = bg;
  if (style.bold) declarations['font-weight'] = 'bold';
  if (style.dim) declarations.opacity = 'var(--rpc-ansi-dim-opacity, 0.7)';
  if (style.italic) declarations['font-style'] = 'italic';
  if (style.underline) declarations['text-decoration-line'] = 'underline';
  return declarations;
}

/**
 * How many characters of one agent string are rendered. Laying out megabytes of text freezes a
 * page for seconds (20 MB: about half a minute); the full text stays in the controller.
 */
export const TEXT_RENDER_LIMIT = 100_000;

/** Options of {@link ansiText}. */
export interface AnsiTextOptions {
  /** Render at most this many characters (default {@link TEXT_RENDER_LIMIT}). */
  readonly limit?: number;
  /** Said after a cut text; `{count}` is how many characters were left out (default `textTruncated`). */
  readonly truncated?: CountedText;
  /** The locale `truncated` is in, for its plural rules and numbers (default `en`). */
  readonly locale?: string;
  /**
   * Each line of a multi-line text a block of its own (`.line`, see {@link agentLineStyles}), so
   * that each takes its own direction: WebKit starts no bidi paragraph at a line break that
   * `white-space` keeps. For text shown on several lines, not for one squeezed onto one.
   */
  readonly lines?: boolean;
}

/** How agent text cut for length says so: the note and its locale. */
export type TruncationOptions = Pick<AnsiTextOptions, 'truncated' | 'locale'>;

/** The lines of a multi-line agent text ({@link AnsiTextOptions.lines}): each its own paragraph. */
export const agentLineStyles = css`
  .line {
    display: block;
    unicode-bidi: plaintext;
  }
`;

/** `runs` cut at each `\n` into lines, each `\n` kept at the end of its line's last run. */
function splitLines(runs: readonly AnsiRun[]): AnsiRun[][] {
  const lines: AnsiRun[][] = [[]];
  for (const run of runs)
    for (const part of run.text.split(/(?<=\n)/)) {
      lines[lines.length - 1]?.push({ ...run, text: part });
      if (part.endsWith('\n')) lines.push([]);
    }
  return lines;
}

/**
 * `text` cut to `limit` characters (never inside a surrogate pair), and how many were left out.
 * Escape sequences count as characters: a cut one is dropped like any incomplete sequence.
 */
export function clipText(text: string, limit = TEXT_RENDER_LIMIT): { text: string; omitted: number } {
  if (text.length <= limit) return { text, omitted: 0 };
  let end = Math.max(0, Math.floor(limit));
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end), omitted: text.length - end };
}

/**
 * Agent text as plain text, for where styled spans cannot go (an announcement): escape sequences
 * and control characters (but `\n`, `\t`) dropped, cut to {@link TEXT_RENDER_LIMIT} characters
 * and followed by the `truncated` note, in `locale`.
 */
export function plainText(text: string, options: TruncationOptions = {}): string {
  const { truncated = stringsFor(agentTextEnglish, {}).textTruncated, locale } = options;
  const { text: shown, omitted } = clipText(text);
  return stripAnsi(shown) + (omitted ? format(truncated, { count: omitted }, locale) : '');
}

/**
 * Render agent text that may carry ANSI SGR codes: styled runs become `<span class="ansi">`
 * elements styled through the CSSOM, plain runs are bare text. Text is bound as text only, so
 * markup in it stays text. Other escape sequences and control characters (except `\n`, `\t`)
 * are dropped. The 16 base colours follow `--rpc-ansi-<name>` (e.g. `--rpc-ansi-bright-red`),
 * then VS Code's `--vscode-terminal-ansi<Name>`, then a built-in light/dark pair. Text longer
 * than `limit` characters is cut there and followed by the `truncated` note, as text.
 */
export function ansiText(text: string, options: AnsiTextOptions = {}): TemplateResult {
  const clipped = clipText(text, options.limit);
  const runs = parseAnsi(clipped.text);
  const { truncated = stringsFor(agentTextEnglish, {}).textTruncated, locale } = options;
  const note =
    clipped.omitted > 0
      ? html`<span class="truncated">${format(truncated, { count: clipped.omitted }, locale)}</span>`
      : '';
  const styled = (run: AnsiRun) =>
    sameStyle(run.style, plainStyle)
      ? run.text
      : html`<span class="ansi" ${cssomStyle(ansiDeclarations(run.style))}>${run.text}</span>`;
  if (!options.lines || !clipped.text.includes('\n')) return html`${runs.map(styled)}${note}`;
  const lines = splitLines(runs);
  return html`${lines.map(
    (line, index) =>
      html`<span class="line">${line.map(styled)}${index === lines.length - 1 ? note : ''}</span>`,
  )}`;
}
