/**
 * The bench page in each browser engine, driven the same way: Debian's Chromium through
 * playwright-core (with its DevTools, for the memory figures), Firefox and WebKit through the
 * end-to-end tests' drivers (test/support/engines). Each asks the system for reduced motion, so
 * the first frame that shows a dialog shows it whole (no 140 ms fade-in).
 */
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '../../test/support/engines/chromium.mjs';
import type { EnginePage, Key } from '../../test/support/engines/engine-page.js';
import { launchFirefox } from '../../test/support/engines/firefox.mjs';
import { launchWebKit } from '../../test/support/engines/webkit.mjs';
import type { BenchPageApi } from './protocol.js';

/** The engines the browser bench runs in. */
export const BENCH_ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type BenchEngine = (typeof BENCH_ENGINES)[number];

type Api = BenchPageApi;

/** The bench page open in one engine. */
export interface BenchPage {
  readonly engine: BenchEngine;
  /** The browser's version. */
  readonly version: string;
  /** Call `window.rpcBench[name]` with `args` (JSON) and wait for its result. */
  call<K extends keyof Api>(name: K, ...args: Parameters<Api[K]>): Promise<Awaited<ReturnType<Api[K]>>>;
  /** Press a key: a character, or a named key (`Enter`, `ArrowDown`, `Backspace`). */
  press(key: string): Promise<void>;
  /** Chromium's DevTools session, for the memory figures; none elsewhere. */
  readonly cdp?: CDPSession;
  close(): Promise<void>;
}

const callExpression = (name: string, args: readonly unknown[]) =>
  `window.rpcBench.${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;

/** Open `url` in `engine`, and wait for the bench page to be ready. */
export async function openBenchPage(
  engine: BenchEngine,
  url: string,
  onPageError: (message: string) => void,
): Promise<BenchPage> {
  const page = engine === 'chromium' ? await openChromium(onPageError) : await openOther(engine);
  await page.goto(url);
  for (let tries = 0; !(await page.evaluate('"rpcBench" in window')); tries++) {
    if (tries > 200) throw new Error(`${engine}: the bench page did not load`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    engine,
    version: page.version,
    call: (name, ...args) => page.evaluate(callExpression(name, args)) as never,
    press: page.press,
    ...(page.cdp ? { cdp: page.cdp } : {}),
    close: page.close,
  };
}

interface OpenPage {
  readonly version: string;
  goto(url: string): Promise<void>;
  evaluate(expression: string): Promise<unknown>;
  press(key: string): Promise<void>;
  readonly cdp?: CDPSession;
  close(): Promise<void>;
}

async function openChromium(onPageError: (message: string) => void): Promise<OpenPage> {
  const browser = await launchChromium();
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  page.on('pageerror', (error) => onPageError(error.message));
  return {
    version: browser.version(),
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (expression) => page.evaluate(expression),
    press: (key) => page.keyboard.press(key),
    cdp: await page.context().newCDPSession(page),
    close: () => browser.close(),
  };
}

async function openOther(engine: 'firefox' | 'webkit'): Promise<OpenPage> {
  const browser = await (engine === 'firefox' ? launchFirefox : launchWebKit)({ reducedMotion: true });
  let page: EnginePage;
  try {
    page = await browser.newPage();
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    version: page.version,
    goto: (url) => page.goto(url),
    evaluate: (expression) => page.evaluate(expression),
    press: (key) => (key.length === 1 ? page.type(key) : page.press(key as Key)),
    close: async () => {
      await page.close();
      await browser.close();
    },
  };
}
