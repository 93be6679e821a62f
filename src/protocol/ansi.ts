/**
 * ANSI SGR parsing for agent text (status, widget lines, notifications, dialogs), DOM-free.
 *
 * Written here rather than taken from npm on purpose. Size: the kit may only depend on `lit`
 * and `zod`, and this file is about 2.1 kB minified (1.1 kB gzipped); the maintained parsers are
 * terminal emulators' or HTML converters', much larger, and often emit markup strings, which we
 * never want. Correctness: we need exactly the subset agents send (16, 256 and 24-bit colours,
 * bold, dim, italic, underline, inverse and their resets), a neutral token list (no HTML), every
 * other control sequence and C0/C1 control dropped, no throw on malformed input, and linear time
 * on untrusted input of any length. A small single-pass scanner (one regular expression), tested
 * on a corpus of real sequences, covers that.
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

// Marked pure (freezing a new object has no effect outside it): a bundle that never parses styles
// (only strips them) drops it.
/** The default style: no colour, no attribute. */
export const plainStyle: AnsiStyle = /* @__PURE__ */ Object.freeze({
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  inverse: false,
});

/**
 * One escape sequence or dropped control character; the alternatives are tried in this order:
 * 1. CSI (`ESC [` or C1 CSI): parameter bytes (group 1), intermediate bytes (group 2), final
 *    byte (group 3). Cut short by the end of the text, or by a character that is none of these
 *    (which then stays text or control), it ends there.
 * 2. A control string (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _`, or the C1
 *    forms of these) up to and including BEL, ST or `ESC \`, else up to another ESC or the end.
 * 3. Another escape: intermediate bytes and a final byte (`ESC ( B`, `ESC 7`), or a lone ESC.
 * 4. A C0 control other than `\t` and `\n`, DEL, a C1 control, or a bidi embedding, override or
 *    isolate (U+202A–202E, U+2066–2069: they could make a command read otherwise than it runs,
 *    or turn the sentence the kit quotes a title in): dropped alone.
 *
 * Each repeated class is disjoint from what may follow it and every tail is optional, so a match
 * never backtracks and always succeeds once it starts: time stays linear on untrusted input.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /(?:\x1b\[|\x9b)([0-?]*)([ -/]*)([@-~]?)|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:[\x07\x9c]|\x1b\\)?|\x1b[ -/]*[0-~]?|[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** Parse `text` into styled runs. Never throws; runs in time linear in the input. */
export function parseAnsi(text: string): AnsiRun[] {
  const runs: AnsiRun[] = [];
  let style = plainStyle;
  /** Text not yet in `runs`, all in `pendingStyle`. */
  let pending: string[] = [];
  let pendingStyle = plainStyle;
  const flush = () => {
    if (pending.length > 0) runs.push({ text: pending.join(''), style: pendingStyle });
    pending = [];
    pendingStyle = style;
  };
  let start = 0;
  const take = (end: number) => {
    if (end <= start) return;
    if (!sameStyle(style, pendingStyle)) flush();
    pending.push(text.slice(start, end));
  };
  for (const match of text.matchAll(CONTROL)) {
    take(match.index);
    start = match.index + match[0].length;
    const [, params = '', intermediates, final] = match;
    // Only `CSI <digits ; :> m` is kept, as SGR; every other sequence is dropped.
    if (final === 'm' && !intermediates && /^[\d;:]*$/.test(params)) style = applySgr(style, params);
  }
  take(text.length);
  flush();
  return runs;
}

/** The text without any escape sequence or dropped control character. */
export function stripAnsi(text: string): string {
  // What parseAnsi keeps, without parsing the styles (lighter, and fast on long lists).
  return text.replace(CONTROL, '');
}

/**
 * Agent text set into a sentence of the kit's own (an expiry note quoting a title): without escape
 * codes and bidi controls, and isolated (U+2068…U+2069), so that its direction (a Hebrew title in
 * an English sentence) stays inside it instead of reordering the sentence around it.
 */
export function quotedText(text: string): string {
  return `\u2068${stripAnsi(text)}\u2069`;
}

const FLAGS = ['bold', 'dim', 'italic', 'underline', 'inverse'] as const;

/** Whether two styles look the same. */
export function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return (
    a === b ||
    (FLAGS.every((flag) => a[flag] === b[flag]) &&
      colorKey(a.fg) === colorKey(b.fg) &&
      colorKey(a.bg) === colorKey(b.bg))
  );
}

/** A colour as a string that only the same colour has. */
function colorKey(color: AnsiColor | undefined): string | undefined {
  return color && (color.kind === 'rgb' ? `${color.r},${color.g},${color.b}` : `${color.kind}${color.index}`);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The attributes SGR codes set and clear (colours and the reset are handled apart). */
const ATTRIBUTES: Readonly<Record<number, Partial<AnsiStyle>>> = {
  1: { bold: true },
  2: { dim: true },
  3: { italic: true },
  4: { underline: true },
  7: { inverse: true },
  21: { underline: true }, // doubly underlined
  22: { bold: false, dim: false },
  23: { italic: false },
  24: { underline: false },
  27: { inverse: false },
};

/** Apply SGR parameters (`"1;38;2;255;0;0"`; empty means reset) to a style. */
function applySgr(current: AnsiStyle, params: string): AnsiStyle {
  let style: Mutable<AnsiStyle> = { ...current };
  const list = params.split(';');
  for (let p = 0; p < list.length; p++) {
    // A colon form (`38:2::r:g:b`, `4:3`) carries its arguments in the one parameter.
    const [head, ...sub] = (list[p] ?? '').split(':');
    const code = Number(head); // '' is 0, a reset
    if (code === 38 || code === 48) {
      // `38;5;n` and `38;2;r;g;b` take the next parameters. A colon form carries its own, and
      // `38:2:<id>:r:g:b` (six parts) has a colour space id to skip.
      const args =
        sub.length === 0
          ? list.slice(p + 1, p + 5)
          : sub[0] === '2' && sub.length > 4
            ? ['2', ...sub.slice(2)]
            : sub;
      const { color, used } = extendedColor(args);
      if (sub.length === 0) p += used;
      if (color) style[code === 38 ? 'fg' : 'bg'] = color;
    } else if (sub.length > 0) {
      // Underline styles (`4:3` curly, `4:0` none); other colon forms are ignored.
      if (code === 4) style.underline = sub[0] !== '0';
    } else if (code === 0) style = { ...plainStyle };
    else if (code >= 30 && code <= 37) style.fg = basic(code - 30);
    else if (code >= 40 && code <= 47) style.bg = basic(code - 40);
    else if (code >= 90 && code <= 97) style.fg = basic(code - 90 + 8);
    else if (code >= 100 && code <= 107) style.bg = basic(code - 100 + 8);
    else if (code === 39) delete style.fg;
    else if (code === 49) delete style.bg;
    // An attribute; anything else (blink, hidden, strike, fonts, overline, …) is not in the table.
    else Object.assign(style, ATTRIBUTES[code]);
  }
  return Object.freeze(style);
}

/** `5;n` or `2;r;g;b` (after 38 or 48): the colour if valid, and how many parameters it took. */
function extendedColor([mode, ...values]: readonly string[]): {
  color?: AnsiColor | undefined;
  used: number;
} {
  const [first, g, b] = values.slice(0, 3).map(byte);
  if (mode === '5') return { used: 2, color: first === undefined ? undefined : indexed(first) };
  if (mode !== '2') return { used: 1 };
  const valid = first !== undefined && g !== undefined && b !== undefined;
  return { used: 4, color: valid ? { kind: 'rgb', r: first, g, b } : undefined };
}

/** A colour index or component: 0–255 in at most three digits. */
function byte(value: string): number | undefined {
  return /^\d{1,3}$/.test(value) && Number(value) <= 255 ? Number(value) : undefined;
}

function basic(index: number): AnsiColor {
  return { kind: 'basic', index };
}

/** 256-colour indexes 0–15 are the base colours, so they follow the theme like `30–37`, `90–97`. */
function indexed(index: number): AnsiColor {
  return index < 16 ? basic(index) : { kind: 'indexed', index };
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
