/**
 * The browser bench on small passes, in Chromium, Firefox and WebKit: it runs end to end in each
 * and what it counts holds in each — bursts render each element at most once per frame (WebKit
 * showed the status bar rendering once per ended announcement interval, 21 times in a frame), and
 * in Chromium 300 dialogs opened and answered leave no event listener behind; a conversation of
 * 1,000 messages is shown whole (the page checks every entry is there). (Timings are the
 * bench's business, not a test's: only their presence is checked here.)
 */
import { describe, expect, it } from 'vitest';
import { BENCH_ENGINES } from '../../../bench/browser/bench-page.js';
import { runBrowserBench } from '../../../bench/browser/index.js';

describe('npm run bench, browser part', () => {
  it('measures every figure in every engine; bursts coalesce and no listener is left behind', async () => {
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
        conversation: 1000,
        tokens: 10,
      },
    });
    for (const engine of BENCH_ENGINES) {
      const of = rows.filter((row) => row.engine === engine);
      const groups = [
        'latency',
        'keys',
        'select',
        ...(engine === 'chromium' ? ['memory'] : []),
        'burst',
        'conversation',
      ];
      expect(new Set(of.map((row) => row.group)), engine).toEqual(new Set(groups));
      for (const row of of.filter((r) => r.unit === 'ms'))
        expect(row.value, `${engine}: ${row.name}`).toBeGreaterThan(0);
      const counted = of.filter((row) => row.unit === 'renders' || row.unit === 'listeners');
      expect(counted.length, engine).toBe(engine === 'chromium' ? 4 : 2);
      expect(
        counted.filter((row) => !row.meetsAim).map((row) => `${engine}: ${row.name}: ${row.value}`),
      ).toEqual([]);
    }
  }, 300_000);
});
