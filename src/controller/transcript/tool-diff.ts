/**
 * An edit's diff as the agents give it (docs/agents.md, "Tool calls"), as lines a card can show:
 * a unified patch (pi 1.6.0, atomic: `details.patch`), or the display diff each agent writes
 * (`details.diff`: pi and atomic `+10 text`, oh-my-pi `+10|text`), each line with the numbers the
 * agent gives. DOM-free.
 */

/** One line of a diff. */
export interface DiffLine {
  readonly kind: 'added' | 'removed' | 'context' | 'gap';
  /** Its number in the file before the edit (removed and context lines, when given). */
  readonly oldLine?: number;
  /** Its number in the file after the edit (added and context lines, when given). */
  readonly newLine?: number;
  readonly text: string;
}

const KIND = { '+': 'added', '-': 'removed', ' ': 'context' } as const;

/** `@@ -6,9 +6,10 @@`: where a hunk starts on each side. */
const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** A unified patch's lines, numbered from its hunk headers; its file headers left out. */
export function patchLines(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  for (const line of patch.split('\n')) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      if (inHunk) lines.push({ kind: 'gap', text: '' });
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      inHunk = true;
      continue;
    }
    const kind = KIND[line.charAt(0) as keyof typeof KIND];
    // File headers (`---`, `+++`, `Index:`, `===`) come before the first hunk.
    if (!inHunk || !kind) continue;
    const text = line.slice(1);
    if (kind === 'added') lines.push({ kind, newLine: newLine++, text });
    else if (kind === 'removed') lines.push({ kind, oldLine: oldLine++, text });
    else lines.push({ kind, oldLine: oldLine++, newLine: newLine++, text });
  }
  return lines;
}

/** ` 11 text`, `-10 text`, `+10|text`, `    ...`: a display diff's line. */
const DISPLAY = /^([+\- ])\s*(\d+)(?: |\|)(.*)$/;

/**
 * A display diff's lines (pi, atomic: `-10 old`, `+10 new`, ` 11 context`, `...` for a gap;
 * oh-my-pi: `-10|old`). The agents number removed and context lines in the old file and added
 * lines in the new one.
 */
export function displayDiffLines(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const line of diff.split('\n')) {
    if (/^\s*\.\.\.\s*$/.test(line)) {
      lines.push({ kind: 'gap', text: '' });
      continue;
    }
    const match = DISPLAY.exec(line);
    const kind = match && KIND[match[1] as keyof typeof KIND];
    if (!match || !kind) continue;
    const number = Number(match[2]);
    const text = match[3] ?? '';
    lines.push(kind === 'added' ? { kind, newLine: number, text } : { kind, oldLine: number, text });
  }
  return lines;
}

/** The diff of an edit's `details`: its patch when there is one, else its display diff. */
export function editDiff(details: unknown): DiffLine[] | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const { patch, diff } = details as { patch?: unknown; diff?: unknown };
  if (typeof patch === 'string' && patch.includes('@@')) return patchLines(patch);
  if (typeof diff === 'string' && diff !== '') return displayDiffLines(diff);
  return undefined;
}
