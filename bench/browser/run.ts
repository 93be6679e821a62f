/**
 * The browser bench alone: `npx tsx bench/browser/run.ts [--runs 3] [--quick] [--json]
 * [--engines chromium,firefox,webkit]`.
 * `--quick` shrinks every pass (a tenth of the samples, 1,000 dialogs) to check that it works.
 */
import { parseArgs } from 'node:util';
import { formatRows } from '../report.js';
import { BENCH_ENGINES, type BenchEngine } from './bench-page.js';
import { type BrowserBenchCounts, DEFAULT_COUNTS, runBrowserBench } from './index.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    engines: { type: 'string', default: BENCH_ENGINES.join(',') },
  },
});
const engines = values.engines.split(',') as BenchEngine[];
for (const engine of engines)
  if (!BENCH_ENGINES.includes(engine)) throw new RangeError(`--engines takes ${BENCH_ENGINES.join(', ')}`);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new RangeError('--runs must be a positive integer');

const quick: Partial<BrowserBenchCounts> = {
  latency: 20,
  keys: 20,
  selectOpens: 5,
  keystrokes: 10,
  warmup: 3,
  dialogs: 1000,
  memoryWarmup: 100,
  conversation: 1000,
  tokens: 20,
};
const rows = await runBrowserBench({
  runs,
  log: (text) => process.stderr.write(text),
  counts: values.quick ? quick : DEFAULT_COUNTS,
  engines,
});
process.stdout.write(values.json ? `${JSON.stringify(rows, null, 2)}\n` : `\n${formatRows(rows)}\n`);
