/**
 * `npx tsx bench/large-session/run.ts [--messages N] [--runs N] [--engines chromium,firefox]`: the
 * large session alone (bench/large-session), its rows as `npm run bench` prints them.
 */
import { parseArgs } from 'node:util';
import { formatRows } from '../report.js';
import { LARGE_SESSION_ENGINES, type LargeSessionEngine, runLargeSessionBench } from './index.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    engines: { type: 'string', default: LARGE_SESSION_ENGINES.join(',') },
  },
});
const engines = values.engines.split(',').map((name) => {
  if (!(LARGE_SESSION_ENGINES as readonly string[]).includes(name))
    throw new RangeError(`--engines takes ${LARGE_SESSION_ENGINES.join(', ')}, not ${name}`);
  return name as LargeSessionEngine;
});
const rows = await runLargeSessionBench({
  engines,
  messages: Number(values.messages),
  runs: Number(values.runs),
  log: (text) => process.stderr.write(text),
});
process.stdout.write(`${formatRows(rows)}\n`);
