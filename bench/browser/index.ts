/**
 * The browser bench: rpc-ui-kit's elements on a memory transport, in Chromium, Firefox and WebKit
 * side by side (bench-page.ts). Request → dialog latency, key press → response, bursts of
 * updates, a select of 10,000 options, a conversation of 10,000 messages; in Chromium also memory
 * and listeners after 10,000 dialogs and the conversation's heap, which need its DevTools. See bench/README.md, "Browser".
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CDPSession } from 'playwright-core';
import { Random } from '../random.js';
import type { BurstMode, BurstResult, KeystrokeSample, OpenSample } from './protocol.js';
import { BENCH_ENGINES, type BenchEngine, type BenchPage, openBenchPage } from './bench-page.js';
import { startBenchSite } from './server.js';
import { median, percentile, round } from '../stats.js';
import type { BenchRow } from '../rows.js';

/** How much each part does; the defaults are the ones bench/README.md describes. */
export interface BrowserBenchCounts {
  /** Timed dialogs for the request → dialog latency (after `warmup`). */
  readonly latency: number;
  /** Timed Enter presses on a confirm. */
  readonly keys: number;
  /** Timed opens of the big select. */
  readonly selectOpens: number;
  /** Options of the big select. */
  readonly selectOptions: number;
  /** Timed keystrokes of each kind in the big select (filter, ArrowDown, type-ahead). */
  readonly keystrokes: number;
  /** Untimed rounds before each timed part. */
  readonly warmup: number;
  /** Dialogs opened and answered for the memory figures (after `memoryWarmup`). */
  readonly dialogs: number;
  readonly memoryWarmup: number;
  /** Requests in each burst. */
  readonly burst: number;
  /** Messages of the long conversation, and tokens streamed at its end. */
  readonly conversation: number;
  readonly tokens: number;
}

export const DEFAULT_COUNTS: BrowserBenchCounts = {
  latency: 200,
  keys: 200,
  selectOpens: 30,
  selectOptions: 10_000,
  keystrokes: 100,
  warmup: 20,
  dialogs: 10_000,
  memoryWarmup: 500,
  burst: 1000,
  conversation: 10_000,
  tokens: 200,
};

export interface BrowserBenchOptions {
  /** Bursts are repeated this many times per mode (the median is reported). */
  readonly runs: number;
  /** Progress, as it happens (no newline added). */
  readonly log: (text: string) => void;
  /** Smaller or larger passes than the defaults. */
  readonly counts?: Partial<BrowserBenchCounts>;
  /** The engines to run in (default all three), in this order. */
  readonly engines?: readonly BenchEngine[];
}

const FRAME_MS = 16.7;

/** Adds a line of detail to the progress log. */
type Note = (text: string) => void;

export type { BenchRow };

export async function runBrowserBench(options: BrowserBenchOptions): Promise<BenchRow[]> {
  const counts = { ...DEFAULT_COUNTS, ...options.counts };
  const runs = Math.max(1, Math.floor(options.runs));
  const log = options.log;
  const started = performance.now();
  /** Uncaught errors on the page: a part that had one fails. */
  const errors: string[] = [];
  /** Run one part: its label, its time, then what it noted. */
  const step = async <T>(label: string, run: (note: Note) => Promise<T>): Promise<T> => {
    const start = performance.now();
    const notes: string[] = [];
    log(`${label}… `);
    const result = await run((text) => notes.push(`  ${text}\n`));
    log(`${((performance.now() - start) / 1000).toFixed(1)} s\n${notes.join('')}`);
    if (errors.length > 0) throw new Error(`${label}: the page threw: ${errors.join('; ')}`);
    return result;
  };

  const site = await step('browser: building the bench page', startBenchSite);
  try {
    const rows: BenchRow[] = [];
    for (const engine of options.engines ?? BENCH_ENGINES) {
      const page = await step(`${engine}: opening the bench page`, () =>
        openBenchPage(engine, site.url, (message) => errors.push(message)),
      );
      try {
        const info = await page.call('info');
        log(
          `${engine}: ${page.version}, frame ${info.frameMs.toFixed(1)} ms, ` +
            `cross-origin isolated: ${info.crossOriginIsolated ? 'yes' : 'no'}\n`,
        );
        const of = (figures: BenchRow[]) => figures.map((row) => ({ ...row, engine }));
        rows.push(
          ...of(await step(`${engine}: request → dialog`, (note) => latencyRows(page, counts, note))),
        );
        rows.push(...of(await step(`${engine}: key → response`, (note) => keyRows(page, counts, note))));
        rows.push(...of(await step(`${engine}: select of many options`, () => selectRows(page, counts))));
        const { cdp } = page;
        if (cdp)
          rows.push(...of(await step(`${engine}: memory`, (note) => memoryRows(page, cdp, counts, note))));
        rows.push(...of(await step(`${engine}: bursts`, (note) => burstRows(page, counts, runs, note))));
        rows.push(
          ...of(await step(`${engine}: a long conversation`, (note) => conversationRows(page, counts, note))),
        );
      } finally {
        await page.close();
      }
    }
    log(`browser: done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return rows;
  } finally {
    await site.close();
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const share = (flags: readonly boolean[]) =>
  `${Math.round((100 * flags.filter(Boolean).length) / Math.max(1, flags.length))}%`;

/** A row of per-sample times: median and p95, the aim judged on the median. */
function timeRow(group: string, name: string, values: readonly number[], aimMax?: number): BenchRow {
  const value = round(median(values), 3);
  return {
    group,
    name,
    value,
    unit: 'ms',
    p95: round(percentile(values, 0.95), 3),
    ...(aimMax === undefined ? {} : { aim: { max: aimMax }, meetsAim: value <= aimMax }),
    samples: values.length,
  };
}

function valueRow(
  group: string,
  name: string,
  value: number,
  unit: BenchRow['unit'],
  aimMax: number | undefined,
  samples: number,
): BenchRow {
  return {
    group,
    name,
    value,
    unit,
    ...(aimMax === undefined ? {} : { aim: { max: aimMax }, meetsAim: value <= aimMax }),
    samples,
  };
}

async function latencyRows(page: BenchPage, counts: BrowserBenchCounts, note: Note): Promise<BenchRow[]> {
  const samples: OpenSample[] = await page.call('openLatency', {
    count: counts.latency,
    warmup: counts.warmup,
  });
  const methods = [...new Set(samples.map((s) => s.method))];
  note(
    `by method, median focus / painted: ${methods
      .map((method) => {
        const of = samples.filter((s) => s.method === method);
        return `${method} ${ms(median(of.map((s) => s.focusMs)))} / ${ms(median(of.map((s) => s.paintMs)))}`;
      })
      .join(', ')}; painted within ${FRAME_MS} ms: ${share(samples.map((s) => s.paintMs <= FRAME_MS))}`,
  );
  return [
    timeRow(
      'latency',
      'request → dialog open, focus inside',
      samples.map((s) => s.focusMs),
      FRAME_MS,
    ),
    timeRow(
      'latency',
      'request → dialog painted (next frame)',
      samples.map((s) => s.paintMs),
      FRAME_MS,
    ),
  ];
}

async function keyRows(page: BenchPage, counts: BrowserBenchCounts, note: Note): Promise<BenchRow[]> {
  for (let index = 0; index < counts.warmup + counts.keys; index++) {
    if (index === counts.warmup) await page.call('keySamples');
    await page.call('keyOpen', index);
    await page.press('Enter');
  }
  const samples = await page.call('keySamples');
  const fromEvent = samples.map((s) => s.fromEventMs);
  note(
    `from the keydown's event.timeStamp instead: median ${ms(median(fromEvent))}, p95 ${ms(percentile(fromEvent, 0.95))}`,
  );
  return [
    timeRow(
      'keys',
      'Enter on confirm: keydown → response written',
      samples.map((s) => s.responseMs),
      2,
    ),
  ];
}

/** Press `keys` in the select shown, one at a time, each timed to the frame after its update. */
async function strokes(page: BenchPage, keys: readonly string[], warmup: number): Promise<KeystrokeSample[]> {
  const samples: KeystrokeSample[] = [];
  const random = new Random(keys.length);
  let missing = 0;
  for (const [index, key] of keys.entries()) {
    // The last timing ended just after a frame: press at a random point of the next one instead.
    await delay(random.next() * FRAME_MS);
    await page.press(key);
    const sample = await page.call('keystroke');
    if (index < warmup) continue;
    if (sample) samples.push(sample);
    else missing++;
  }
  if (missing > 0) throw new Error(`${missing} keystrokes (${keys.join('')}) changed nothing in the select`);
  return samples;
}

/** `count` filter keystrokes: type a word letter by letter, then erase it, again and again. */
function filterKeys(count: number): string[] {
  const words = ['bravo', 'delta-01', 'echo/src', 'golf-009', 'charlie'];
  const keys: string[] = [];
  for (let index = 0; keys.length < count; index++) {
    const word = words[index % words.length] ?? 'bravo';
    keys.push(...word);
    keys.push(...Array.from({ length: word.length }, () => 'Backspace'));
  }
  return keys.slice(0, count);
}

async function selectRows(page: BenchPage, counts: BrowserBenchCounts): Promise<BenchRow[]> {
  const options = counts.selectOptions;
  const label = options.toLocaleString('en-US');
  const opens: OpenSample[] = await page.call('selectOpen', {
    count: counts.selectOpens,
    warmup: Math.min(3, counts.warmup),
    options,
  });
  const api = (bound: boolean) => page.call('selectShow', { options, bound });
  const close = () => page.call('selectClose');
  const warmup = Math.min(10, counts.warmup);
  const n = counts.keystrokes;

  await api(true);
  const filter = await strokes(page, filterKeys(warmup + n), warmup);
  const arrows = await strokes(
    page,
    Array.from({ length: warmup + n }, () => 'ArrowDown'),
    warmup,
  );
  await close();
  await api(false);
  const typeAhead = await strokes(
    page,
    Array.from({ length: warmup + n }, () => 'b'),
    warmup,
  );
  await close();

  const kinds = [
    ['filter keystroke', filter],
    ['ArrowDown', arrows],
    ['type-ahead', typeAhead],
  ] as const;
  return [
    timeRow(
      'select',
      `${label} options: request → open, focus inside`,
      opens.map((s) => s.focusMs),
      50,
    ),
    timeRow(
      'select',
      `${label} options: request → painted`,
      opens.map((s) => s.paintMs),
      50,
    ),
    ...kinds.map(([name, samples]) =>
      timeRow(
        'select',
        `${label} options: ${name} → select updated`,
        samples.map((s) => s.updateMs),
      ),
    ),
    ...kinds.map(([name, samples]) =>
      timeRow(
        'select',
        `${label} options: ${name} → painted`,
        samples.map((s) => s.paintMs),
        16,
      ),
    ),
  ];
}

interface PageCensus {
  /** JS heap in use after a full GC, in bytes. */
  readonly heap: number;
  /** Event listeners by `type` on window and on document with every node under it, shadow trees included. */
  readonly listeners: ReadonlyMap<string, number>;
  readonly listenerTotal: number;
}

async function census(cdp: CDPSession): Promise<PageCensus> {
  for (let index = 0; index < 3; index++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const listeners = new Map<string, number>();
  const objectGroup = 'rpc-ui-bench';
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup });
    if (!result.objectId) throw new Error(`no remote object for ${expression}`);
    const found = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId,
      ...(expression === 'document' ? { depth: -1, pierce: true } : {}),
    });
    for (const { type } of found.listeners) listeners.set(type, (listeners.get(type) ?? 0) + 1);
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup });
  const listenerTotal = [...listeners.values()].reduce((sum, n) => sum + n, 0);
  return { heap: usedSize, listeners, listenerTotal };
}

async function memoryRows(
  page: BenchPage,
  cdp: CDPSession,
  counts: BrowserBenchCounts,
  note: Note,
): Promise<BenchRow[]> {
  const cycle = (count: number) => page.call('cycleDialogs', count);
  const warm = await cycle(counts.memoryWarmup);
  const before = await census(cdp);
  const pass = await cycle(counts.dialogs);
  const after = await census(cdp);
  if (pass.responses !== pass.dialogs)
    throw new Error(`memory pass: ${pass.responses} responses for ${pass.dialogs} dialogs`);
  const growth = (after.heap - before.heap) / 1e6;
  const added = after.listenerTotal - before.listenerTotal;
  const changed = [...new Set([...before.listeners.keys(), ...after.listeners.keys()])]
    .map((type) => [type, (after.listeners.get(type) ?? 0) - (before.listeners.get(type) ?? 0)] as const)
    .filter(([, delta]) => delta !== 0)
    .map(([type, delta]) => `${type} ${delta > 0 ? '+' : ''}${delta}`);
  note(
    `${pass.dialogs.toLocaleString('en-US')} dialogs in ${(pass.ms / 1000).toFixed(1)} s; heap ` +
      `${(before.heap / 1e6).toFixed(2)} → ${(after.heap / 1e6).toFixed(2)} MB; listeners ` +
      `${before.listenerTotal} → ${after.listenerTotal}${changed.length ? ` (${changed.join(', ')})` : ''}; ` +
      `controller listeners ${warm.controllerListeners} → ${pass.controllerListeners}`,
  );
  const label = `${counts.dialogs.toLocaleString('en-US')} dialogs`;
  return [
    valueRow('memory', `${label}: JS heap growth after GC`, round(growth, 3), 'MB', 1, 1),
    valueRow('memory', `${label}: DOM event listeners added`, added, 'listeners', 0, 1),
    valueRow(
      'memory',
      `${label}: controller listeners added`,
      pass.controllerListeners - warm.controllerListeners,
      'listeners',
      0,
      1,
    ),
  ];
}

async function burstRows(
  page: BenchPage,
  counts: BrowserBenchCounts,
  runs: number,
  note: Note,
): Promise<BenchRow[]> {
  const modes: readonly BurstMode[] = ['one-task', 'task-each'];
  const results = new Map<BurstMode, BurstResult[]>(modes.map((mode) => [mode, []]));
  // One untimed burst of each mode first, then the timed ones round-robin.
  for (let run = -1; run < runs; run++) {
    for (const [index, mode] of modes.entries()) {
      const result = await page.call('burst', {
        count: counts.burst,
        mode,
        seed: 1000 + run * modes.length + index,
      });
      if (run >= 0) results.get(mode)?.push(result);
    }
  }
  const rows: BenchRow[] = [];
  const n = counts.burst.toLocaleString('en-US');
  for (const mode of modes) {
    const list = results.get(mode) ?? [];
    const what = mode === 'one-task' ? `${n} updates in one task` : `${n} updates, one per task`;
    const renders = list.map((r) => Math.max(0, ...Object.values(r.maxRendersPerFrame)));
    const longest = list.map((r) => Math.max(r.taskMs, ...r.longTasks));
    const perTag = new Map<string, number>();
    for (const result of list)
      for (const [tag, max] of Object.entries(result.maxRendersPerFrame))
        perTag.set(tag, Math.max(perTag.get(tag) ?? 0, max));
    note(
      `${what}: max renders per frame by element ${[...perTag].map(([tag, max]) => `${tag} ${max}`).join(', ')}; ` +
        `long tasks ${list.map((r) => r.longTasks.length).join('/')}; ` +
        `longest frame ${median(list.map((r) => r.longestFrameMs)).toFixed(1)} ms (median of runs); ` +
        `frames ${median(list.map((r) => r.frames))}`,
    );
    rows.push(
      valueRow(
        'burst',
        `${what}: renders per element per frame (max)`,
        median(renders),
        'renders',
        1,
        list.length,
      ),
      valueRow('burst', `${what}: longest task`, round(median(longest), 3), 'ms', 50, list.length),
    );
    if (mode === 'one-task')
      rows.push(
        valueRow(
          'burst',
          `${what}: the write loop alone`,
          round(median(list.map((r) => r.writeMs)), 3),
          'ms',
          undefined,
          list.length,
        ),
      );
  }
  return rows;
}

async function conversationRows(
  page: BenchPage,
  counts: BrowserBenchCounts,
  note: Note,
): Promise<BenchRow[]> {
  const before = page.cdp ? await census(page.cdp) : undefined;
  const shown = await page.call('conversationShow', { messages: counts.conversation, tokens: counts.tokens });
  const after = page.cdp ? await census(page.cdp) : undefined;
  await page.call('conversationRemove');
  const label = `${counts.conversation.toLocaleString('en-US')} messages`;
  const heap = before && after ? (after.heap - before.heap) / 1e6 : undefined;
  note(
    `${label} painted in ${shown.restoreMs.toFixed(0)} ms` +
      (heap === undefined ? '' : `; JS heap +${heap.toFixed(1)} MB with them shown`),
  );
  return [
    valueRow(
      'conversation',
      `${label}: get_messages answer → painted`,
      round(shown.restoreMs, 1),
      'ms',
      1000,
      1,
    ),
    // Painted in the frame after the write: one frame at most.
    timeRow('conversation', `${label}: a streamed token → painted (next frame)`, shown.tokenMs, FRAME_MS),
    timeRow('conversation', `${label}: a scroll jump → painted (next frame)`, shown.scrollMs, FRAME_MS),
    timeRow('conversation', `${label}: Show earlier messages (100 more) → painted`, shown.earlierMs, 50),
    ...(heap === undefined
      ? []
      : [valueRow('conversation', `${label}: JS heap while shown`, round(heap, 2), 'MB', 50, 1)]),
  ];
}
