// The browser engines the component tests (@web/test-runner) run in, one run each: Debian's
// Chromium (puppeteer over DevTools), Debian's Firefox (puppeteer over WebDriver BiDi) and
// WebKitGTK's MiniBrowser (WebdriverIO against WebKitWebDriver under Xvfb). `RPC_UI_ENGINE` picks
// one (default chromium). NOT_YET lists the files an engine does not run yet, and why: npm test
// counts them and docs/testing.md names them; none is skipped silently. A test an engine cannot
// run is not registered there, and is counted (itIn in test/support/engine.ts).
import { existsSync } from 'node:fs';
import { chromeLauncher } from '@web/test-runner-chrome';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { FIREFOX_PARENT_ARGS } from './firefox-parent.mjs';
import { MINIBROWSER_CAPABILITIES, startWebKitDriver } from './webkit-driver.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
/** Where Debian puts Firefox (`apt-get install firefox-esr`); `FIREFOX_PATH` overrides it. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Files (under test/browser/) an engine does not run yet, each with the reason. */
export const NOT_YET = {
  chromium: {},
  firefox: {
    'test/browser/components/dialog-focus-frame.test.ts':
      "in Firefox 153 over BiDi the runner may never hear the page finish once this file's frames have run the kit (its two tests pass when the file runs alone); what it tests is Chromium's own: focus taken off a frame's element when the page around takes it",
  },
  webkit: {},
};

let webkitDesktop;

/** The desktop WebKit runs on (its accessibility tree, its GTK settings), once launched. */
export function desktopOfWebKit() {
  if (!webkitDesktop) throw new Error('WebKit is not running: RPC_UI_ENGINE=webkit starts it.');
  return webkitDesktop;
}

/** The engine of this run. */
export function currentEngine() {
  const engine = process.env.RPC_UI_ENGINE ?? 'chromium';
  if (!ENGINES.includes(engine))
    throw new RangeError(`RPC_UI_ENGINE takes ${ENGINES.join(', ')}, not ${engine}`);
  return engine;
}

/** The launcher for `engine`. */
export async function launcherFor(engine) {
  if (engine === 'chromium')
    return chromeLauncher({
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true },
    });
  if (engine === 'firefox') {
    if (!existsSync(FIREFOX_PATH))
      throw new Error(
        `There is no Firefox at ${FIREFOX_PATH}: apt-get install -y firefox-esr (.ci/run does).`,
      );
    return chromeLauncher({
      launchOptions: {
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: true,
        // The parent process, for the accessibility tree and the media preferences.
        args: FIREFOX_PARENT_ARGS,
        extraPrefsFirefox: {
          // Focus events keep coming although no window is in front.
          'focusmanager.testmode': true,
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
  const { port, desktop, stop } = await startWebKitDriver();
  webkitDesktop = desktop;
  process.once('exit', stop);
  return webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    // WebKitWebDriver speaks classic WebDriver only: WebdriverIO would ask for BiDi.
    capabilities: { ...MINIBROWSER_CAPABILITIES, 'wdio:enforceWebDriverClassic': true },
  });
}
