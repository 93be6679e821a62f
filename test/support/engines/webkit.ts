/**
 * Debian's WebKit (WebKitGTK's `MiniBrowser`, from `webkit2gtk-driver`) over classic W3C
 * WebDriver: `WebKitWebDriver` under Xvfb (MiniBrowser has no headless mode), spoken to with plain
 * HTTP. Each page is a WebDriver session of its own (a fresh browser, so fresh cookies). Keys go
 * as WebDriver key actions, one `keyDown`/`keyUp` pair per character. Node only.
 */
import { MINIBROWSER_CAPABILITIES, pressActions, startWebKitDriver, typeActions } from '../webkit-driver.mjs';
import type { Engine, EngineOptions, EnginePage } from './engine-page.js';

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
export async function launchWebKit(options: EngineOptions = {}): Promise<Engine> {
  const { port, desktop, stop } = await startWebKitDriver();
  if (options.reducedMotion) desktop.setSettings({ reducedMotion: true });
  const base = `http://127.0.0.1:${port}`;
  const sessions = new Set<string>();
  const endSession = async (id: string) => {
    sessions.delete(id);
    await command(base, 'DELETE', `/session/${id}`).catch(() => undefined);
  };
  return {
    name: 'webkit',
    newPage: async (): Promise<EnginePage> => {
      const created = (await command(base, 'POST', '/session', {
        capabilities: { alwaysMatch: MINIBROWSER_CAPABILITIES },
      })) as { sessionId: string; capabilities: { browserVersion?: string } };
      const id = created.sessionId;
      sessions.add(id);
      const session = `/session/${id}`;
      // A script may run as long as it needs (the bench's passes take minutes).
      await command(base, 'POST', `${session}/timeouts`, { script: null });
      const keys = (actions: readonly unknown[]) =>
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
