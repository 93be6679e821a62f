/**
 * The README's "One tag in your page" and "Your own dev server", done as a reader does them: its
 * HTML and main.ts built with Vite and served from an origin of their own, and the bridge started
 * with that origin in `--allow-origin`, on the real agent (pi 0.73.1, offline, the demo
 * extension). What the user types in the composer reaches the agent: `/demo-confirm` brings the
 * agent's confirm. From an origin the flag does not name, the page says it is refused and which
 * flag allows it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { parseCli } from '../../../src/bridge/cli-args.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { until } from '../../support/bridge-tab.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { buildReadmePage, readmeBlock } from '../../support/readme-page.js';
import { serveDirectory } from '../../support/static-server.js';

let browser: Browser;
let bridge: Bridge;
let page: { url: string; close: () => Promise<void> };
let dir: string;
let cleanup: () => void;
const log: string[] = [];
const sent: OutboundMessage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rpc-ui-readme-'));
  page = await serveDirectory(join(dir, 'dist'));
  const origin = page.url.replace(/\/$/, '');
  // The flag as the README spells it, for the dev server's origin here.
  const cli = parseCli(['serve', '--port', '0', '--allow-origin', origin]);
  if (cli.kind !== 'serve')
    throw new Error(`rpc-ui serve refused the README's flags: ${JSON.stringify(cli)}`);
  const command = await agentCommand('pi-0.73');
  cleanup = command.cleanup;
  bridge = await startBridge({
    port: cli.args.port,
    agent: command,
    extraOrigins: cli.args.allowOrigins,
    log: (line) => log.push(line),
  });
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    sent.push(message);
    send(message);
  };
  await buildReadmePage(dir, `ws://127.0.0.1:${bridge.port}/rpc`);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  cleanup?.();
  await page?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the README's page on your own dev server", () => {
  it('names the flag in its first command', () => {
    expect(readmeBlock('Your own dev server', 'sh').split('\n')[0]).toMatch(
      /^npx rpc-ui serve --allow-origin http:\/\/127\.0\.0\.1:5173\b/,
    );
  });

  it('connects from the allowed origin, with the token the bridge gave the browser, and sends what the user types to the agent', async () => {
    // As `rpc-ui serve` does: the browser opens the address it printed, and keeps its token.
    const context = await browser.newContext();
    await (await context.newPage()).goto(bridge.url);
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    try {
      await tab.goto(page.url);
      await tab.locator('rpc-extension-ui[connection="connected"]').waitFor();
      const message = tab.getByRole('textbox', { name: 'Message' });
      await message.fill('/demo-confirm');
      await tab.getByRole('button', { name: 'Send' }).click();
      await until('the prompt at the agent', () =>
        sent.find((m) => m.type === 'prompt' && m.message === '/demo-confirm'),
      );
      await tab.getByRole('alertdialog', { name: 'Delete build output?' }).waitFor();
      expect(await message.inputValue()).toBe('');
      await tab.keyboard.press('Escape');
      await until('the answer at the agent', () => sent.find((m) => m.cancelled === true));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('stops the agent from its Stop button and from Ctrl+., and says in the conversation a command that failed', async () => {
    const context = await browser.newContext();
    await (await context.newPage()).goto(bridge.url);
    const tab = await context.newPage();
    try {
      await tab.goto(page.url);
      await tab.locator('rpc-extension-ui[connection="connected"]').waitFor();
      const message = tab.getByRole('textbox', { name: 'Message' });
      const confirm = tab.getByRole('alertdialog', { name: 'Delete build output?' });
      const aborts = () => sent.filter((m) => m.type === 'abort').length;
      const before = aborts();
      // The button (a page-modal dialog makes the page behind it inert: then the key stops).
      await tab.getByRole('button', { name: 'Stop' }).click();
      await until('the stop at the agent', () => aborts() === before + 1);
      // The key, with focus in the open dialog: it is answered cancelled, then the agent's abort.
      await message.fill('/demo-confirm');
      await message.press('Enter');
      await confirm.waitFor();
      const asked = sent.length;
      await tab.keyboard.press('Control+.');
      await until('the second stop at the agent', () => aborts() === before + 2);
      // (The panels may ask their questions meanwhile.)
      const answers = sent
        .slice(asked)
        .filter((m) => m.type === 'extension_ui_response' || m.type === 'abort');
      expect(answers.map((m) => m.type)).toEqual(['extension_ui_response', 'abort']);
      expect(sent[asked]?.cancelled).toBe(true);
      await confirm.waitFor({ state: 'detached' });
      // A command the bridge does not pass: the conversation says it failed, and why.
      await tab.evaluate(() => {
        document.querySelector('rpc-extension-ui')?.controller.send({ type: 'export_html' });
      });
      const notice = tab.locator('rpc-transcript [part~="notice"]', { hasText: '“export_html” failed:' });
      await notice.getByText(/^The rpc-ui bridge does not pass "export_html"/).waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);

  it('shows the console’s panels beside the conversation, on the same agent', async () => {
    const context = await browser.newContext();
    await (await context.newPage()).goto(bridge.url);
    const tab = await context.newPage();
    try {
      await tab.goto(page.url);
      await tab.getByRole('region', { name: 'Sessions' }).waitFor();
      // pi 0.73.1 offline has no model: the model panel says so, and what to do.
      const model = tab.getByRole('region', { name: 'Model' });
      await model.getByText(/^The agent has no model to offer\./).waitFor();
      await tab.getByRole('group', { name: 'This session' }).getByText('Tokens in').waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);

  it('without the token, says so and how to get it', async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(page.url);
      await tab.locator('rpc-extension-ui[connection="refused"]').waitFor();
      await tab.getByText('A token is required.', { exact: true }).waitFor();
      await tab.getByText('Open the address the bridge printed').waitFor();
    } finally {
      await tab.close();
    }
  }, 30_000);

  it('from an origin --allow-origin does not name, says so and which flag allows it', async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(page.url.replace('127.0.0.1', 'localhost'));
      await tab.locator('rpc-extension-ui[connection="refused"]').waitFor();
      const origin = page.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '');
      await tab.getByText(`--allow-origin ${origin}`).waitFor();
      expect(log.some((line) => line.includes('refused a WebSocket'))).toBe(true);
      expect(await tab.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    } finally {
      await tab.close();
    }
  }, 30_000);
});
