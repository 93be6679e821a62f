/**
 * A page open while the bridge stops and starts again: it reconnects by itself and shows the
 * conversation as it was, each message once, because the agent went on with its session. The
 * real pi 1.6.0 as the offline demo on the stand-in model, the real bridge (stopped as Ctrl+C
 * stops it, started again on the same port with the same token and state folder, as `rpc-ui
 * serve` does), the built playground in Debian's Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { type StandInModel, startStandInModel } from '../../../src/bridge/stand-in-model/server.js';
import { KeptSession, keptSessionRecord } from '../../../src/bridge/state/kept-session.js';
import { freePort } from '../../support/free-port.mjs';
import { playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 30_000 };
const TOKEN = 'e2e-kept-session-token';

const site = playgroundInChromium();

let model: StandInModel;
let state: string;
let port: number;

beforeAll(async () => {
  model = await startStandInModel({ chunkDelayMs: 1 });
  state = mkdtempSync(join(tmpdir(), 'rpc-ui-e2e-state-'));
  port = await freePort();
});

afterAll(async () => {
  await model?.close();
  if (state) rmSync(state, { recursive: true, force: true });
});

/** The demo pi behind a bridge on `port`, going on with the session it was on in `state`. */
async function startKept(): Promise<{ bridge: Bridge; stop: () => Promise<void> }> {
  const command = await agentCommand('pi', {
    install: false,
    standInModel: model.baseUrl,
    demoFolder: join(state, 'demo', 'pi'),
  });
  const record = keptSessionRecord(state, { agent: 'pi', setup: 'demo', cwd: command.cwd });
  const keptSession = new KeptSession(record, command.openSession);
  const bridge = await startBridge({
    port,
    token: TOKEN,
    agent: { ...command, keptSession, label: 'pi' },
    staticDir: site.dir,
  });
  return {
    bridge,
    stop: async () => {
      await bridge.close();
      command.cleanup();
    },
  };
}

/** What the conversation shows: each entry's kind and its text, as a person reads it. */
function shown(page: Page): Promise<string[]> {
  return page
    .locator('rpc-transcript li.entry')
    .evaluateAll((entries) =>
      entries.map(
        (entry) => `${entry.classList[1]}: ${entry.querySelector('.text')?.textContent?.trim() ?? ''}`,
      ),
    );
}

describe('the bridge started again', () => {
  it('gives an open page and a new one the conversation as it was, once', async () => {
    const first = await startKept();
    const page = await site.open(first.bridge.url);
    await sendMessage(page, 'Remember the word heron.');
    const reply = page.locator('rpc-transcript li.assistant').last();
    await expect.poll(() => reply.getAttribute('aria-busy'), AGENT_WAIT).toBe('false');
    const before = await shown(page);
    expect(before).toEqual([
      'user: Remember the word heron.',
      expect.stringMatching(/^assistant: This is the stand-in model, answering “Remember the word heron\.”/),
    ]);

    await first.stop();
    await expect
      .poll(() => page.locator('rpc-extension-ui').getAttribute('connection'))
      .not.toBe('connected');
    const second = await startKept();
    try {
      // The open page comes back by itself, to the same conversation, nothing doubled.
      await expect
        .poll(() => page.locator('rpc-extension-ui').getAttribute('connection'), AGENT_WAIT)
        .toBe('connected');
      await expect.poll(() => shown(page), AGENT_WAIT).toEqual(before);
      // A page opened now shows it too, and the talk goes on in it.
      const other = await site.open(`http://127.0.0.1:${port}/?token=${TOKEN}`);
      await expect.poll(() => shown(other), AGENT_WAIT).toEqual(before);
      await sendMessage(other, 'And the word crane.');
      await expect
        .poll(() => shown(page), AGENT_WAIT)
        .toEqual([
          ...before,
          'user: And the word crane.',
          expect.stringMatching(/^assistant: This is the stand-in model, answering “And the word crane\.”/),
        ]);
      await other.close();
    } finally {
      await page.close();
      await second.stop();
    }
  }, 120_000);
});
