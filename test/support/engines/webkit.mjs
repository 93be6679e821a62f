// WebKit for every test: WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver) driven by
// WebKitWebDriver over classic W3C WebDriver, on a desktop of its own (MiniBrowser has no headless
// mode), in a process group of its own. Where it is, the key actions the tests type and press with
// (a keyDown and keyUp per character), and each way the tests start it: web-test-runner's
// launcher (WebdriverIO) for the component tests, and an EnginePage (engine-page.ts, plain HTTP)
// for the end-to-end tests and the bench, each page a WebDriver session of its own (a fresh
// browser, so fresh cookies).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { freePort } from '../free-port.mjs';
import { startDesktop } from '../x-desktop.mjs';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The capabilities of a MiniBrowser session (setting `binary` drops the default arguments). */
export const MINIBROWSER_CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
};

/**
 * Start the driver on a desktop of its own (test/support/x-desktop.mjs); resolves with its port,
 * the desktop (for the accessibility tree and the GTK settings) and how to stop both, once it
 * answers.
 */
export async function startWebKitDriver() {
  for (const file of [WEBKIT_DRIVER, MINIBROWSER])
    if (!existsSync(file))
      throw new Error(`There is no ${file}: apt-get install -y webkit2gtk-driver (.ci/run does).`);
  const desktop = await startDesktop();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, ...desktop.env },
  });
  const stop = () => {
    try {
      if (driver.exitCode === null) process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    desktop.stop();
  };
  for (let tries = 0; tries < 100 && driver.exitCode === null; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return { port, desktop, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('WebKitWebDriver did not start.');
}

/** WebDriver's code points for the named keys the tests use. */
const CODES = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
  Space: ' ',
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i + 1}`, String.fromCharCode(0xe031 + i)])),
};

const code = (key) => CODES[key] ?? key;

/** The key actions that type `text`: a keyDown and keyUp per character, so none is lost. */
export function typeActions(text) {
  return [...text].flatMap((value) => [
    { type: 'keyDown', value },
    { type: 'keyUp', value },
  ]);
}

/** The key actions that press `key` while holding `modifiers`. */
export function pressActions(key, modifiers = []) {
  const held = modifiers.map(code);
  return [
    ...held.map((value) => ({ type: 'keyDown', value })),
    { type: 'keyDown', value: code(key) },
    { type: 'keyUp', value: code(key) },
    ...held.reverse().map((value) => ({ type: 'keyUp', value })),
  ];
}

/** The key action that puts `key` down, or lets it go. */
export function keyAction(kind, key) {
  return [{ type: kind === 'down' ? 'keyDown' : 'keyUp', value: code(key) }];
}

let launchedDesktop;

/** The desktop the component tests' WebKit runs on (its accessibility tree, its GTK settings). */
export function desktopOfWebKit() {
  if (!launchedDesktop) throw new Error('WebKit is not running: RPC_UI_ENGINE=webkit starts it.');
  return launchedDesktop;
}

/** The component tests' launcher; the driver and its desktop stop when the run's process exits. */
export async function webkitLauncher() {
  const { port, desktop, stop } = await startWebKitDriver();
  launchedDesktop = desktop;
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

/** A WebDriver command's `value`, or its error as an exception. */
async function command(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (!response.ok)
    throw new Error(
      `WebDriver ${path}: ${answer.value?.error ?? response.status} ${answer.value?.message ?? ''}`,
    );
  return answer.value;
}

/** Start WebKitWebDriver under Xvfb for EnginePages. */
export async function launchWebKit(options = {}) {
  const { port, desktop, stop } = await startWebKitDriver();
  if (options.reducedMotion) desktop.setSettings({ reducedMotion: true });
  const base = `http://127.0.0.1:${port}`;
  const sessions = new Set();
  const endSession = async (id) => {
    sessions.delete(id);
    await command(base, 'DELETE', `/session/${id}`).catch(() => undefined);
  };
  return {
    name: 'webkit',
    newPage: async () => {
      const created = await command(base, 'POST', '/session', {
        capabilities: { alwaysMatch: MINIBROWSER_CAPABILITIES },
      });
      const id = created.sessionId;
      sessions.add(id);
      const session = `/session/${id}`;
      // A script may run as long as it needs (the bench's passes take minutes).
      await command(base, 'POST', `${session}/timeouts`, { script: null });
      const keys = (actions) =>
        command(base, 'POST', `${session}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
      return {
        engine: 'webkit',
        version: created.capabilities.browserVersion ?? '',
        goto: async (url) => {
          await command(base, 'POST', `${session}/url`, { url });
        },
        reload: async () => {
          await command(base, 'POST', `${session}/refresh`, {});
        },
        url: async () => String(await command(base, 'GET', `${session}/url`)),
        evaluate: (expression) =>
          command(base, 'POST', `${session}/execute/sync`, { script: `return (${expression});`, args: [] }),
        type: async (text) => {
          await keys(typeActions(text));
        },
        press: async (key, modifiers = []) => {
          await keys(pressActions(key, modifiers));
        },
        close: () => endSession(id),
      };
    },
    close: async () => {
      await Promise.all([...sessions].map(endSession));
      stop();
    },
  };
}
