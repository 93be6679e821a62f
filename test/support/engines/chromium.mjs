// Chromium for every test and the bench: Debian's, never a downloaded browser. Where it is, the
// flags it needs here (as root it needs --no-sandbox; the closed network wants the background
// services off), and each way the tests start it: Playwright for the Node tests and the bench,
// web-test-runner's launcher for the component tests, vitest.config.ts for the stories.
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromium } from 'playwright-core';

/** The executable: `CHROME_PATH`, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The flags. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for it, with `args` after the usual flags (the stories' too). */
export function chromiumLaunchOptions({ args = [] } = {}) {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] };
}

/** Headless Chromium over Playwright, with `args` after the usual flags. */
export function launchChromium(options = {}) {
  return chromium.launch(chromiumLaunchOptions(options));
}

/** The component tests' launcher (puppeteer over DevTools). */
export function chromiumLauncher() {
  return chromeLauncher({
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true },
  });
}
