/** The ANSI SGR parser on a corpus of real sequences, malformed input and a large string. */
import { describe, expect, it } from 'vitest';
import {
  type AnsiRun,
  type AnsiStyle,
  parseAnsi,
  plainStyle,
  stripAnsi,
  xtermColor,
} from '../../../src/protocol/ansi.js';

const E = '\u001b';

function style(partial: Partial<AnsiStyle>): AnsiStyle {
  return { ...plainStyle, ...partial };
}

function runs(text: string): { text: string; style: AnsiStyle }[] {
  return parseAnsi(text).map((run: AnsiRun) => ({ text: run.text, style: { ...run.style } }));
}

const red = { kind: 'basic', index: 1 } as const;

describe('parseAnsi', () => {
  it('returns plain text as one plain run, and nothing for the empty string', () => {
    expect(runs('hello ✓ 🚀')).toEqual([{ text: 'hello ✓ 🚀', style: style({}) }]);
    expect(runs('')).toEqual([]);
    expect(runs(`${E}[31m${E}[0m`)).toEqual([]);
  });

  it('reads the 8 base colours and resets with 39 / 0 / empty params', () => {
    expect(runs(`a${E}[31mred${E}[39mb`)).toEqual([
      { text: 'a', style: style({}) },
      { text: 'red', style: style({ fg: red }) },
      { text: 'b', style: style({}) },
    ]);
    expect(runs(`${E}[32mgreen${E}[0m.`)[1]).toEqual({ text: '.', style: style({}) });
    expect(runs(`${E}[34mblue${E}[m.`)[1]).toEqual({ text: '.', style: style({}) });
    expect(runs(`${E}[37;40mx`)[0]?.style).toEqual(
      style({ fg: { kind: 'basic', index: 7 }, bg: { kind: 'basic', index: 0 } }),
    );
    expect(runs(`${E}[41mx${E}[49my`).map((r) => r.style.bg)).toEqual([red, undefined]);
  });

  it('reads bright colours 90–97 and 100–107 as indexes 8–15', () => {
    expect(runs(`${E}[91mx${E}[107my`).map((r) => r.style)).toEqual([
      style({ fg: { kind: 'basic', index: 9 } }),
      style({ fg: { kind: 'basic', index: 9 }, bg: { kind: 'basic', index: 15 } }),
    ]);
    expect(runs(`${E}[97mx`)[0]?.style.fg).toEqual({ kind: 'basic', index: 15 });
    expect(runs(`${E}[100mx`)[0]?.style.bg).toEqual({ kind: 'basic', index: 8 });
  });

  it('reads 256 colours (indexes below 16 are base colours)', () => {
    expect(runs(`${E}[38;5;208mo`)[0]?.style.fg).toEqual({ kind: 'indexed', index: 208 });
    expect(runs(`${E}[48;5;236mo`)[0]?.style.bg).toEqual({ kind: 'indexed', index: 236 });
    expect(runs(`${E}[38;5;9mo`)[0]?.style.fg).toEqual({ kind: 'basic', index: 9 });
    expect(runs(`${E}[38:5:33mo`)[0]?.style.fg).toEqual({ kind: 'indexed', index: 33 });
    expect(xtermColor(16)).toEqual([0, 0, 0]);
    expect(xtermColor(196)).toEqual([255, 0, 0]);
    expect(xtermColor(231)).toEqual([255, 255, 255]);
    expect(xtermColor(244)).toEqual([128, 128, 128]);
  });

  it("reads 24-bit colours the way pi's theme writes them", () => {
    expect(runs(`${E}[38;2;138;190;183mready${E}[39m`)).toEqual([
      { text: 'ready', style: style({ fg: { kind: 'rgb', r: 138, g: 190, b: 183 } }) },
    ]);
    expect(runs(`${E}[48;2;1;2;3mx${E}[49m`)[0]?.style.bg).toEqual({ kind: 'rgb', r: 1, g: 2, b: 3 });
    // ITU colon forms, with and without the colour space id.
    expect(runs(`${E}[38:2::10:20:30mx`)[0]?.style.fg).toEqual({ kind: 'rgb', r: 10, g: 20, b: 30 });
    expect(runs(`${E}[38:2:10:20:30mx`)[0]?.style.fg).toEqual({ kind: 'rgb', r: 10, g: 20, b: 30 });
  });

  it('reads bold, dim, italic, underline, inverse and each reset', () => {
    const text = `${E}[1mB${E}[2mD${E}[22m${E}[3mI${E}[23m${E}[4mU${E}[24m${E}[7mV${E}[27mplain`;
    expect(runs(text)).toEqual([
      { text: 'B', style: style({ bold: true }) },
      { text: 'D', style: style({ bold: true, dim: true }) },
      { text: 'I', style: style({ italic: true }) },
      { text: 'U', style: style({ underline: true }) },
      { text: 'V', style: style({ inverse: true }) },
      { text: 'plain', style: style({}) },
    ]);
    expect(runs(`${E}[4:3mcurly${E}[4:0mx`).map((r) => r.style.underline)).toEqual([true, false]);
  });

  it('reads combined parameters and a reset inside a list', () => {
    expect(runs(`${E}[1;3;31;48;5;17mx`)[0]?.style).toEqual(
      style({ bold: true, italic: true, fg: red, bg: { kind: 'indexed', index: 17 } }),
    );
    expect(runs(`${E}[1;31mx${E}[0;4my`)[1]?.style).toEqual(style({ underline: true }));
    expect(runs(`${E}[;1mx`)[0]?.style).toEqual(style({ bold: true }));
    expect(runs(`${E}[38;2;1;2;3;1mx`)[0]?.style).toEqual(
      style({ bold: true, fg: { kind: 'rgb', r: 1, g: 2, b: 3 } }),
    );
  });

  it('merges neighbours with the same style and drops empty runs', () => {
    expect(runs(`${E}[31ma${E}[31mb${E}[1m${E}[22mc`)).toEqual([{ text: 'abc', style: style({ fg: red }) }]);
  });

  it('drops OSC hyperlinks but keeps their text', () => {
    const link = `${E}]8;;https://example.com${E}\\docs${E}]8;;${E}\\ end`;
    expect(stripAnsi(link)).toBe('docs end');
    expect(stripAnsi(`${E}]8;;https://x\u0007x${E}]8;;\u0007`)).toBe('x');
    expect(stripAnsi(`${E}]0;window title\u0007after`)).toBe('after');
  });

  it('drops cursor moves, erases, private modes and other CSI sequences', () => {
    expect(stripAnsi(`${E}[2K${E}[1Gline${E}[3A${E}[?25l${E}[?25h${E}[>4;2m!`)).toBe('line!');
    expect(stripAnsi(`${E}[1 q${E}[6n${E}[38;2;1;2;3 mok`)).toBe('ok');
  });

  it('drops other escapes, DCS/APC strings and C1 controls', () => {
    expect(stripAnsi(`${E}(Ba${E}7b${E}8c${E}Pq#0;2;0;0;0${E}\\d${E}_apc${E}\\e`)).toBe('abcde');
    expect(runs(`\u009b31mx\u009b0my`)).toEqual([
      { text: 'x', style: style({ fg: red }) },
      { text: 'y', style: style({}) },
    ]);
    expect(stripAnsi('a\u009d8;;u\u009cb\u0085c')).toBe('abc');
  });

  it('drops bidi embeddings, overrides and isolates (a command must read as it runs), keeps direction marks', () => {
    // "Trojan source": an override makes `rm -rf ~ # ok` read otherwise than it runs.
    expect(stripAnsi('echo ok \u202e~ fr- mr\u202c')).toBe('echo ok ~ fr- mr');
    expect(stripAnsi('a\u202ab\u202bc\u202dd\u2066e\u2067f\u2068g\u2069h')).toBe('abcdefgh');
    expect(stripAnsi('שלום\u200e ok\u200f')).toBe('שלום\u200e ok\u200f');
    expect(runs('x\u202ey').map((run) => run.text)).toEqual(['xy']);
  });

  it('drops C0 controls except newline and tab', () => {
    expect(stripAnsi('a\u0000b\u0007c\bd\re\u000bf\u000cg\u007fh\n\ti')).toBe('abcdefgh\n\ti');
  });

  it('survives malformed and truncated sequences', () => {
    expect(stripAnsi(`abc${E}`)).toBe('abc');
    expect(stripAnsi(`abc${E}[`)).toBe('abc');
    expect(stripAnsi(`abc${E}[38;5`)).toBe('abc');
    expect(stripAnsi(`a${E}]8;;never ends`)).toBe('a');
    expect(stripAnsi(`a${E} b`)).toBe('a');
    expect(stripAnsi(`a${E}${E}[31mb`)).toBe('ab');
    // A broken CSI ends at the offending character, which stays text.
    expect(stripAnsi(`a${E}[31\u00e9b`)).toBe('a\u00e9b');
    expect(stripAnsi(`a${E}[31\nb`)).toBe('a\nb');
    // Values out of range or missing are ignored, the rest of the list still applies.
    expect(runs(`${E}[38;5;300;1mx`)[0]?.style).toEqual(style({ bold: true }));
    expect(runs(`${E}[38;2;1;2mx`)[0]?.style).toEqual(style({}));
    expect(runs(`${E}[38;2;999;0;0mx`)[0]?.style).toEqual(style({}));
    expect(runs(`${E}[38mx`)[0]?.style).toEqual(style({}));
    expect(runs(`${E}[38;7mx`)[0]?.style).toEqual(style({}));
    expect(runs(`${E}[99999999999999999999mx`)[0]?.style).toEqual(style({}));
    expect(runs(`${E}[5;8;9;53mx`)[0]?.style).toEqual(style({}));
  });

  it('never throws on random input', () => {
    const alphabet = [E, '[', ']', ';', ':', 'm', '3', '8', '2', '5', '\\', '\u0007', '\u009b', 'a', '\n'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let i = 0; i < 40; i++) text += alphabet[Math.floor(random() * alphabet.length)] ?? '';
      const out = parseAnsi(text);
      for (const run of out) {
        const codes = [...run.text].map((c) => c.charCodeAt(0));
        expect(codes.filter((c) => (c < 0x20 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f))).toEqual([]);
      }
    }
  });

  it('parses a 1 MB string in linear time, text intact', () => {
    const unit = `${E}[38;2;10;20;30mab${E}[39m${E}[1mcd${E}[22m${E}]8;;u${E}\\e\u0000`;
    const count = Math.ceil(1_000_000 / unit.length);
    const out = parseAnsi(unit.repeat(count));
    expect(out).toHaveLength(count * 3);
    expect(out.map((r) => r.text).join('')).toBe('abcde'.repeat(count));
    // Pathological: one sequence that never ends, and a million bare ESCs.
    expect(parseAnsi(`x${E}[${'1;'.repeat(500_000)}`)).toEqual([{ text: 'x', style: plainStyle }]);
    expect(stripAnsi(E.repeat(1_000_000))).toBe('');
    expect(stripAnsi('plain '.repeat(200_000))).toHaveLength(1_200_000);
  });
});
