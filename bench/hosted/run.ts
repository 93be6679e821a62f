/**
 * `npx tsx bench/hosted/run.ts [--bridges 20] [--tabs 3] [--seconds 20] [--interval 1000] [--json]`:
 * many sessions behind nginx (see bench/README.md, "Hosted"). Progress goes to stderr, the table
 * (or JSON) to stdout.
 */
import { parseArgs } from 'node:util';
import { formatRows } from '../report.js';
import { runHostedBench } from './behind-nginx.js';

const { values } = parseArgs({
  options: {
    bridges: { type: 'string', default: '20' },
    tabs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    interval: { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
  },
});

function count(text: string, name: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new RangeError(`--${name} must be an integer ≥ ${min}`);
  return value;
}

const started = performance.now();
const rows = await runHostedBench({
  bridges: count(values.bridges, 'bridges', 1),
  tabs: count(values.tabs, 'tabs', 1),
  durationMs: count(values.seconds, 'seconds', 1) * 1000,
  intervalMs: count(values.interval, 'interval', 1),
  log: (text) => process.stderr.write(text),
});
process.stderr.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
process.stdout.write(values.json ? `${JSON.stringify(rows, null, 2)}\n` : `${formatRows(rows)}\n`);
