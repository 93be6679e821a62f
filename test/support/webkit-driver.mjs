// WebKitGTK for the tests: WebKitWebDriver, from Debian's webkit2gtk-driver, on a desktop of its
// own (its MiniBrowser has no headless mode), in a process group of its own; and the W3C
// WebDriver key actions the tests type and press with, a keyDown and keyUp per character.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.mjs';
import { startDesktop } from './x-desktop.mjs';

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
