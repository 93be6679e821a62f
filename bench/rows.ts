/** One figure of the browser, end-to-end and hosted benches (bench/browser, bench/e2e, bench/hosted). */
export interface BenchRow {
  /** `latency`, `keys`, `select`, `memory`, `burst`, `e2e` or `hosted`. */
  readonly group: string;
  readonly name: string;
  /** The median of the samples (or of the runs); a single measurement for memory. */
  readonly value: number;
  readonly unit: 'ms' | 'renders' | 'MB' | 'listeners' | 'count';
  /** 95th percentile of the samples (nearest rank), for per-sample timings. */
  readonly p95?: number;
  /** The aim: `value` at most `max`. */
  readonly aim?: { readonly max: number };
  readonly meetsAim?: boolean;
  /** How many samples (or runs) `value` summarises. */
  readonly samples?: number;
  /** The browser engine a browser figure was measured in: `chromium`, `firefox`, `webkit`. */
  readonly engine?: string;
}
