/**
 * Debian's Firefox (`firefox-esr`), headless, over WebDriver BiDi through puppeteer-core: no
 * geckodriver and no downloaded browser. Each page in a browser context of its own (its own
 * cookies). Node only.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { FIREFOX_PATH } from '../wtr-engines.mjs';
import type { Engine, EngineOptions, EnginePage, Key, Modifier } from './engine-page.js';

/** Start Firefox. */
export async function launchFirefox(options: EngineOptions = {}): Promise<Engine> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`There is no Firefox at ${FIREFOX_PATH}: apt-get install -y firefox-esr (.ci/run does).`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Focus events keep coming although no window is in front (headless, and tests in turn).
    extraPrefsFirefox: {
      'focusmanager.testmode': true,
      ...(options.reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
    },
  });
  return {
    name: 'firefox',
    newPage: async (): Promise<EnginePage> => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const withModifiers = async (modifiers: readonly Modifier[], action: () => Promise<void>) => {
        for (const modifier of modifiers) await page.keyboard.down(modifier);
        await action();
        for (const modifier of [...modifiers].reverse()) await page.keyboard.up(modifier);
      };
      return {
        engine: 'firefox',
        version: await browser.version(),
        goto: async (url) => {
          await page.goto(url);
        },
        reload: async () => {
          await page.reload();
        },
        url: () => Promise.resolve(page.url()),
        evaluate: (expression) => page.evaluate(expression),
        type: (text) => page.keyboard.type(text),
        press: (key: Key, modifiers: readonly Modifier[] = []) =>
          withModifiers(modifiers, () => page.keyboard.press(key)),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
