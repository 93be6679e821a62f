/**
 * `npx tsx bench/e2e/run.ts [--runs 3] [--samples 100] [--warmups 10] [--json]`: the end-to-end
 * round trip on the real agent, bridge and Chromium (see bench/README.md, "End to end").
 * Progress goes to stderr, the table (or JSON) to stdout.
 */
import { parseArgs } from 'node:util';
import { formatRows } from '../report.js';
import { runRoundTripBench } from './round-trip.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    samples: { type: 'string', default: '100' },
    warmups: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});

function count(text: string, name: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new RangeError(`--${name} must be an integer ≥ ${min}`);
  return value;
}

const rows = await runRoundTripBench({
  runs: count(values.runs, 'runs', 1),
  samples: count(values.samples, 'samples', 1),
  warmups: count(values.warmups, 'warmups', 0),
  log: (text) => process.stderr.write(text),
});
process.stdout.write(values.json ? `${JSON.stringify(rows, null, 2)}\n` : `${formatRows(rows)}\n`);
