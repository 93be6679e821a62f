/**
 * The browser bench on small passes: it runs end to end in Chromium and what it counts holds —
 * bursts render each element at most once per frame, and 300 dialogs opened and answered leave no
 * event listener behind. (Timings are the bench's business, not a test's: only their presence is
 * checked here.)
 */
import { describe, expect, it } from 'vitest';
import { runBrowserBench } from '../../bench/browser/index.js';

describe('npm run bench, Chromium part', () => {
  it('measures every figure; bursts coalesce and no listener is left behind', async () => {
    const rows = await runBrowserBench({
      runs: 1,
      log: () => undefined,
      counts: {
        latency: 10,
        keys: 10,
        selectOpens: 3,
        keystrokes: 5,
        warmup: 2,
        dialogs: 300,
        memoryWarmup: 50,
      },
    });
    expect(new Set(rows.map((row) => row.group))).toEqual(
      new Set(['latency', 'keys', 'select', 'memory', 'burst']),
    );
    for (const row of rows.filter((r) => r.unit === 'ms')) expect(row.value, row.name).toBeGreaterThan(0);
    const counted = rows.filter((row) => row.unit === 'renders' || row.unit === 'listeners');
    expect(counted.length).toBe(4);
    expect(counted.filter((row) => !row.meetsAim).map((row) => `${row.name}: ${row.value}`)).toEqual([]);
  }, 120_000);
});
