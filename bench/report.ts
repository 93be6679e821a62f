import { cpus } from 'node:os';
import type { Timing } from './measure.js';
import type { BenchRow } from './rows.js';
import type { Corpus } from './stream-corpus.js';

/** Everything the bench prints, as data (what `--json` writes). */
export interface Report {
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly node: string;
    readonly v8: string;
  };
  readonly method: { readonly warmups: number; readonly runs: number; readonly gcBetweenRuns: boolean };
  readonly stream: {
    readonly bytes: number;
    readonly lines: number;
    readonly chunks: number;
    readonly extensionUiRequests: number;
    readonly dialogs: number;
    readonly lineBytes: Corpus['sizes'];
    readonly types: Readonly<Record<string, number>>;
  };
  readonly cases: readonly CaseFigures[];
  /** Chromium (bench/browser) and end-to-end (bench/e2e) figures, when they ran. */
  readonly figures: readonly BenchRow[];
}

export interface CaseFigures {
  readonly id: string;
  readonly name: string;
  readonly medianMs: number;
  readonly samplesMs: readonly number[];
  readonly linesPerSecond: number;
  /** Megabytes (10^6 bytes of the UTF-8 stream) per second. */
  readonly megabytesPerSecond: number;
  /** Throughput divided by baseline a's. */
  readonly ratio: number;
  readonly aim: number | null;
  readonly meetsAim: boolean | null;
}

export function makeReport(
  corpus: Corpus,
  timings: readonly Timing[],
  method: Report['method'],
  figures: readonly BenchRow[] = [],
): Report {
  const baseline = timings[0]?.medianMs ?? Number.NaN;
  const cpu = cpus();
  return {
    machine: {
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      node: process.version,
      v8: process.versions.v8,
    },
    method,
    stream: {
      bytes: corpus.bytes,
      lines: corpus.lines,
      chunks: corpus.chunks.length,
      extensionUiRequests: corpus.requests,
      dialogs: corpus.dialogs,
      lineBytes: corpus.sizes,
      types: Object.fromEntries(corpus.types),
    },
    cases: timings.map(({ benchCase, samples, medianMs }) => {
      const seconds = medianMs / 1000;
      const ratio = baseline / medianMs;
      const aim = benchCase.aim ?? null;
      return {
        id: benchCase.id,
        name: benchCase.name,
        medianMs: round(medianMs, 2),
        samplesMs: samples.map((ms) => round(ms, 2)),
        linesPerSecond: Math.round(corpus.lines / seconds),
        megabytesPerSecond: round(corpus.bytes / 1e6 / seconds, 1),
        ratio: round(ratio, 2),
        aim,
        meetsAim: aim === null ? null : ratio >= aim,
      };
    }),
    figures,
  };
}

/** The report as the text `npm run bench` prints: machine and stream, then one table. */
export function formatReport(report: Report): string {
  const { machine, method, stream } = report;
  const header = [
    `machine: ${machine.cpu} (${machine.cores} cores), Node ${machine.node}, V8 ${machine.v8}`,
    `stream:  ${mb(stream.bytes)} MB, ${count(stream.lines)} lines in ${count(stream.chunks)} chunks of 64 KiB; ` +
      `${stream.extensionUiRequests} extension_ui_request (${stream.dialogs} dialogs); ` +
      `line bytes p50 ${count(stream.lineBytes.p50)}, p99 ${count(stream.lineBytes.p99)}, max ${count(stream.lineBytes.max)}`,
    `method:  median of ${method.runs} runs after ${method.warmups} warm-ups, cases round-robin, ` +
      `GC before each run: ${method.gcBetweenRuns ? 'yes' : 'no'}`,
    '',
  ];
  const streamRows = report.cases.map((row) => [
    row.name,
    `${count(row.linesPerSecond)} lines/s, ${row.megabytesPerSecond.toFixed(1)} MB/s`,
    '',
    `${row.ratio.toFixed(2)}x`,
    row.aim === null ? '' : `≥${row.aim}x ${row.meetsAim ? 'met' : 'MISSED'}`,
  ]);
  const figureRows = report.figures
    .filter(inChromium)
    .map((row) => [
      `${row.group}: ${row.name}`,
      withUnit(row.value, row.unit),
      row.p95 === undefined ? '' : withUnit(row.p95, row.unit),
      '',
      row.aim === undefined ? '' : `≤${withUnit(row.aim.max, row.unit)} ${row.meetsAim ? 'met' : 'MISSED'}`,
    ]);
  const table = markdownTable(
    ['case', 'median', 'p95', 'vs a', 'aim'],
    [...streamRows, ...figureRows],
    [false, true, true, true, false],
  );
  const engines = formatEngines(report.figures);
  return [...header, table, ...(engines ? ['', engines] : [])].join('\n');
}

/** A figure of Chromium's, or of no browser: the main table's. */
const inChromium = (row: BenchRow) => row.engine === undefined || row.engine === 'chromium';

/**
 * The browser figures measured in more than one engine, a column per engine (median, and the aim
 * where it was missed); `''` when only one engine ran.
 */
export function formatEngines(rows: readonly BenchRow[]): string {
  const engines = [...new Set(rows.flatMap((row) => (row.engine ? [row.engine] : [])))];
  if (engines.length < 2) return '';
  const cases = new Map<string, Map<string, BenchRow>>();
  for (const row of rows) {
    if (!row.engine) continue;
    const key = `${row.group}: ${row.name}`;
    if (!cases.has(key)) cases.set(key, new Map());
    cases.get(key)?.set(row.engine, row);
  }
  const body = [...cases]
    .filter(([, by]) => by.size > 1)
    .map(([key, by]) => [
      key,
      ...engines.map((engine) => {
        const row = by.get(engine);
        if (!row) return '';
        const missed = row.aim && !row.meetsAim ? ` (aim ≤${withUnit(row.aim.max, row.unit)} MISSED)` : '';
        return `${withUnit(row.value, row.unit)}${missed}`;
      }),
    ]);
  return markdownTable(['case (median)', ...engines], body, [false, ...engines.map(() => true)]);
}

/**
 * Browser and end-to-end rows alone, as their standalone runners print them: Chromium's (and those
 * of no browser) in full, then the engines side by side.
 */
export function formatRows(rows: readonly BenchRow[]): string {
  const body = rows
    .filter(inChromium)
    .map((row) => [
      `${row.group}: ${row.name}`,
      withUnit(row.value, row.unit),
      row.p95 === undefined ? '' : withUnit(row.p95, row.unit),
      row.samples === undefined ? '' : count(row.samples),
      row.aim === undefined ? '' : `≤${withUnit(row.aim.max, row.unit)} ${row.meetsAim ? 'met' : 'MISSED'}`,
    ]);
  const table = markdownTable(['case', 'median', 'p95', 'samples', 'aim'], body, [
    false,
    true,
    true,
    true,
    false,
  ]);
  const engines = formatEngines(rows);
  return engines ? `${table}\n\n${engines}` : table;
}

function withUnit(value: number, unit: BenchRow['unit']): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return unit === 'count' ? text : `${text} ${unit}`;
}

function markdownTable(
  head: readonly string[],
  rows: readonly string[][],
  right: readonly boolean[],
): string {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return right[column] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(' | ')} |`;
  const rule = line(
    widths.map((width, column) => (right[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))),
  );
  return [line(head), rule, ...rows.map(line)].join('\n');
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}
