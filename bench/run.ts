/**
 * `npm run bench`: how fast rpc-ui-kit reads an agent's stream, next to plain JSON.parse and
 * readline, on one deterministic ~67 MB stream. `npm run bench -- --json` prints the figures as
 * JSON instead of the table; `--gc` forces a full GC before every run. See bench/README.md.
 */
import { parseArgs } from 'node:util';
import { benchCases } from './cases.js';
import { findGc } from './gc.js';
import { measure } from './measure.js';
import { formatReport, makeReport } from './report.js';
import { buildCorpus } from './stream-corpus.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    gc: { type: 'boolean', default: false },
    runs: { type: 'string', default: '7' },
    warmups: { type: 'string', default: '2' },
    mb: { type: 'string', default: '64' },
  },
});
const runs = Math.ceil(positive(values.runs, 'runs'));
const warmups = Math.max(0, Math.floor(Number(values.warmups)));
const targetBytes = positive(values.mb, 'mb') * 1024 * 1024;

const log = (text: string) => process.stderr.write(text);
// Off by default: a forced full GC throws away the optimised code that referred to the previous
// run's (now dead) controller, so the next short run is timed while V8 re-optimises (see README).
const gc = values.gc ? findGc() : undefined;
const started = performance.now();
log('building the stream… ');
const corpus = buildCorpus({ targetBytes });
log(`${(corpus.bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

const timings = await measure(benchCases(corpus), {
  warmups,
  runs,
  beforeEach: gc,
  onPass: (benchCase, _ms, warmup) => log(warmup ? benchCase.id.toUpperCase() : benchCase.id),
});
log(` done in ${((performance.now() - started) / 1000).toFixed(1)} s\n\n`);

const report = makeReport(corpus, timings, { warmups, runs, gcBetweenRuns: gc !== undefined });
process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);

function positive(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`--${name} must be a positive number`);
  return value;
}
