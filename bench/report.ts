import { cpus } from 'node:os';
import type { Timing } from './measure.js';
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

export function makeReport(corpus: Corpus, timings: readonly Timing[], method: Report['method']): Report {
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
  const rows = report.cases.map((row) => [
    row.name,
    count(row.linesPerSecond),
    row.megabytesPerSecond.toFixed(1),
    `${row.ratio.toFixed(2)}x`,
    row.aim === null ? '' : `≥${row.aim}x ${row.meetsAim ? 'met' : 'MISSED'}`,
  ]);
  const table = markdownTable(['case', 'lines/s', 'MB/s', 'ratio vs a', 'aim'], rows, [
    false,
    true,
    true,
    true,
    false,
  ]);
  return [...header, table].join('\n');
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
