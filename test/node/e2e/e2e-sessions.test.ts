/**
 * The sessions panel of the playground, used as a person would, in two tabs of one bridge: a new
 * session, another opened from the list by keyboard, a name given, a fork from a prompt; the other
 * tab follows each move, its conversation and its list. The real pi 1.6.0 as the offline demo on
 * the stand-in model, its sessions in its own store (the demo's, in a state folder of the test's
 * own), the real bridge, the built playground in Debian's Chromium; axe on the page with the fork
 * dialog open.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPiBridge } from '../../support/demo-bridge.js';
import { axeViolations, playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 60_000 };

const site = playgroundInChromium();

const demo = demoPiBridge(site);

/** The prompts the conversation shows, in order. */
const prompts = (page: Page) =>
  page
    .locator('rpc-transcript li.user .text')
    .evaluateAll((texts) => texts.map((text) => text.textContent?.trim()));

/** The sessions listed, each as its label, and which is current. */
const listed = (page: Page) =>
  page
    .locator('rpc-sessions [role="option"]')
    .evaluateAll((options) =>
      options.map(
        (option) =>
          `${option.querySelector('.label')?.textContent?.trim()}${option.getAttribute('aria-current') ? ' (current)' : ''}`,
      ),
    );

/** Whether it has focus (in its shadow root: `:focus` matches there). */
const focused = (locator: Locator) => locator.evaluate((element) => element.matches(':focus'));

const status = (page: Page) => page.locator('rpc-sessions [part="status"]').textContent();

/** Say something and wait for the whole reply. */
async function talk(page: Page, text: string): Promise<void> {
  const replies = page.locator('rpc-transcript li.assistant');
  const before = await replies.count();
  await sendMessage(page, text);
  await expect.poll(() => replies.count(), AGENT_WAIT).toBe(before + 1);
  await expect.poll(() => replies.last().getAttribute('aria-busy'), AGENT_WAIT).toBe('false');
}

describe('the sessions panel', () => {
  it('starts, opens, names and forks sessions in one tab; the other tab follows each move', async () => {
    const a = await site.open(demo.bridge.url);
    const b = await site.open(demo.bridge.url);
    try {
      await talk(a, 'Remember the word heron.');
      await talk(a, 'And the word ibis.');
      await expect.poll(() => listed(a), AGENT_WAIT).toEqual(['Remember the word heron. (current)']);
      await expect.poll(() => listed(b), AGENT_WAIT).toEqual(['Remember the word heron. (current)']);

      // A new session, from tab A: both conversations are empty, then hold what is said next.
      await a.getByRole('button', { name: 'New session' }).click();
      await expect.poll(() => status(a), AGENT_WAIT).toBe('Started a new session.');
      await expect.poll(() => prompts(b), AGENT_WAIT).toEqual([]);
      await talk(a, 'Now the word crane.');
      await expect
        .poll(() => listed(b), AGENT_WAIT)
        .toEqual(['Now the word crane. (current)', 'Remember the word heron.']);

      // Tab B opens the first session by keyboard: the list box is one tab stop, Enter opens.
      const current = b.getByRole('option', { name: /Now the word crane/ });
      await current.focus();
      await b.keyboard.press('ArrowDown');
      await expect.poll(() => focused(b.getByRole('option', { name: /Remember the word heron/ }))).toBe(true);
      await b.keyboard.press('Enter');
      await expect.poll(() => status(b), AGENT_WAIT).toBe('Opened “Remember the word heron.”.');
      const heron = ['Remember the word heron.', 'And the word ibis.'];
      await expect.poll(() => prompts(b), AGENT_WAIT).toEqual(heron);
      await expect.poll(() => prompts(a), AGENT_WAIT).toEqual(heron);
      // Newest first: opening writes nothing, so the crane is still the newest.
      await expect
        .poll(() => listed(a), AGENT_WAIT)
        .toEqual(['Now the word crane.', 'Remember the word heron. (current)']);

      // Tab A names it.
      await a.getByRole('button', { name: 'Rename' }).click();
      const name = a.getByRole('textbox', { name: 'Name' });
      await expect.poll(() => focused(name)).toBe(true);
      await name.fill('Birds');
      await name.press('Enter');
      await expect.poll(() => status(a), AGENT_WAIT).toBe('Named the session “Birds”.');
      await expect.poll(() => focused(a.getByRole('button', { name: 'Rename' }))).toBe(true);
      // A name is written into the session: it is the newest now.
      await expect.poll(() => listed(b), AGENT_WAIT).toEqual(['Birds (current)', 'Now the word crane.']);

      // Tab A forks it from its second prompt: a new session that holds the talk before it.
      await a.getByRole('button', { name: 'Fork…' }).click();
      const points = a.getByRole('listbox', { name: 'Prompts of this session' });
      await expect.poll(() => focused(points.getByRole('option', { name: 'And the word ibis.' }))).toBe(true);
      expect(await axeViolations(a)).toEqual([]);
      await a.keyboard.press('Enter');
      await expect
        .poll(() => status(a), AGENT_WAIT)
        .toBe('Forked from “And the word ibis.”: this is a new session.');
      await expect.poll(() => prompts(b), AGENT_WAIT).toEqual(['Remember the word heron.']);
      await expect.poll(() => prompts(a), AGENT_WAIT).toEqual(['Remember the word heron.']);
    } finally {
      await a.close();
      await b.close();
    }
  }, 240_000);
});
