/**
 * A session of 10,000 messages, opened as a person opens it: the built `rpc-ui serve
 * --stand-in-model` (the real pi 1.x, offline) goes back to the session it was on, which pi wrote
 * for one prompt and its reply and `inflateSession` made long; the playground is opened in each
 * engine, and timed from the page's navigation to the conversation painted with its last reply
 * (the page's own clock, `performance.now()`, after two frames). The bridge's resident memory is
 * read from /proc meanwhile: the bridge process alone, the agent apart. Linux; Node only.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { Tab, until } from '../../test/support/bridge-tab.js';
import { launchChromium } from '../../test/support/engines/chromium.mjs';
import { launchFirefox } from '../../test/support/engines/firefox.mjs';
import { launchWebKit } from '../../test/support/engines/webkit.mjs';
import { rssMb } from '../hosted/bridge-process.js';
import type { BenchRow } from '../rows.js';
import { median } from '../stats.js';
import { inflateSession } from './session-file.js';

/** The engines the page is opened in. */
export const LARGE_SESSION_ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type LargeSessionEngine = (typeof LARGE_SESSION_ENGINES)[number];

/** The aims: opened and painted within a second; the bridge under 100 MB meanwhile. */
const PAINT_AIM_MS = 1000;
const RSS_AIM_MB = 100;

const ROOT = new URL('../../', import.meta.url);
const CLI = new URL('dist/bridge/cli.js', ROOT);
const PLAYGROUND = new URL('dist/playground/index.html', ROOT);

/** Build the bridge and the playground when they are not built (`npm run build` builds both). */
async function ensureBuilt(log: (text: string) => void): Promise<void> {
  for (const [built, config] of [
    [CLI, 'vite.bridge.config.ts'],
    [PLAYGROUND, 'vite.playground.config.ts'],
  ] as const) {
    if (existsSync(built)) continue;
    log(`building ${config}… `);
    await build({ configFile: new URL(config, ROOT).pathname, logLevel: 'warn' });
  }
}

/** The built `rpc-ui serve` in a process of its own, in the state folder `state`. */
class BridgeProcess {
  readonly url: string;
  readonly #child: ChildProcessWithoutNullStreams;

  private constructor(child: ChildProcessWithoutNullStreams, url: string) {
    this.#child = child;
    this.url = url;
  }

  static async start(state: string): Promise<BridgeProcess> {
    const args = ['serve', '--stand-in-model', '--port', '0', '--no-open'];
    const script = `const { main } = await import(${JSON.stringify(CLI.href)}); process.exit(await main(${JSON.stringify(args)}));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, RPC_UI_STATE: state, CI: '1' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const url = await until(
      'the bridge serving',
      () => /rpc-ui: serving (http:\/\/\S+)/.exec(out)?.[1],
      60_000,
    ).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw new Error(`The bridge did not serve: ${String(error)}\n${out}`);
    });
    return new BridgeProcess(child, url);
  }

  /** Its resident memory now, in MB. */
  rss(): number {
    return rssMb(this.#child.pid ?? 0);
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    this.#child.kill('SIGTERM');
    await once(this.#child, 'exit');
  }
}

/** A page in one engine: open a URL, evaluate an expression. */
interface Page {
  readonly version: string;
  goto(url: string): Promise<void>;
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

async function openPage(engine: LargeSessionEngine): Promise<Page> {
  if (engine === 'chromium') {
    const browser = await launchChromium();
    const page = await browser.newPage();
    return {
      version: browser.version(),
      goto: async (url) => {
        await page.goto(url);
      },
      evaluate: (expression) => page.evaluate(expression),
      close: () => browser.close(),
    };
  }
  const browser = await (engine === 'firefox' ? launchFirefox : launchWebKit)();
  const page = await browser.newPage();
  return {
    version: page.version,
    goto: (url) => page.goto(url),
    evaluate: (expression) => page.evaluate(expression),
    close: async () => {
      await page.close();
      await browser.close();
    },
  };
}

/**
 * Page-side: once the conversation shows `last` in its last reply, two frames later, the time
 * since the page's navigation began; `null` before.
 */
const paintedExpression = (last: string) => `new Promise((resolve) => {
  const transcript = document.querySelector('rpc-transcript');
  const replies = transcript?.shadowRoot?.querySelectorAll('li.assistant') ?? [];
  const text = replies[replies.length - 1]?.textContent ?? '';
  if (!text.includes(${JSON.stringify(last)})) return resolve(null);
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
})`;

/** Ask the page until the conversation is painted; the page's time then. */
async function paintedAt(page: Page, expression: string): Promise<number> {
  const end = Date.now() + 60_000;
  for (;;) {
    const ms = await page.evaluate(expression);
    if (typeof ms === 'number') return ms;
    if (Date.now() > end) throw new Error('The conversation was not painted within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Make a session of `messages` messages in a state folder of its own; resolves with the folder. */
async function makeSession(messages: number, log: (text: string) => void): Promise<string> {
  const state = mkdtempSync(join(tmpdir(), 'rpc-ui-bench-session-'));
  const bridge = await BridgeProcess.start(state);
  try {
    const tab = await Tab.open(bridge.url);
    tab.socket.send(JSON.stringify({ type: 'prompt', message: 'Hello.' }));
    await until(
      'the first reply',
      () => tab.received.some((line) => line.value.type === 'agent_end') || undefined,
      60_000,
    );
    tab.socket.close();
  } finally {
    await bridge.stop();
  }
  const records = join(state, 'sessions');
  const record = readdirSync(records).find((name) => name.startsWith('pi-'));
  if (!record) throw new Error('The bridge kept no session.');
  const file = (JSON.parse(readFileSync(join(records, record), 'utf8')) as { sessionFile: string })
    .sessionFile;
  inflateSession(file, messages);
  log(`a session of ${messages} messages… `);
  return state;
}

/** Once the agent has read the session and answers (its `get_state`), as before a person's page. */
async function agentReady(url: string): Promise<void> {
  const tab = await Tab.open(url);
  try {
    tab.socket.send(JSON.stringify({ type: 'get_state', id: 'bench-ready' }));
    await until(
      'the agent ready',
      () => tab.received.find((line) => line.value.id === 'bench-ready'),
      60_000,
    );
  } finally {
    tab.socket.close();
  }
}

/**
 * Open the session in each engine `runs` times, on a bridge started anew for each engine; the
 * rows: the first page (the agent asked), the next ones (the bridge's copy), the bridge's peak RSS.
 */
export async function runLargeSessionBench(options: {
  readonly engines?: readonly LargeSessionEngine[];
  readonly messages?: number;
  readonly runs?: number;
  readonly log: (text: string) => void;
}): Promise<BenchRow[]> {
  const { log } = options;
  const messages = options.messages ?? 10_000;
  const runs = options.runs ?? 3;
  log('large session ');
  await ensureBuilt(log);
  const state = await makeSession(messages, log);
  const rss: number[] = [];
  const rows: BenchRow[] = [];
  const who = `large session: ${messages.toLocaleString('en')} messages`;
  const row = (name: string, samples: number[], engine: LargeSessionEngine): BenchRow => {
    const value = median(samples);
    return {
      group: 'session',
      name: `${who}: ${name}`,
      value,
      unit: 'ms',
      aim: { max: PAINT_AIM_MS },
      meetsAim: value <= PAINT_AIM_MS,
      samples: samples.length,
      engine,
    };
  };
  try {
    for (const engine of options.engines ?? LARGE_SESSION_ENGINES) {
      // A bridge started anew for each engine, as after a restart: its first page is answered by
      // the agent, the next ones (a reload, another tab) from the bridge's copy of the answer.
      const bridge = await BridgeProcess.start(state);
      const sampler = setInterval(() => rss.push(bridge.rss()), 25);
      const samples: number[] = [];
      try {
        await agentReady(bridge.url);
        for (let run = 0; run < runs; run++) {
          const page = await openPage(engine);
          try {
            await page.goto(bridge.url);
            samples.push(await paintedAt(page, paintedExpression(`Reply ${messages / 2}:`)));
          } finally {
            await page.close();
          }
          log('.');
        }
      } finally {
        clearInterval(sampler);
        await bridge.stop();
      }
      const [first = Number.NaN, ...again] = samples;
      rows.push(row('first page after a restart → conversation painted', [first], engine));
      if (again.length > 0) rows.push(row('page opened again → conversation painted', again, engine));
    }
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
  const peak = Math.max(...rss);
  rows.push({
    group: 'session',
    name: `${who}: bridge RSS (peak while opened)`,
    value: peak,
    unit: 'MB',
    aim: { max: RSS_AIM_MB },
    meetsAim: peak <= RSS_AIM_MB,
    samples: rss.length,
  });
  log('\n');
  return rows;
}
