/**
 * The VS Code workbench in Chromium, driven as a person would: commands from the command
 * palette, the kit's webview frame found by what it shows, and its Content Security Policy
 * violations collected.
 */
import type { Browser, Frame, Page } from 'playwright-core';

/** An open workbench and what it reported. */
export interface Workbench {
  readonly page: Page;
  /** The CSP violations any frame reported on the console. */
  readonly violations: string[];
}

/** Open the workbench at `url` and wait until it has laid itself out. */
export async function openWorkbench(browser: Browser, url: string): Promise<Workbench> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto(url);
  await page.getByRole('application').waitFor({ timeout: 30_000 });
  await page.locator('.part.statusbar').waitFor({ timeout: 30_000 });
  return { page, violations };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Run `title` from the command palette (F1, type, Enter). Its row appears once the extensions
 * are registered, which may be a few seconds after the workbench shows: until then, it retries.
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  const option = page.getByRole('option', { name: new RegExp(`^${escapeRegExp(title)}`) });
  const end = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('F1');
    // The list below the field has the same label.
    const input = page.getByLabel('Type the name of a command to run.').and(page.locator('input'));
    await input.waitFor();
    await input.fill(`>${title}`);
    try {
      await option.first().waitFor({ timeout: 3000 });
      break;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > end) throw error;
    }
  }
  await option.first().click();
}

/** Whether `frame` holds the kit, and what it holds. */
async function kitIn(frame: Frame): Promise<boolean> {
  return frame.evaluate(() => document.querySelector('rpc-extension-ui') !== null).catch(() => false);
}

/**
 * Every frame that shows `<rpc-extension-ui>` now (the inner frames VS Code writes the
 * extension's HTML into).
 */
export async function kitFrames(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const frame of page.frames()) if (!frame.isDetached() && (await kitIn(frame))) frames.push(frame);
  return frames;
}

/**
 * Record in `frame` what the demo extension's `/probe` reported (its `UI_PROBE_RESULT` notify,
 * as the extension posted it), read back with {@link probeResults}.
 */
export async function recordProbes(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const store = window as unknown as { probeResults?: string[] };
    store.probeResults = [];
    window.addEventListener('message', (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'string' || !data.includes('UI_PROBE_RESULT ')) return;
      const { message } = JSON.parse(data) as { message: string };
      store.probeResults?.push(message.slice(message.indexOf('UI_PROBE_RESULT ') + 16));
    });
  });
}

/** The result of one `/probe` call, as the demo extension reports it. */
export interface ProbeResult {
  readonly type: string;
  readonly value?: unknown;
}

/** The results of each `/probe` run since {@link recordProbes}. */
export async function probeResults(frame: Frame): Promise<ProbeResult[][]> {
  const texts = await frame.evaluate(
    () => (window as unknown as { probeResults?: string[] }).probeResults ?? [],
  );
  return texts.map((text) => (JSON.parse(text) as { results: ProbeResult[] }).results);
}

/**
 * Whether the workbench has written `text` to its storage (the IndexedDB databases VS Code's web
 * workbench keeps its state in, which it writes every few seconds): a webview's state, kept there,
 * is what a window that reloads restores.
 */
export async function workbenchStored(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const valuesOf = (name: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(`IndexedDB ${name}: ${String(open.error)}`));
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('ItemTable')) {
            database.close();
            resolve([]);
            return;
          }
          const all = database.transaction('ItemTable', 'readonly').objectStore('ItemTable').getAll();
          all.onerror = () => reject(new Error(`IndexedDB ${name}: ${String(all.error)}`));
          all.onsuccess = () => {
            database.close();
            resolve(all.result);
          };
        };
      });
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('vscode-web-state-db-')) continue;
      const values = await valuesOf(name);
      if (values.some((value) => typeof value === 'string' && value.includes(wanted))) return true;
    }
    return false;
  }, text);
}
