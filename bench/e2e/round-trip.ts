/**
 * The end-to-end round trip: the real pi agent (offline, with the demo extension) behind the real
 * rpc-ui bridge, the built playground in a real headless Chromium, and a script in the page that
 * answers every dialog as soon as it can. Timed inside the agent: the demo extension's
 * `/bench-roundtrip` takes `performance.now()` just before `ctx.ui.confirm` (which writes the
 * request line) and again when the call resolves (pi has read and parsed the answer line).
 * The bridge and the page time their own shares, so each sample splits into agent side, bridge +
 * WebSocket, and page. See bench/README.md, "End to end". Node only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { RpcExtensionUI } from '../../src/components/extension-ui/rpc-extension-ui.js';
import type { RpcDialogElement } from '../../src/components/dialog/dialog-element.js';
import type { DialogAnswer, DialogRequest } from '../../src/protocol/types.js';
import { type AgentName, agentCommand } from '../../src/bridge/agents/catalog.js';
import { NotInstalledError } from '../../src/bridge/agents/cache.js';
import { AtomicSourceMissingError } from '../../src/bridge/agents/atomic.js';
import { packageRoot } from '../../src/bridge/default-agent.js';
import { type Bridge, startBridge } from '../../src/bridge/server.js';
import type { OutboundMessage } from '../../src/transport/transport.js';
import type { BenchRow } from '../rows.js';
import { median, percentile } from '../stats.js';
import { launchChromium } from '../../test/support/engines/chromium.mjs';

/**
 * How the page answers: `controller` on the controller's `dialogs` event (a microtask later,
 * through `controller.respond`); `element` through the dialog element's `answer()` once it has
 * rendered and its native `<dialog>` is open; `frame` the same, after the next animation frame
 * (the dialog has been painted).
 */
export type AnswerMode = 'controller' | 'element' | 'frame';

/** One measured case. */
export interface RoundTripCase {
  readonly id: string;
  readonly name: string;
  readonly method: 'confirm' | 'select';
  readonly mode: AnswerMode;
  /** The median to stay under, in ms. */
  readonly aimMs?: number;
}

/** The cases, in the order they run (round-robin within a run). */
export const ROUND_TRIP_CASES: readonly RoundTripCase[] = [
  {
    id: 'controller',
    name: 'confirm, page answers on the controller event',
    method: 'confirm',
    mode: 'controller',
    aimMs: 20,
  },
  {
    id: 'element',
    name: 'confirm, page answers the open rpc-confirm',
    method: 'confirm',
    mode: 'element',
    aimMs: 20,
  },
  {
    id: 'select',
    name: 'select, page answers the open rpc-select',
    method: 'select',
    mode: 'element',
    aimMs: 20,
  },
  {
    id: 'frame',
    name: 'confirm, page answers after the dialog’s first frame',
    method: 'confirm',
    mode: 'frame',
  },
];

/** What one `/bench-roundtrip` command gave. */
export interface RoundTripRun {
  readonly case: RoundTripCase;
  /** Each timed round trip as the extension measured it, in order. */
  readonly samplesMs: readonly number[];
  /** What the extension's `ctx.ui` calls returned, in order (`null` for `undefined`). */
  readonly answers: readonly unknown[];
  /** What the page answered to the timed dialogs, in order. */
  readonly given: readonly unknown[];
  /** Per sample: from the request line leaving the agent to the answer reaching it, minus the bridge's share. */
  readonly agentMs: readonly number[];
  /** Per sample: the bridge's share (request read from stdout → answer written) minus the page's. */
  readonly bridgeMs: readonly number[];
  /** Per sample: the page's share (request parsed → answer sent). */
  readonly pageMs: readonly number[];
}

/** The page's bookkeeping, kept on `window.rpcBench`. */
interface PageBench {
  mode: AnswerMode;
  installed: boolean;
  count: number;
  seen: Set<string>;
  received: Record<string, number>;
  pageMs: Record<string, number>;
  given: { id: string; title: string; value: unknown }[];
  errors: string[];
}

const RESULT_PREFIX = 'UI_BENCH_RESULT ';
const GROUP = 'End to end';
/**
 * Runs in the page: (re)arm the answering script for one command. The listeners are installed
 * once; each call resets the bookkeeping and sets the mode. Answers alternate (`confirmed`
 * true/false, select options in turn) so a default value (a timeout, a cancel) cannot pass for an
 * answer.
 */
function armPage(mode: AnswerMode): void {
  const ui = document.querySelector<RpcExtensionUI>('rpc-extension-ui');
  if (!ui) throw new Error('The page has no rpc-extension-ui.');
  const holder = window as unknown as { rpcBench?: PageBench };
  const bench = (holder.rpcBench ??= {
    mode,
    installed: false,
    count: 0,
    seen: new Set(),
    received: {},
    pageMs: {},
    given: [],
    errors: [],
  });
  bench.mode = mode;
  bench.count = 0;
  bench.received = {};
  bench.pageMs = {};
  bench.given = [];
  bench.errors = [];
  if (bench.installed) return;
  bench.installed = true;
  const controller = ui.controller;
  controller.on('request', (request) => {
    if (request.method === 'confirm' || request.method === 'select')
      bench.received[request.id] = performance.now();
  });
  controller.on('answer', ({ dialog, response }) => {
    const { id, title } = dialog.request;
    bench.pageMs[id] = performance.now() - (bench.received[id] ?? Number.NaN);
    const value = 'confirmed' in response ? response.confirmed : 'value' in response ? response.value : null;
    bench.given.push({ id, title, value });
  });
  controller.on('dialogs', (dialogs) => {
    const request = dialogs[0]?.request;
    if (!request || bench.seen.has(request.id)) return;
    bench.seen.add(request.id);
    const index = bench.count++;
    let answer: DialogAnswer;
    if (request.method === 'confirm') answer = { confirmed: index % 2 === 0 };
    else if (request.method === 'select')
      answer = { value: request.options[index % request.options.length] ?? '' };
    else answer = { cancelled: true };
    if (bench.mode === 'controller') {
      queueMicrotask(() => {
        if (controller.respond(request.id, answer) !== 'sent')
          bench.errors.push(`respond(${request.title}) sent nothing`);
      });
      return;
    }
    const frame = bench.mode === 'frame';
    void (async () => {
      const queue = ui.shadowRoot?.querySelector('rpc-dialogs');
      if (!queue) throw new Error('no rpc-dialogs');
      // The controller emits `dialogs` before the `change` that schedules the queue's update.
      await Promise.resolve();
      await queue.updateComplete;
      const element =
        queue.shadowRoot?.querySelector<RpcDialogElement<DialogRequest>>('rpc-confirm, rpc-select');
      if (!element) throw new Error(`no dialog element for ${request.title}`);
      await element.updateComplete;
      const native = element.shadowRoot?.querySelector('dialog');
      if (!element.open || element.request?.id !== request.id || !native?.open)
        throw new Error(`${request.title} is not open in its element`);
      if (frame) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      if (!element.answer(answer)) throw new Error(`answer(${request.title}) sent nothing`);
    })().catch((error: unknown) => bench.errors.push(String(error)));
  });
}

/** Runs in the page: send the command and resolve with the extension's result notification. */
function sendCommand({ command, prefix }: { command: string; prefix: string }): Promise<string> {
  const ui = document.querySelector<RpcExtensionUI>('rpc-extension-ui');
  if (!ui) throw new Error('The page has no rpc-extension-ui.');
  return new Promise((resolve) => {
    const stop = ui.controller.on('notify', (entry) => {
      if (!entry.message.startsWith(prefix)) return;
      stop();
      resolve(entry.message.slice(prefix.length));
    });
    ui.controller.send({ type: 'prompt', id: `bench-${performance.now()}`, message: command });
  });
}

/** Runs in the page: the bookkeeping of the last command. */
function readPage(): Omit<PageBench, 'seen'> {
  const bench = (window as unknown as { rpcBench?: PageBench }).rpcBench;
  if (!bench) throw new Error('The page was not armed.');
  const { seen: _seen, ...rest } = bench;
  return rest;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: () => Promise<string>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void what().then(
        (detail) => reject(new Error(`Timed out after ${ms} ms: ${detail}`)),
        (error: unknown) => reject(new Error(`Timed out after ${ms} ms (${String(error)})`)),
      );
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The real agent behind the real bridge, the built playground open in headless Chromium. */
export class RoundTripSession {
  readonly #bridge: Bridge;
  readonly #browser: Browser;
  readonly #page: Page;
  readonly #cleanup: () => void;
  /** Bridge side, per request id: when its line came out of the agent's stdout pipe. */
  readonly #fromAgent = new Map<string, { at: number; title: string }>();
  /** Bridge side, per request id: when the hub handed its answer to the agent's transport. */
  readonly #toAgent = new Map<string, number>();

  private constructor(bridge: Bridge, browser: Browser, page: Page, cleanup: () => void) {
    this.#bridge = bridge;
    this.#browser = browser;
    this.#page = page;
    this.#cleanup = cleanup;
    // Timestamped when the bytes come out of the pipe, before the bridge frames and forwards them
    // (a listener on the transport would run after the hub's WebSocket send, which can be
    // preempted by the browser it wakes).
    let partial = '';
    const decoder = new StringDecoder('utf8');
    bridge.agent.child.stdout?.on('data', (chunk: Buffer | string) => {
      const at = performance.now();
      const lines = (partial + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"extension_ui_request"')) continue;
        let value: { id?: unknown; method?: unknown; title?: unknown };
        try {
          value = JSON.parse(line) as typeof value;
        } catch {
          continue; // not ours to judge: the bridge reports bad lines itself
        }
        if ((value.method === 'confirm' || value.method === 'select') && typeof value.id === 'string')
          this.#fromAgent.set(value.id, { at, title: String(value.title) });
      }
    });
    const transport = bridge.agent.transport;
    // The hub writes every answer through this; a wrapper on the instance sees each one.
    const send = transport.send.bind(transport);
    transport.send = (message: OutboundMessage) => {
      if (message.type === 'extension_ui_response' && typeof message.id === 'string')
        this.#toAgent.set(message.id, performance.now());
      send(message);
    };
  }

  /** The playground's page (to profile it, for example). */
  get page(): Page {
    return this.#page;
  }

  /**
   * Build the playground (into a temporary folder, so a concurrent build of dist/playground is
   * left alone), start the bridge on a free port with `agent` (pi 0.73.1 by default; one not
   * installed throws NotInstalledError), open the page in Chromium and wait until it is connected.
   */
  static async open(
    log: (text: string) => void = () => undefined,
    agent: AgentName = 'pi-0.73',
  ): Promise<RoundTripSession> {
    const outDir = mkdtempSync(join(tmpdir(), 'rpc-ui-bench-playground-'));
    const undo: (() => Promise<void> | void)[] = [() => rmSync(outDir, { recursive: true, force: true })];
    const cleanup = async () => {
      for (const step of undo.reverse()) await step();
    };
    try {
      log('e2e: building the playground… ');
      await build({
        root: packageRoot,
        configFile: join(packageRoot, 'vite.playground.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      });
      log('starting the agent and Chromium… ');
      const { cleanup: removeHome, ...command } = await agentCommand(agent, { install: false });
      undo.push(removeHome);
      const bridge = await startBridge({ port: 0, agent: command, staticDir: outDir });
      undo.push(() => bridge.close());
      const browser = await launchChromium();
      undo.push(() => browser.close());
      const page = await browser.newPage();
      await page.goto(bridge.url);
      await page.locator('rpc-extension-ui[connection="connected"]').waitFor({ timeout: 15_000 });
      log('ready\n');
      return new RoundTripSession(bridge, browser, page, () => {
        rmSync(outDir, { recursive: true, force: true });
        removeHome();
      });
    } catch (error) {
      await cleanup();
      throw error;
    }
  }

  /**
   * Run `/bench-roundtrip n warmups method` with the page answering as `benchCase.mode` says.
   * @throws Error when the extension did not get exactly the page's answers, or the page could
   *   not answer as asked
   */
  async measure(benchCase: RoundTripCase, n: number, warmups: number): Promise<RoundTripRun> {
    const page = this.#page;
    this.#fromAgent.clear();
    this.#toAgent.clear();
    await page.evaluate(armPage, benchCase.mode);
    const command = `/bench-roundtrip ${n} ${warmups} ${benchCase.method}`;
    const text = await withTimeout(
      page.evaluate(sendCommand, { command, prefix: RESULT_PREFIX }),
      15_000 + n * 200,
      async () => {
        const state = await page.evaluate(readPage);
        return `${command}: the page answered ${state.given.length} dialogs; errors: ${state.errors.join('; ') || 'none'}`;
      },
    );
    const result = JSON.parse(text) as {
      error?: string;
      samplesMs?: number[];
      answers?: unknown[];
    };
    if (result.error !== undefined || !result.samplesMs || !result.answers)
      throw new Error(`${command}: ${result.error ?? text}`);
    const state = await page.evaluate(readPage);
    if (state.errors.length > 0) throw new Error(`${command}: the page failed: ${state.errors.join('; ')}`);
    const timed = state.given.filter((g) => /^Round trip \d+$/.test(g.title));
    const given = timed.map((g) => g.value);
    const { samplesMs, answers } = result;
    if (samplesMs.length !== n || JSON.stringify(answers) !== JSON.stringify(given))
      throw new Error(
        `${command}: the extension got ${JSON.stringify(answers)}, the page gave ${JSON.stringify(given)}`,
      );
    const agentMs: number[] = [];
    const bridgeMs: number[] = [];
    const pageMs: number[] = [];
    timed.forEach(({ id, title }, index) => {
      const read = this.#fromAgent.get(id);
      const written = this.#toAgent.get(id);
      const inPage = state.pageMs[id];
      const sample = samplesMs[index];
      if (read?.title !== title || written === undefined || inPage === undefined || sample === undefined)
        throw new Error(`${command}: no bridge or page timing for ${title}`);
      agentMs.push(sample - (written - read.at));
      bridgeMs.push(written - read.at - inPage);
      pageMs.push(inPage);
    });
    return { case: benchCase, samplesMs, answers, given, agentMs, bridgeMs, pageMs };
  }

  /** Close the page, Chromium and the bridge (which ends the agent), and remove the temporary files. */
  async close(): Promise<void> {
    await this.#page.close();
    await this.#browser.close();
    await this.#bridge.close();
    this.#cleanup();
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function row(name: string, runs: readonly (readonly number[])[], aimMs?: number): BenchRow {
  const value = round(median(runs.map((samples) => median(samples))));
  const p95 = round(median(runs.map((samples) => percentile(samples, 0.95))));
  const samples = runs.reduce((sum, samples) => sum + samples.length, 0);
  return {
    group: GROUP,
    name,
    value,
    unit: 'ms',
    p95,
    samples,
    ...(aimMs === undefined ? {} : { aim: { max: aimMs }, meetsAim: value <= aimMs }),
  };
}

/** Options of {@link runRoundTripBench}. */
export interface RoundTripBenchOptions {
  /** How many times each case runs; the rows give the median of the runs' medians and p95s. */
  readonly runs: number;
  /** Progress (no newline added). */
  readonly log: (text: string) => void;
  /** Timed round trips per run and case (default 100). */
  readonly samples?: number;
  /** Untimed round trips before them (default 10). */
  readonly warmups?: number;
  /** The cases (default {@link ROUND_TRIP_CASES}). */
  readonly cases?: readonly RoundTripCase[];
  /** The other agents to time the `element` case on, each when installed (default pi, omp, atomic). */
  readonly agents?: readonly AgentName[];
}

/**
 * Measure every case `runs` times (cases round-robin within a run) on one session, and return a
 * row per case plus the split of the `element` case into agent side, bridge + WebSocket and page.
 */
export type { BenchRow };
export { median, percentile };

export async function runRoundTripBench(options: RoundTripBenchOptions): Promise<BenchRow[]> {
  const { log } = options;
  const runs = Math.max(1, Math.floor(options.runs));
  const n = options.samples ?? 100;
  const warmups = options.warmups ?? 10;
  const cases = options.cases ?? ROUND_TRIP_CASES;
  const session = await RoundTripSession.open(log);
  const results = new Map<string, RoundTripRun[]>(cases.map((c) => [c.id, []]));
  try {
    for (let run = 1; run <= runs; run++) {
      log(`e2e run ${run}/${runs}:`);
      for (const benchCase of cases) {
        const result = await session.measure(benchCase, n, warmups);
        results.get(benchCase.id)?.push(result);
        log(` ${benchCase.id} ${median(result.samplesMs).toFixed(2)} ms`);
      }
      log('\n');
    }
  } finally {
    await session.close();
  }
  const rows: BenchRow[] = [];
  for (const benchCase of cases) {
    const done = results.get(benchCase.id) ?? [];
    rows.push(
      row(
        benchCase.name,
        done.map((r) => r.samplesMs),
        benchCase.aimMs,
      ),
    );
    if (benchCase.id !== 'element') continue;
    rows.push(
      row(
        'of which agent side (pi, stdio pipes)',
        done.map((r) => r.agentMs),
      ),
    );
    rows.push(
      row(
        'of which bridge + WebSocket',
        done.map((r) => r.bridgeMs),
      ),
    );
    rows.push(
      row(
        'of which page (parse → render → answer sent)',
        done.map((r) => r.pageMs),
      ),
    );
  }
  rows.push(...(await perAgent(options, n, warmups)));
  return rows;
}

/** The agents besides pi 0.73.1 whose round trip is measured, when installed (`rpc-ui install`). */
const OTHER_AGENTS: readonly AgentName[] = ['pi', 'omp', 'atomic'];

/** The open rpc-confirm answered by the page, once per installed agent: a row each. */
async function perAgent(options: RoundTripBenchOptions, n: number, warmups: number): Promise<BenchRow[]> {
  const element = ROUND_TRIP_CASES.find((c) => c.id === 'element');
  if (!element) return [];
  const rows: BenchRow[] = [];
  for (const agent of options.agents ?? OTHER_AGENTS) {
    let session: RoundTripSession;
    try {
      session = await RoundTripSession.open(options.log, agent);
    } catch (error) {
      if (!(error instanceof NotInstalledError || error instanceof AtomicSourceMissingError)) throw error;
      options.log(`e2e: no row for ${agent}: ${error.message}\n`);
      continue;
    }
    const runs: RoundTripRun[] = [];
    try {
      for (let run = 0; run < Math.max(1, Math.floor(options.runs)); run++)
        runs.push(await session.measure(element, n, warmups));
    } finally {
      await session.close();
    }
    rows.push(
      row(
        `confirm round trip on ${agent}, page answers the open rpc-confirm`,
        runs.map((r) => r.samplesMs),
        element.aimMs,
      ),
    );
  }
  return rows;
}
