/**
 * ANSI SGR parsing for agent text (status, widget lines, notifications, titles), DOM-free.
 *
 * Written here rather than taken from npm on purpose. Size: the kit may only depend on `lit`
 * and `zod`, and this file is about 3.7 kB minified (1.7 kB gzipped); the maintained parsers are terminal
 * emulators' or HTML converters', much larger, and often emit markup strings, which we never
 * want. Correctness: we need exactly the subset agents send (16, 256 and 24-bit colours, bold,
 * dim, italic, underline, inverse and their resets), a neutral token list (no HTML), every other
 * control sequence and C0/C1 control dropped, no throw on malformed input, and linear time on
 * untrusted input of any length. A small single-pass scanner, tested on a corpus of real
 * sequences, covers that.
 *
 * @module
 */

/** A colour: a base colour (0–7, bright 8–15), another xterm 256-colour index, or 24-bit RGB. */
export type AnsiColor =
  | { readonly kind: 'basic'; readonly index: number }
  | { readonly kind: 'indexed'; readonly index: number }
  | { readonly kind: 'rgb'; readonly r: number; readonly g: number; readonly b: number };

/** The style of a run of text. Absent colours mean the default ones. */
export interface AnsiStyle {
  readonly fg?: AnsiColor;
  readonly bg?: AnsiColor;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly inverse: boolean;
}

/** A piece of text with one style. Never empty; two neighbours never share a style. */
export interface AnsiRun {
  readonly text: string;
  readonly style: AnsiStyle;
}

/** The default style: no colour, no attribute. */
export const plainStyle: AnsiStyle = Object.freeze({
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  inverse: false,
});

/** Whether a style is the default one. */
export function isPlainStyle(style: AnsiStyle): boolean {
  return (
    !style.fg && !style.bg && !style.bold && !style.dim && !style.italic && !style.underline && !style.inverse
  );
}

const ESC = 0x1b;
const BEL = 0x07;
const C1_CSI = 0x9b;
const C1_OSC = 0x9d;
const C1_ST = 0x9c;

/** Parse `text` into styled runs. Never throws; runs in time linear in the input. */
export function parseAnsi(text: string): AnsiRun[] {
  const runs: AnsiRun[] = [];
  let style = plainStyle;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    const last = runs[runs.length - 1];
    if (last && sameStyle(last.style, style)) runs[runs.length - 1] = { text: last.text + chunk, style };
    else runs.push({ text: chunk, style });
  };
  const length = text.length;
  let start = 0;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) {
      i++;
      continue;
    }
    if (i > start) pending.push(text.slice(start, i));
    let next: number;
    if (code === ESC || code === C1_CSI || code === C1_OSC || isC1String(code)) {
      const sequence = readSequence(text, i);
      next = sequence.end;
      if (sequence.sgr !== undefined) {
        const updated = applySgr(style, sequence.sgr);
        if (!sameStyle(updated, style)) {
          flush();
          style = updated;
        }
      }
    } else {
      // Another C0 or C1 control, or DEL: dropped.
      next = i + 1;
    }
    i = next;
    start = next;
  }
  if (length > start) pending.push(text.slice(start));
  flush();
  return runs;
}

/** The text without any escape sequence or dropped control character. */
export function stripAnsi(text: string): string {
  let out = '';
  for (const run of parseAnsi(text)) out += run.text;
  return out;
}

/** Whether two styles look the same. */
export function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return (
    a === b ||
    (a.bold === b.bold &&
      a.dim === b.dim &&
      a.italic === b.italic &&
      a.underline === b.underline &&
      a.inverse === b.inverse &&
      sameColor(a.fg, b.fg) &&
      sameColor(a.bg, b.bg))
  );
}

function sameColor(a: AnsiColor | undefined, b: AnsiColor | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.kind === 'rgb' || b.kind === 'rgb')
    return a.kind === 'rgb' && b.kind === 'rgb' && a.r === b.r && a.g === b.g && a.b === b.b;
  return a.kind === b.kind && a.index === b.index;
}

/** Kept: `\t` and `\n`. Dropped: other C0 controls, DEL and C1 controls. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}

/** C1 controls that open a string ended by ST: DCS, SOS, PM, APC. */
function isC1String(code: number): boolean {
  return code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f;
}

interface Sequence {
  /** Index just after the sequence. */
  readonly end: number;
  /** The parameters when it is an SGR sequence (`CSI … m`). */
  readonly sgr?: string;
}

/** Read the escape sequence or C1 control at `at`. A truncated or broken one ends early. */
function readSequence(text: string, at: number): Sequence {
  const code = text.charCodeAt(at);
  if (code === C1_CSI) return readCsi(text, at + 1);
  if (code === C1_OSC || isC1String(code)) return { end: skipString(text, at + 1) };
  // ESC
  const next = at + 1 < text.length ? text.charCodeAt(at + 1) : -1;
  if (next === 0x5b /* [ */) return readCsi(text, at + 2);
  if (
    next === 0x5d /* ] */ ||
    next === 0x50 /* P */ ||
    next === 0x58 /* X */ ||
    next === 0x5e /* ^ */ ||
    next === 0x5f /* _ */
  )
    return { end: skipString(text, at + 2) };
  if (next >= 0x20 && next <= 0x2f) {
    // nF escape (e.g. `ESC ( B`): intermediates, then one final byte.
    let i = at + 2;
    while (i < text.length && isIntermediate(text.charCodeAt(i))) i++;
    if (i < text.length && isFinalEscape(text.charCodeAt(i))) i++;
    return { end: i };
  }
  if (isFinalEscape(next)) return { end: at + 2 };
  // A lone ESC: drop it alone.
  return { end: at + 1 };
}

function isIntermediate(code: number): boolean {
  return code >= 0x20 && code <= 0x2f;
}

function isFinalEscape(code: number): boolean {
  return code >= 0x30 && code <= 0x7e;
}

/** A CSI sequence from its first parameter byte. Only `CSI <digits ; :> m` is kept, as SGR. */
function readCsi(text: string, from: number): Sequence {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x3f) i++;
    else break;
  }
  const paramsEnd = i;
  while (i < text.length && isIntermediate(text.charCodeAt(i))) i++;
  if (i >= text.length) return { end: i };
  const final = text.charCodeAt(i);
  if (final < 0x40 || final > 0x7e) {
    // Broken: end the sequence here and read the offending character as text or control.
    return { end: i };
  }
  const params = text.slice(from, paramsEnd);
  if (final === 0x6d /* m */ && i === paramsEnd && /^[\d;:]*$/.test(params))
    return { end: i + 1, sgr: params };
  return { end: i + 1 };
}

/** Skip a control string (OSC, DCS, SOS, PM, APC) up to BEL, `ESC \` or ST, or the end. */
function skipString(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BEL || code === C1_ST) return i + 1;
    if (code === ESC) return text.charCodeAt(i + 1) === 0x5c /* \ */ ? i + 2 : i;
  }
  return text.length;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Apply SGR parameters (`"1;38;2;255;0;0"`; empty means reset) to a style. */
function applySgr(current: AnsiStyle, params: string): AnsiStyle {
  const style: Mutable<AnsiStyle> = { ...current };
  const list = params.split(';');
  for (let p = 0; p < list.length; p++) {
    const param = list[p] ?? '';
    if (param.includes(':')) {
      applySubParams(style, param.split(':'));
      continue;
    }
    const code = param === '' ? 0 : Number(param);
    if (code === 38 || code === 48) {
      const { color, used } = extendedColor(list, p + 1);
      p += used;
      if (color) style[code === 38 ? 'fg' : 'bg'] = color;
      continue;
    }
    applyCode(style, code);
  }
  return freeze(style);
}

function applyCode(style: Mutable<AnsiStyle>, code: number): void {
  if (code === 0) {
    Object.assign(style, plainStyle);
    delete style.fg;
    delete style.bg;
  } else if (code === 1) style.bold = true;
  else if (code === 2) style.dim = true;
  else if (code === 3) style.italic = true;
  else if (code === 4 || code === 21) style.underline = true;
  else if (code === 7) style.inverse = true;
  else if (code === 22) style.bold = style.dim = false;
  else if (code === 23) style.italic = false;
  else if (code === 24) style.underline = false;
  else if (code === 27) style.inverse = false;
  else if (code >= 30 && code <= 37) style.fg = basic(code - 30);
  else if (code === 39) delete style.fg;
  else if (code >= 40 && code <= 47) style.bg = basic(code - 40);
  else if (code === 49) delete style.bg;
  else if (code >= 90 && code <= 97) style.fg = basic(code - 90 + 8);
  else if (code >= 100 && code <= 107) style.bg = basic(code - 100 + 8);
  // Anything else (blink, hidden, strike, fonts, overline, …) is ignored.
}

/** `38;5;n` or `38;2;r;g;b` from `list[from]` on; `used` says how many parameters it took. */
function extendedColor(list: readonly string[], from: number): { color?: AnsiColor; used: number } {
  const mode = list[from];
  if (mode === '5') {
    const index = byte(list[from + 1]);
    return { used: 2, ...(index === undefined ? {} : { color: indexed(index) }) };
  }
  if (mode === '2') {
    const [r, g, b] = [byte(list[from + 1]), byte(list[from + 2]), byte(list[from + 3])];
    const valid = r !== undefined && g !== undefined && b !== undefined;
    return { used: 4, ...(valid ? { color: { kind: 'rgb', r, g, b } } : {}) };
  }
  return { used: mode === undefined ? 0 : 1 };
}

/** The colon forms: `38:5:n`, `38:2:r:g:b`, `38:2:<space>:r:g:b`, `4:n` (underline styles). */
function applySubParams(style: Mutable<AnsiStyle>, parts: readonly string[]): void {
  const code = Number(parts[0] || '0');
  if (code === 4) {
    style.underline = parts[1] !== '0';
    return;
  }
  if (code !== 38 && code !== 48) return;
  const rest = parts[1] === '2' && parts.length >= 6 ? ['2', ...parts.slice(3)] : parts.slice(1);
  const { color } = extendedColor(rest, 0);
  if (color) style[code === 38 ? 'fg' : 'bg'] = color;
}

function byte(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,3}$/.test(value)) return undefined;
  const number = Number(value);
  return number <= 255 ? number : undefined;
}

function basic(index: number): AnsiColor {
  return { kind: 'basic', index };
}

/** 256-colour indexes 0–15 are the base colours, so they follow the theme like `30–37`, `90–97`. */
function indexed(index: number): AnsiColor {
  return index < 16 ? basic(index) : { kind: 'indexed', index };
}

function freeze(style: Mutable<AnsiStyle>): AnsiStyle {
  if (style.fg === undefined) delete style.fg;
  if (style.bg === undefined) delete style.bg;
  return Object.freeze(style);
}

/** The xterm 256-colour palette: `index` (16–255) as `[r, g, b]`. */
export function xtermColor(index: number): readonly [number, number, number] {
  if (index < 232) {
    const cube = index - 16;
    const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
    return [level(Math.floor(cube / 36) % 6), level(Math.floor(cube / 6) % 6), level(cube % 6)];
  }
  const grey = 8 + (index - 232) * 10;
  return [grey, grey, grey];
}
