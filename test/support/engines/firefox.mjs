// Firefox for every test: Debian's (`firefox-esr`), headless, over WebDriver BiDi through
// puppeteer-core (no geckodriver, no downloaded browser). Where it is, and each way the tests
// start it: web-test-runner's launcher for the component tests (with its parent process open to
// the accessibility tree and the media preferences, firefox-parent.mjs), and an EnginePage
// (engine-page.ts) for the end-to-end tests and the bench, each page in a browser context of its
// own (its own cookies).
import { existsSync } from 'node:fs';
import { chromeLauncher } from '@web/test-runner-chrome';
import puppeteer from 'puppeteer-core';
import { FIREFOX_PARENT_ARGS } from './firefox-parent.mjs';

/** Where Debian puts Firefox (`apt-get install firefox-esr`); `FIREFOX_PATH` overrides it. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// Focus events keep coming although no window is in front (headless, and tests in turn).
const TEST_PREFS = { 'focusmanager.testmode': true };

function mustExist() {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`There is no Firefox at ${FIREFOX_PATH}: apt-get install -y firefox-esr (.ci/run does).`);
}

/** The component tests' launcher. */
export function firefoxLauncher() {
  mustExist();
  return chromeLauncher({
    launchOptions: {
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      // The parent process, for the accessibility tree and the media preferences.
      args: FIREFOX_PARENT_ARGS,
      extraPrefsFirefox: {
        ...TEST_PREFS,
        // The whole accessibility tree from the start: Firefox otherwise sends names and
        // descriptions to its parent process only once asked, and answers the first read without.
        'accessibility.enable_all_cache_domains': true,
      },
    },
    // Firefox 140 ESR knows no BiDi `emulation.setScreenOrientationOverride`, which puppeteer
    // sends beside the viewport the runner sets: the viewport is set; that one refusal is let go.
    createPage: async ({ browser }) => {
      const page = await browser.newPage();
      const setViewport = page.setViewport.bind(page);
      page.setViewport = async (viewport) => {
        try {
          await setViewport(viewport);
        } catch (error) {
          if (!String(error?.message).includes('setScreenOrientationOverride')) throw error;
        }
      };
      return page;
    },
  });
}

/** Start Firefox for EnginePages. */
export async function launchFirefox(options = {}) {
  mustExist();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      ...TEST_PREFS,
      ...(options.reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
    },
  });
  return {
    name: 'firefox',
    newPage: async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const withModifiers = async (modifiers, action) => {
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
        press: (key, modifiers = []) => withModifiers(modifiers, () => page.keyboard.press(key)),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
