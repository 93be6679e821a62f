import { html, type TemplateResult } from 'lit';
import { cssomStyle } from './cssom-style.js';
import { type AnsiColor, type AnsiStyle, isPlainStyle, parseAnsi, xtermColor } from '../../protocol/ansi.js';

/** The 16 base colours, as named in the `--rpc-ansi-<name>` tokens. */
export const ansiColorNames = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'bright-black',
  'bright-red',
  'bright-green',
  'bright-yellow',
  'bright-blue',
  'bright-magenta',
  'bright-cyan',
  'bright-white',
] as const;

// Fallbacks (light, dark) chosen to stay readable on the kit's neutral backgrounds: black and
// white are greys in the scheme where they would vanish.
const fallbacks: readonly (readonly [string, string])[] = [
  ['#1f1f1f', '#909090'],
  ['#c21b1b', '#f06a6a'],
  ['#1a7f1a', '#3fcf6f'],
  ['#7a6400', '#e0d24a'],
  ['#1f5fbf', '#5a9cf0'],
  ['#a32aa3', '#d77ad7'],
  ['#07738a', '#3cc4dd'],
  ['#6b6b6b', '#e4e4e4'],
  ['#5c5c5c', '#a0a0a0'],
  ['#b00000', '#ff8585'],
  ['#0d6b0d', '#6fe39a'],
  ['#665300', '#f2ea7a'],
  ['#0a4fa8', '#86b8f5'],
  ['#8f1f8f', '#e89be8'],
  ['#065f72', '#78dcec'],
  ['#555555', '#ffffff'],
];

/** `--vscode-terminal-ansiBrightRed` style names for the VS Code fallback. */
function vscodeName(name: string): string {
  return `ansi${name.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}`;
}

/** The CSS value of base colour `index` (0–15): theme token, VS Code terminal colour, fallback. */
export function ansiBaseColor(index: number): string {
  const name = ansiColorNames[index] ?? 'white';
  const [light, dark] = fallbacks[index] ?? ['CanvasText', 'CanvasText'];
  return `var(--rpc-ansi-${name}, var(--vscode-terminal-${vscodeName(name)}, light-dark(${light}, ${dark})))`;
}

const defaultForeground = 'var(--rpc-foreground, var(--vscode-foreground, CanvasText))';
const defaultBackground = 'var(--rpc-background, var(--vscode-editor-background, Canvas))';

function cssColor(color: AnsiColor): string {
  if (color.kind === 'basic') return ansiBaseColor(color.index);
  const [r, g, b] = color.kind === 'rgb' ? [color.r, color.g, color.b] : xtermColor(color.index);
  return `rgb(${r}, ${g}, ${b})`;
}

/** The CSS declarations for a style (property → value). Inverse swaps the colours. */
export function ansiDeclarations(style: AnsiStyle): Record<string, string> {
  const declarations: Record<string, string> = {};
  let fg = style.fg && cssColor(style.fg);
  let bg = style.bg && cssColor(style.bg);
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
 * Render agent text that may carry ANSI SGR codes: styled runs become `<span class="ansi">`
 * elements styled through the CSSOM, plain runs are bare text. Text is bound as text only, so
 * markup in it stays text. Other escape sequences and control characters (except `\n`, `\t`)
 * are dropped. The 16 base colours follow `--rpc-ansi-<name>` (e.g. `--rpc-ansi-bright-red`),
 * then VS Code's `--vscode-terminal-ansi<Name>`, then a built-in light/dark pair.
 */
export function ansiText(text: string): TemplateResult {
  const runs = parseAnsi(text);
  return html`${runs.map((run) =>
    isPlainStyle(run.style)
      ? run.text
      : html`<span class="ansi" ${cssomStyle(ansiDeclarations(run.style))}>${run.text}</span>`,
  )}`;
}
