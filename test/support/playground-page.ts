/**
 * The playground page in Chromium, as the end-to-end tests drive it: opened with its CSP
 * violations collected, commands typed into its composer, its open dialog, axe on the whole page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Tab } from './bridge-tab.js';
import { launchChromium } from './engines/chromium.mjs';
import { buildPlayground } from './playground.js';

/** Open the playground at `url` and wait until it is connected; CSP violations go to `violations`. */
export async function openPlayground(browser: Browser, url: string, violations: string[]): Promise<Page> {
  const page = await browser.newPage();
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.goto(url);
  await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
  return page;
}

/** Send `text` from the composer, as a person would (type, Enter). */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

/** Run `/probe` with these calls from the page; returns `observer`'s mark to read the result after. */
export async function probeFromPage(page: Page, observer: Tab, calls: unknown[]): Promise<number> {
  const mark = observer.received.length;
  await sendMessage(page, `/probe ${JSON.stringify(calls)}`);
  return mark;
}

/** The dialog open in the page. */
export const openDialog = (page: Page): Locator => page.locator('dialog[open]');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the whole page (injected through DevTools, so the page's CSP is untouched). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // Let the dialog's entrance animation end: axe cannot judge contrast while it fades in.
  await page.waitForTimeout(300);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
}

/** The built playground and Chromium, shared by a test file's tests (see `playgroundInChromium`). */
export interface ChromiumPlayground {
  /** The folder the playground was built into: a bridge's `staticDir`. */
  readonly dir: string;
  /** Open the playground a bridge serves at `url`, connected. */
  open(url: string): Promise<Page>;
}

/**
 * For a test file: the playground built and Chromium launched before its tests, both gone after
 * them; the file fails if any page it opened broke the Content Security Policy.
 */
export function playgroundInChromium(): ChromiumPlayground {
  let built: Awaited<ReturnType<typeof buildPlayground>> | undefined;
  let browser: Browser | undefined;
  const violations: string[] = [];
  beforeAll(async () => {
    built = await buildPlayground();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    built?.remove();
    expect(violations).toEqual([]);
  });
  return {
    get dir() {
      if (!built) throw new Error('The playground is built in beforeAll.');
      return built.dir;
    },
    open(url) {
      if (!browser) throw new Error('Chromium is launched in beforeAll.');
      return openPlayground(browser, url, violations);
    },
  };
}
