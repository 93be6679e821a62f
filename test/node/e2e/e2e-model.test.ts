/**
 * The model panel and the usage panel of the playground, used as a person would, in two tabs of
 * one bridge: the stand-in thinker chosen from the list by keyboard, its thinking level set to
 * High, and the next turn answered by that model at that effort (its reply says so, and the
 * stand-in saw the request); the other tab follows both changes; the session's tokens are shown
 * after the turn; the status line names the model the agent is on; near the context's limit the
 * usage panel offers compaction, and the conversation shows the agent's. The real pi 1.6.0 as the offline
 * demo on the stand-in model, the real bridge, the built playground in Debian's Chromium; axe.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAND_IN_THINKER } from '../../../src/bridge/stand-in-model/server.js';
import { demoPiBridge } from '../../support/demo-bridge.js';
import { axeViolations, playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 60_000 };

const site = playgroundInChromium();

const demo = demoPiBridge(site);

/** Whether it has focus (in its shadow root: `:focus` matches there). */
const focused = (locator: Locator) => locator.evaluate((element) => element.matches(':focus'));

const panel = (page: Page) => page.locator('rpc-model');
const status = (page: Page) => panel(page).locator('[part="status"]').textContent();
const current = (page: Page) =>
  panel(page)
    .locator('[role="option"][aria-current="true"] .label')
    .evaluateAll((labels) => labels.map((label) => label.textContent?.trim()));
const checkedLevel = (page: Page) =>
  panel(page)
    .locator('input[type="radio"]')
    .evaluateAll((radios) => (radios as HTMLInputElement[]).find((radio) => radio.checked)?.value);

describe('the model panel', () => {
  it('chooses a model and its thinking level in one tab; the next turn uses them; the other tab follows', async () => {
    const a = await site.open(demo.bridge.url);
    const b = await site.open(demo.bridge.url);
    try {
      await expect.poll(() => current(a), AGENT_WAIT).toEqual(['Stand-in (scripted, offline)']);
      await expect
        .poll(() => panel(a).locator('[part="thinking"]').textContent(), AGENT_WAIT)
        .toBe('This model does not think before it answers.');

      // The list box is one tab stop on the current model; ArrowDown, then Enter chooses.
      await a.getByRole('option', { name: /Stand-in \(scripted, offline\)/ }).focus();
      await a.keyboard.press('ArrowDown');
      const thinker = a.getByRole('option', { name: /Stand-in thinker/ });
      await expect.poll(() => focused(thinker)).toBe(true);
      await a.keyboard.press('Enter');
      await expect
        .poll(() => status(a), AGENT_WAIT)
        .toBe('The agent uses Stand-in thinker (scripted, offline) now.');
      await expect.poll(() => current(b), AGENT_WAIT).toEqual(['Stand-in thinker (scripted, offline)']);

      // pi's levels for a model that reasons; High chosen from the radio group.
      const levels = panel(a).locator('input[type="radio"]');
      await expect
        .poll(() =>
          levels.evaluateAll((radios) => (radios as HTMLInputElement[]).map((radio) => radio.value)),
        )
        .toEqual(['off', 'minimal', 'low', 'medium', 'high']);
      await a.getByRole('radio', { name: 'High' }).check();
      await expect.poll(() => status(a), AGENT_WAIT).toBe('Thinking: High.');
      await expect.poll(() => checkedLevel(b), AGENT_WAIT).toBe('high');

      // The next turn: the stand-in thinker, asked to think hard, says so.
      const replies = a.locator('rpc-transcript li.assistant');
      await sendMessage(a, 'Which model answers?');
      await expect
        .poll(() => replies.last().textContent(), AGENT_WAIT)
        .toContain('This is the stand-in thinker, thinking at high effort');
      expect(demo.model.asked.at(-1)).toEqual({ model: STAND_IN_THINKER, reasoningEffort: 'high' });

      // The session's use, after the turn, in both tabs.
      for (const page of [a, b])
        await expect
          .poll(() => page.locator('rpc-usage dd').first().textContent(), AGENT_WAIT)
          .toMatch(/^[1-9]/);
      expect(await axeViolations(a)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 240_000);

  it('names the model the agent is on in the status line (the demo tour)', async () => {
    const page = await site.open(demo.bridge.url);
    try {
      await sendMessage(page, '/demo');
      await expect
        .poll(() => page.locator('rpc-status-bar [part~="bar"]').textContent(), AGENT_WAIT)
        .toContain('model: Stand-in thinker (scripted, offline)');
      // Stopping the tour's first question ends it.
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.locator('rpc-status-bar [part~="bar"]').textContent(), AGENT_WAIT)
        .not.toContain('model:');
    } finally {
      await page.close();
    }
  }, 120_000);

  it('offers compaction near the limit; the agent compacts, and the conversation shows it', async () => {
    const page = await site.open(demo.bridge.url);
    try {
      const replies = page.locator('rpc-transcript li.assistant');
      const before = await replies.count();
      await sendMessage(page, 'A huge reply, please.');
      await expect.poll(() => replies.count(), AGENT_WAIT).toBe(before + 1);
      await expect.poll(() => replies.last().getAttribute('aria-busy'), AGENT_WAIT).toBe('false');
      const compact = page.getByRole('button', { name: 'Compact now' });
      expect(await compact.count(), 'not offered far from the limit').toBe(0);
      await sendMessage(page, 'Now fill the context.');
      await expect.poll(() => compact.count(), AGENT_WAIT).toBe(1);
      await compact.click();
      const usage = page.locator('rpc-usage');
      await expect
        .poll(() => usage.locator('[part="status"]').textContent(), AGENT_WAIT)
        .toBe('The session was compacted.');
      await expect
        .poll(() => page.locator('rpc-transcript li.compaction summary').textContent(), AGENT_WAIT)
        .toMatch(
          /^The earlier conversation was compacted: the agent keeps this summary of it \(\d+(\.\d)?K tokens before\)$/,
        );
      await expect
        .poll(() => usage.locator('[part="base"]').textContent(), AGENT_WAIT)
        .toContain('Known after the next reply');
      await expect.poll(() => compact.count(), AGENT_WAIT).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});
