/**
 * Trust, end to end: an answer reaches only the question it was given to. The built playground in
 * Debian's Chromium, the real rpc-ui bridge, and an agent of one's own whose ids are counters (or
 * fixed), as a user may write one: it asks confirm "1" as it starts. The bridge and its agent are
 * restarted at the same address while the page is open (and across a reload); the new agent asks
 * "1" again. What the bridge wrote to each agent's stdin is recorded.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { buildPlayground } from '../../support/playground.js';
import { type Proxy, startProxy } from '../../support/proxy.js';
import { readingPause } from '../../support/reading-pause.js';

/** An agent whose first question is always id "1": `QUESTION` is its title. */
const COUNTER_AGENT = `
const line = { type: 'extension_ui_request', id: '1', method: 'confirm', title: process.env.QUESTION, message: '' };
process.stdout.write(JSON.stringify(line) + '\\n');
process.stdin.resume();
`;

let playground: Awaited<ReturnType<typeof buildPlayground>>;
let browser: Browser;
let proxy: Proxy;
let target = 0;
const bridges: Bridge[] = [];

const TOKEN = 'e2e-trust-token';

/** A bridge at the proxy's address running the counter agent; what it writes to the agent is kept. */
async function start(question: string): Promise<{ bridge: Bridge; toAgent: OutboundMessage[] }> {
  const bridge = await startBridge({
    port: 0,
    // One token for every bridge at the proxy's address, as a service restarted keeps its own.
    token: TOKEN,
    staticDir: playground.dir,
    extraOrigins: [`http://127.0.0.1:${proxy.port}`],
    agent: {
      command: process.execPath,
      args: ['-e', COUNTER_AGENT],
      env: { ...process.env, QUESTION: question },
    },
  });
  bridges.push(bridge);
  const toAgent: OutboundMessage[] = [];
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    toAgent.push(message);
    send(message);
  };
  target = bridge.port;
  return { bridge, toAgent };
}

const answers = (toAgent: readonly OutboundMessage[]) =>
  toAgent.filter((message) => message.type === 'extension_ui_response');
const ui = (page: Page) => page.locator('rpc-extension-ui');
const dialog = (page: Page) => page.locator('dialog[open]');
const heading = (page: Page) => dialog(page).getByRole('heading').textContent();

beforeAll(async () => {
  playground = await buildPlayground();
  proxy = await startProxy(() => target);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all(bridges.map((bridge) => bridge.close()));
  playground?.remove();
}, 30_000);

/** Answer the open confirm with its Yes button, as a user would. */
async function clickYes(page: Page): Promise<void> {
  await readingPause(page);
  await dialog(page).getByRole('button', { name: 'Yes' }).click();
}

/** The bridge and its agent go away and come back at the same address, asking `question`. */
async function restart(old: Bridge, question: string) {
  proxy.down = true;
  proxy.cut();
  await old.close();
  const next = await start(question);
  proxy.down = false;
  return next;
}

describe('a restarted agent that reuses ids', () => {
  for (const { name, first, second, reload } of [
    {
      name: 'counter ids, the page open',
      first: 'Allow: rm -rf ./tmp ?',
      second: 'Allow: deploy to PRODUCTION ?',
      reload: false,
    },
    {
      name: 'fixed ids and the very same question, across a reload',
      first: 'Allow: rm -rf ./tmp ?',
      second: 'Allow: rm -rf ./tmp ?',
      reload: true,
    },
  ]) {
    it(`gets no answer it did not ask for: the new question is shown (${name})`, async () => {
      const before = await start(first);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${proxy.port}/?token=${TOKEN}`);
      await expect.poll(() => heading(page)).toBe(first);
      await clickYes(page);
      await expect
        .poll(() => answers(before.toAgent))
        .toEqual([{ type: 'extension_ui_response', id: '1', confirmed: true }]);
      await expect.poll(() => dialog(page).count()).toBe(0);

      const after = await restart(before.bridge, second);
      if (reload) await page.reload();
      await expect.poll(() => ui(page).getAttribute('connection'), { timeout: 15_000 }).toBe('connected');
      // The new agent's question is shown, and nothing went to it by itself.
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(second);
      expect(answers(after.toAgent)).toEqual([]);

      // The user's own answer to it goes, once. It is also the barrier for the check above: the
      // page sends on one connection, in order, so an answer it had sent by itself would have
      // reached the agent first (and this one would then be refused as a second answer).
      await page.keyboard.press('Escape');
      await expect
        .poll(() => answers(after.toAgent))
        .toEqual([{ type: 'extension_ui_response', id: '1', cancelled: true }]);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
