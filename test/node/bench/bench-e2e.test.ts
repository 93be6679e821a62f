/**
 * The end-to-end round-trip bench (bench/e2e) with a few samples: the real agent, bridge and
 * Chromium. What the extension's `ctx.ui` calls returned must be exactly what the script in the
 * page answered, so the bench cannot time timeouts or defaults by mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  median,
  percentile,
  ROUND_TRIP_CASES,
  type RoundTripCase,
  RoundTripSession,
  runRoundTripBench,
} from '../../../bench/e2e/round-trip.js';

let session: RoundTripSession;

beforeAll(async () => {
  session = await RoundTripSession.open();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

function benchCase(id: string): RoundTripCase {
  const found = ROUND_TRIP_CASES.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
}

describe('the end-to-end round trip', () => {
  it.each(['controller', 'element', 'frame'])(
    'confirm answered by the page (%s): the extension gets exactly the page’s answers',
    async (id) => {
      // One warm-up takes the page's first answer (true); the timed ones alternate from false.
      const run = await session.measure(benchCase(id), 5, 1);
      expect(run.given).toEqual([false, true, false, true, false]);
      expect(run.answers).toEqual(run.given);
      expect(run.samplesMs).toHaveLength(5);
      for (const list of [run.samplesMs, run.agentMs, run.bridgeMs, run.pageMs]) {
        expect(list).toHaveLength(5);
        for (const ms of list) expect(Number.isFinite(ms)).toBe(true);
      }
      for (const ms of run.samplesMs) expect(ms).toBeGreaterThan(0);
    },
  );

  it('select answered through the open rpc-select: the options the page picked', async () => {
    const run = await session.measure(benchCase('select'), 5, 1);
    expect(run.answers).toEqual(['second', 'third', 'first', 'second', 'third']);
    expect(run.answers).toEqual(run.given);
  });

  it('runRoundTripBench: one row per case and the split of the element case', async () => {
    const log: string[] = [];
    const rows = await runRoundTripBench({
      runs: 1,
      samples: 3,
      warmups: 0,
      cases: [benchCase('element')],
      agents: ['omp'],
      log: (text) => log.push(text),
    });
    expect(rows.map((r) => r.name)).toEqual([
      benchCase('element').name,
      'of which agent side (pi, stdio pipes)',
      'of which bridge + WebSocket',
      'of which page (parse → render → answer sent)',
      'confirm round trip on omp, page answers the open rpc-confirm',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ group: 'End to end', unit: 'ms', samples: 3 });
      expect(Number.isFinite(row.value)).toBe(true);
    }
    expect(rows[0]?.aim).toEqual({ max: 20 });
    expect(log.join('')).toContain('e2e run 1/1');
  }, 120_000);

  it('median and nearest-rank p95', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(
      percentile(
        [...Array(100).keys()].map((i) => i + 1),
        0.95,
      ),
    ).toBe(95);
    expect(percentile([5], 0.95)).toBe(5);
  });
});
