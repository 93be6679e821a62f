/**
 * The framework examples (examples/react, examples/vue, examples/html), each built with Vite as a
 * user would build it, served over HTTP and opened in Debian's Chromium (playwright-core). A tiny
 * `ws` server stands in for the rpc-ui bridge (the page's `?ws=` points at it) and replays lines
 * the real agent wrote (test/fixtures/pi-0.73.1/main.jsonl): a notification, a status and a
 * confirm, which is answered by keyboard. Then the composer sends a prompt.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExample } from '../../support/build-example.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { readTranscript } from '../../support/fixtures.js';
import { serveDirectory } from '../../support/static-server.js';

/** What the real agent wrote and answered around its confirm in main.jsonl. */
const transcript = readTranscript('main.jsonl');
const fromAgent = transcript.filter((r) => r.dir === 'from_agent').map((r) => r.raw);
const find = (predicate: (value: Record<string, unknown>) => boolean): string => {
  const line = fromAgent.find((raw) => predicate(JSON.parse(raw) as Record<string, unknown>));
  if (line === undefined) throw new Error('The fixture changed: a line is missing.');
  return line;
};
const notify = find((v) => v.method === 'notify' && v.notifyType === 'info');
const status = find((v) => v.method === 'setStatus' && typeof v.statusText === 'string');
const confirm = find((v) => v.method === 'confirm');
const confirmId = (JSON.parse(confirm) as { id: string }).id;
/** The agent got `{"type":"extension_ui_response","id":…,"confirmed":true}`. */
const answer: unknown = JSON.parse(
  transcript.find((r) => r.dir === 'to_agent' && r.raw.includes(confirmId))?.raw ?? 'null',
);

/** A stand-in for the bridge: plays the lines to each page that connects, records what it sends. */
async function startAgent(): Promise<{ url: string; received: unknown[]; close: () => Promise<void> }> {
  const received: unknown[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/rpc' });
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      // The page sends text frames: `ws` gives them as one Buffer each.
      received.push(Buffer.isBuffer(data) ? JSON.parse(data.toString()) : '(not one text frame)');
    });
    for (const line of [notify, status, confirm]) socket.send(line);
  });
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    for (const client of server.clients) client.terminate();
    return new Promise<void>((done) => server.close(() => done()));
  };
  return { url: `ws://127.0.0.1:${port}/rpc`, received, close };
}

let browser: Browser;
let outRoot: string;

beforeAll(async () => {
  outRoot = await mkdtemp(join(tmpdir(), 'rpc-ui-examples-'));
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  if (outRoot) await rm(outRoot, { recursive: true, force: true });
});

describe.each(['react', 'vue', 'html'])('examples/%s', (name) => {
  it('builds, shows the agent’s notification, status and confirm, and sends the keyboard answer and a prompt', async () => {
    const outDir = join(outRoot, name);
    await buildExample(name, outDir);
    const server = await serveDirectory(outDir);
    const agent = await startAgent();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}?ws=${encodeURIComponent(agent.url)}`);
      await page.locator('rpc-extension-ui[connection="connected"]').waitFor();

      const dialog = page.locator('dialog[open]');
      await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('ui-probe: proceed?');
      await page.getByText('ui-probe: info notification', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Extension status' }).getByText('probing… ✓').waitFor();
      await page.keyboard.press('Control+Enter');
      // The page's own question first: the agent's models, asked once connected.
      await expect
        .poll(() => agent.received)
        .toEqual([{ type: 'get_available_models', id: expect.any(String) }, answer]);
      await expect.poll(() => dialog.count()).toBe(0);

      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('/demo');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => agent.received.at(-1)).toEqual({ type: 'prompt', message: '/demo' });
      expect(await message.inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await agent.close();
      await server.close();
    }
  }, 30_000);
});
