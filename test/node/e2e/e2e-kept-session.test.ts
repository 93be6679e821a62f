/**
 * A page open while the bridge stops and starts again: it reconnects by itself with the cookie it
 * holds (the token is kept), says that the bridge started again, and shows the conversation as it
 * was, each message once, because the agent went on with its session; a crashed agent started
 * again from the page is said too. The real pi 1.6.0 as the offline demo on the stand-in model,
 * the real bridge (stopped as Ctrl+C stops it, started again on the same port with the state
 * folder's token and session, as `rpc-ui serve` does), the built playground in Debian's Chromium.
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
import { keptToken } from '../../../src/bridge/state/kept-token.js';
import { freePort } from '../../support/free-port.mjs';
import { playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 30_000 };

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
    token: keptToken(state, false, () => undefined),
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
  it('lets an open page back in with its cookie, says so, and gives it and a new one the conversation as it was, once', async () => {
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

    expect(await page.locator('#news').textContent()).toBe('');
    await first.stop();
    await expect
      .poll(() => page.locator('rpc-extension-ui').getAttribute('connection'))
      .not.toBe('connected');
    const second = await startKept();
    try {
      // The open page comes back by itself (its address no longer has the token: the cookie
      // does), says why, and shows the same conversation, nothing doubled.
      expect(page.url()).not.toContain('token=');
      await expect
        .poll(() => page.locator('rpc-extension-ui').getAttribute('connection'), AGENT_WAIT)
        .toBe('connected');
      await expect
        .poll(() => page.locator('#news').textContent())
        .toBe('The bridge started again, and the agent with it.');
      await expect.poll(() => shown(page), AGENT_WAIT).toEqual(before);
      // A page opened now shows it too, and the talk goes on in it.
      const other = await site.open(second.bridge.url);
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

      // The agent crashes and is started again from the page: said as such, the talk still there.
      second.bridge.agent.child.kill('SIGKILL');
      await expect
        .poll(() => page.locator('rpc-extension-ui').getAttribute('connection'))
        .toBe('agent-exited');
      const talk = await shown(page);
      await page.getByRole('button', { name: 'Start the agent again' }).click();
      await expect
        .poll(() => page.locator('#news').textContent(), AGENT_WAIT)
        .toBe('The agent started again.');
      await expect.poll(() => shown(page), AGENT_WAIT).toEqual(talk);
    } finally {
      await page.close();
      await second.stop();
    }
  }, 120_000);
});
