/**
 * Debian's WebKit (WebKitGTK's `MiniBrowser`, from `webkit2gtk-driver`) over classic W3C
 * WebDriver: `WebKitWebDriver` under Xvfb (MiniBrowser has no headless mode), spoken to with plain
 * HTTP. Each page is a WebDriver session of its own (a fresh browser, so fresh cookies). Keys go
 * as WebDriver key actions, one `keyDown`/`keyUp` pair per character. Node only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../nginx.js';
import type { Engine, EnginePage, Key, Modifier } from './engine-page.js';

/** Where Debian puts them (`apt-get install webkit2gtk-driver xvfb`). */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** WebDriver's code points for the keys the tests press. */
const KEYS: Readonly<Record<Key | Modifier, string>> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  End: '\uE010',
  Tab: '\uE004',
  Backspace: '\uE003',
  '.': '.',
  Control: '\uE009',
  Shift: '\uE008',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A WebDriver command's `value`, or its error as an exception. */
async function command(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { value?: unknown };
  const value = answer.value as { error?: string; message?: string } | undefined;
  if (!response.ok)
    throw new Error(`WebDriver ${path}: ${value?.error ?? response.status} ${value?.message ?? ''}`);
  return answer.value;
}

/** Start WebKitWebDriver under Xvfb. */
export async function launchWebKit(): Promise<Engine> {
  for (const [file, pkg] of [
    [WEBKIT_DRIVER, 'webkit2gtk-driver'],
    [MINIBROWSER, 'webkit2gtk-driver'],
    [XVFB_RUN, 'xvfb'],
  ] as const)
    if (!existsSync(file)) throw new Error(`There is no ${file}: apt-get install -y ${pkg} (.ci/run does).`);
  const port = await freePort();
  const driver: ChildProcess = spawn(
    XVFB_RUN,
    ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`],
    // Its own process group: Xvfb and the driver end together.
    { stdio: 'ignore', detached: true },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await command(base, 'GET', '/status');
      break;
    } catch (error) {
      if (tries > 100 || driver.exitCode !== null)
        throw new Error(`WebKitWebDriver did not start: ${String(error)}`, { cause: error });
      await sleep(100);
    }
  }
  const sessions = new Set<string>();
  const endSession = async (id: string) => {
    sessions.delete(id);
    await command(base, 'DELETE', `/session/${id}`).catch(() => undefined);
  };
  return {
    name: 'webkit',
    newPage: async (): Promise<EnginePage> => {
      const created = (await command(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      })) as { sessionId: string };
      const id = created.sessionId;
      sessions.add(id);
      const session = `/session/${id}`;
      const keys = (actions: readonly { type: 'keyDown' | 'keyUp'; value: string }[]) =>
        command(base, 'POST', `${session}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
      return {
        engine: 'webkit',
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
          for (const char of text)
            await keys([
              { type: 'keyDown', value: char },
              { type: 'keyUp', value: char },
            ]);
        },
        press: async (key, modifiers = []) => {
          const held = modifiers.map((modifier) => KEYS[modifier]);
          await keys([
            ...held.map((value) => ({ type: 'keyDown' as const, value })),
            { type: 'keyDown', value: KEYS[key] },
            { type: 'keyUp', value: KEYS[key] },
            ...held.reverse().map((value) => ({ type: 'keyUp' as const, value })),
          ]);
        },
        close: () => endSession(id),
      };
    },
    close: async () => {
      await Promise.all([...sessions].map(endSession));
      if (driver.pid !== undefined && driver.exitCode === null) process.kill(-driver.pid, 'SIGTERM');
    },
  };
}
