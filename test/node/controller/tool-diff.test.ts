/** Edit diffs as the agents write them (the strings below are what their code gave for one edit). */
import { describe, expect, it } from 'vitest';
import { displayDiffLines, editDiff, patchLines } from '../../../src/controller/transcript/tool-diff.js';

// Line 10 of a 20-line file, `line 10`, made `LINE TEN` and `extra`.
const PI_DIFF =
  '    ...\n  8 line 8\n  9 line 9\n-10 line 10\n+10 LINE TEN\n+11 extra\n 11 line 11\n 12 line 12\n    ...';
const PI_PATCH =
  '--- x.txt\n+++ x.txt\n@@ -8,5 +8,6 @@\n line 8\n line 9\n-line 10\n+LINE TEN\n+extra\n line 11\n line 12\n';
const OMP_DIFF = ' 8|line 8\n 9|line 9\n-10|line 10\n+10|LINE TEN\n+11|extra\n 11|line 11\n 12|line 12';

describe('edit diffs', () => {
  it('reads a unified patch, numbering each side from its hunk', () => {
    expect(patchLines(PI_PATCH)).toEqual([
      { kind: 'context', oldLine: 8, newLine: 8, text: 'line 8' },
      { kind: 'context', oldLine: 9, newLine: 9, text: 'line 9' },
      { kind: 'removed', oldLine: 10, text: 'line 10' },
      { kind: 'added', newLine: 10, text: 'LINE TEN' },
      { kind: 'added', newLine: 11, text: 'extra' },
      { kind: 'context', oldLine: 11, newLine: 12, text: 'line 11' },
      { kind: 'context', oldLine: 12, newLine: 13, text: 'line 12' },
    ]);
    const twoHunks = `${PI_PATCH}@@ -40,1 +41,1 @@\n-a\n+b\n`;
    expect(patchLines(twoHunks).slice(7)).toEqual([
      { kind: 'gap', text: '' },
      { kind: 'removed', oldLine: 40, text: 'a' },
      { kind: 'added', newLine: 41, text: 'b' },
    ]);
  });

  it('reads pi’s and oh-my-pi’s display diffs the same way', () => {
    const pi = displayDiffLines(PI_DIFF);
    expect(pi[0]).toEqual({ kind: 'gap', text: '' });
    expect(pi.at(-1)).toEqual({ kind: 'gap', text: '' });
    expect(pi.slice(1, -1)).toEqual(displayDiffLines(OMP_DIFF));
    expect(displayDiffLines(OMP_DIFF).slice(2, 5)).toEqual([
      { kind: 'removed', oldLine: 10, text: 'line 10' },
      { kind: 'added', newLine: 10, text: 'LINE TEN' },
      { kind: 'added', newLine: 11, text: 'extra' },
    ]);
  });

  it('prefers the patch, takes the display diff otherwise, and nothing from details without either', () => {
    expect(editDiff({ diff: PI_DIFF, patch: PI_PATCH })).toEqual(patchLines(PI_PATCH));
    expect(editDiff({ diff: OMP_DIFF, firstChangedLine: 10 })).toEqual(displayDiffLines(OMP_DIFF));
    expect(editDiff({})).toBeUndefined();
    expect(editDiff(undefined)).toBeUndefined();
    expect(editDiff('diff')).toBeUndefined();
  });
});
