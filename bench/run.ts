/**
 * `npm run bench`: how fast rpc-ui-kit reads an agent's stream, next to plain JSON.parse and
 * readline, on one deterministic ~67 MB stream; then the elements in Chromium (latency, keys,
 * bursts, a select of 10,000 options, memory) and the round trip on the real agent through the
 * bridge, 20 sessions behind nginx, `npm start` warm, and a session of 10,000 messages opened in
 * each engine through the real agent and bridge. One table. `--json` prints the figures as
 * JSON instead; `--gc` forces a full GC before every stream run; `--skip browser,e2e,hosted,start,session`
 * leaves parts out; `--quick` makes the Chromium, end-to-end and hosted parts small (to check they
 * work). See bench/README.md.
 */
import { parseArgs } from 'node:util';
import { runBrowserBench } from './browser/index.js';
import { benchCases } from './cases.js';
import { runRoundTripBench } from './e2e/round-trip.js';
import { runHostedBench } from './hosted/behind-nginx.js';
import { runLargeSessionBench } from './large-session/index.js';
import { runWarmStartBench } from './start/warm-start.js';
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
    skip: { type: 'string', default: '' },
    quick: { type: 'boolean', default: false },
  },
});
const skip = new Set(values.skip.split(',').filter(Boolean));
for (const part of skip) {
  if (!['browser', 'e2e', 'hosted', 'start', 'session'].includes(part))
    throw new RangeError(`--skip takes browser, e2e, hosted, start and session, not ${part}`);
}
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

// Chromium and end to end: their medians come from many samples per pass (see bench/README.md);
// bursts and round trips are repeated over 3 runs. Hosted: one run of 20 s (4 s with --quick).
const figures = [
  ...(skip.has('browser')
    ? []
    : await runBrowserBench({
        runs: 3,
        log,
        ...(values.quick
          ? { counts: { latency: 20, keys: 20, selectOpens: 5, keystrokes: 10, dialogs: 1000 } }
          : {}),
      })),
  ...(skip.has('e2e')
    ? []
    : await runRoundTripBench({ runs: 3, log, ...(values.quick ? { samples: 10, warmups: 2 } : {}) })),
  ...(skip.has('hosted') ? [] : await runHostedBench({ log, ...(values.quick ? { durationMs: 4000 } : {}) })),
  ...(skip.has('start') ? [] : await runWarmStartBench({ runs: values.quick ? 2 : 5, log })),
  ...(skip.has('session')
    ? []
    : await runLargeSessionBench({ log, ...(values.quick ? { messages: 1000, runs: 1 } : {}) })),
];
log(`\nall done in ${((performance.now() - started) / 1000).toFixed(1)} s\n\n`);

const report = makeReport(corpus, timings, { warmups, runs, gcBetweenRuns: gc !== undefined }, figures);
process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);

function positive(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`--${name} must be a positive number`);
  return value;
}
