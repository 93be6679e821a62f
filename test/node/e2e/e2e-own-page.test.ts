/**
 * Your own dev server, end to end, as the README's first example runs it: examples/html built and
 * served from an origin of its own, the real rpc-ui bridge and pi 1.6.0 (the default agent, which
 * `npm test` installs). A bridge started without `--allow-origin` for that origin refuses the
 * page, and the page says so with the bridge's reason and the flag that allows it; the bridge
 * started again with the flag, at the same address, takes the page without a reload, and a
 * dialog answered by keyboard reaches the agent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { buildExample } from '../../support/build-example.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { axeViolations } from '../../support/playground-page.js';
import { type Proxy, startProxy } from '../../support/proxy.js';
import { readingPause } from '../../support/reading-pause.js';
import { serveDirectory } from '../../support/static-server.js';

let browser: Browser;
let outDir: string;
let site: Awaited<ReturnType<typeof serveDirectory>>;
let proxy: Proxy;
let target = 0;
const bridges: Bridge[] = [];

/** The token the page gives in its WebSocket URL; each bridge at the proxy's address keeps it. */
const TOKEN = 'e2e-own-page-token';

/** The bridge on the real pi, at the proxy's address; `extraOrigins` is what `--allow-origin` sets. */
async function startPiBridge(extraOrigins: string[] = []): Promise<Bridge> {
  const { cleanup, ...agent } = await agentCommand('pi');
  const bridge = await startBridge({ port: 0, agent, extraOrigins, token: TOKEN });
  void bridge.agentExit.then(cleanup);
  bridges.push(bridge);
  target = bridge.port;
  return bridge;
}

const ui = (page: Page) => page.locator('rpc-extension-ui');

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'rpc-ui-own-page-'));
  await buildExample('html', outDir);
  site = await serveDirectory(outDir);
  proxy = await startProxy(() => target);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await site?.close();
  await Promise.all(bridges.map((bridge) => bridge.close()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
}, 30_000);

describe('a page of your own on its own dev server', () => {
  it('says the bridge refused its origin and which flag allows it, then connects once allowed', async () => {
    const origin = new URL(site.url).origin;
    const refusing = await startPiBridge();
    const page = await browser.newPage();
    try {
      await page.goto(
        `${site.url}?ws=${encodeURIComponent(`ws://127.0.0.1:${proxy.port}/rpc?token=${TOKEN}`)}`,
      );
      await ui(page).and(page.locator('[connection="refused"]')).waitFor();
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain('Refused by the bridge');
      await page.getByText(`The origin ${origin} is not allowed.`, { exact: true }).waitFor();
      await page.getByText(`Start the bridge with --allow-origin ${origin}`).waitFor();
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // Restarted with the flag at the same address: the page connects by itself.
      await refusing.close();
      await startPiBridge([origin]);
      await ui(page).and(page.locator('[connection="connected"]')).waitFor({ timeout: 30_000 });
      expect(await page.getByText(`The origin ${origin} is not allowed.`).count()).toBe(0);

      // What is typed is sent: the real agent's answer comes back.
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('/demo-notify');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Build finished in 4.2 s.', { exact: true }).waitFor();
      // Enter in the field sends too; Shift+Enter would start a new line.
      await message.fill('/demo-confirm');
      await message.press('Enter');
      const dialog = page.locator('dialog[open]');
      await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete build output?');
      await readingPause(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  }, 120_000);
});
