/**
 * A first run that guides, on the real agents with no model (issue 26, point 6): the page says so
 * where the conversation would be, in the agent's words, with what to do; atomic's sign-in lists
 * the providers atomic names, by its names; Stop during a sign-in ends it cancelled, once; a
 * reload in the middle of a sign-in brings it back whole. The built playground in Chromium,
 * behind the real bridge.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATOMIC_PROVIDER_NAMES } from '../../support/fixtures.js';
import { openDialog, playgroundInChromium } from '../../support/playground-page.js';
import { readingPause } from '../../support/reading-pause.js';
import { type ServedAgent, serveAgent } from '../../support/served-agent.js';

const AGENT_WAIT = { timeout: 15_000 };

const site = playgroundInChromium();

const conversation = (page: Page): Locator => page.locator('rpc-transcript');
const noModel = (page: Page): Locator => conversation(page).locator('[part="no-model"]');

/** The lines the page sent that hold `text` (the protocol log). */
async function sentCount(page: Page, text: string): Promise<number> {
  return page.locator('#log li.out', { hasText: text }).count();
}

describe('pi 1.6.0 with no model', () => {
  let served: ServedAgent;
  beforeAll(async () => {
    served = await serveAgent('pi', site.dir);
  }, 60_000);
  afterAll(() => served?.stop());

  it('says so in the conversation, in its words, and links how to add a model', async () => {
    const page = await site.open(served.bridge.url);
    await expect
      .poll(() => noModel(page).locator('.title').textContent(), AGENT_WAIT)
      .toBe('The agent has no model');
    expect(await noModel(page).textContent()).toContain('No models available.');
    expect(await noModel(page).textContent()).toContain("add a model to the agent's settings");
    const help = noModel(page).getByRole('link', { name: 'How to add a model' });
    const response = await page.request.get(
      new URL((await help.getAttribute('href')) ?? '', page.url()).href,
    );
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toContain('# Giving the agent a model');
    // pi has no sign-in over RPC: no form that could not work.
    expect(
      await page.locator('rpc-extension-ui').getByRole('form', { name: 'Sign in to a provider' }).count(),
    ).toBe(0);
    await page.close();
  });
});

describe('atomic with no model', () => {
  let served: ServedAgent;
  beforeAll(async () => {
    served = await serveAgent('atomic', site.dir);
  }, 60_000);
  afterAll(() => served?.stop());

  /** Start atomic's sign-in to Anthropic from the page's form; its code question shows. */
  async function signIn(page: Page): Promise<void> {
    const ui = page.locator('rpc-extension-ui');
    await ui.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Anthropic' });
    await ui.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT)
      .toBe('Paste the code from Anthropic, or the address your browser was sent to');
  }

  it("lists the providers atomic names, by its names, and says why there is no model in atomic's words", async () => {
    const page = await site.open(served.bridge.url);
    const options = page
      .locator('rpc-extension-ui')
      .getByRole('combobox', { name: 'Provider' })
      .locator('option');
    await expect.poll(() => options.allTextContents(), AGENT_WAIT).toEqual(ATOMIC_PROVIDER_NAMES);
    // atomic's modelFallbackMessage, from its get_state.
    await expect
      .poll(() => noModel(page).textContent(), AGENT_WAIT)
      .toContain('No models available. Use /login');
    expect(await noModel(page).textContent()).toContain(
      'Sign in to a provider it offers: Anthropic, GitHub Copilot, Kimi For Coding, OpenAI Codex, OpenRouter, Radius, or xAI.',
    );
    await page.close();
  });

  it('Stop (Ctrl+.) during a sign-in ends it cancelled, once: no failure, no empty code sent', async () => {
    const page = await site.open(served.bridge.url);
    await signIn(page);
    await readingPause(page);
    await page.keyboard.press('Control+.');
    const card = page.locator('rpc-extension-ui').getByRole('group', { name: 'Sign in to Anthropic' });
    await expect.poll(() => card.getByText('Sign-in cancelled.').count(), AGENT_WAIT).toBe(1);
    expect(await card.getByText(/failed/i).count()).toBe(0);
    expect(await openDialog(page).count()).toBe(0);
    await page.getByText('Protocol log').click();
    expect(await sentCount(page, '"cancel_login_provider"')).toBe(1);
    expect(await sentCount(page, '"extension_ui_response"')).toBe(0);
    await page.close();
  }, 60_000);

  it('a reload in the middle of a sign-in brings it back whole: the page to open and the question', async () => {
    const page = await site.open(served.bridge.url);
    await signIn(page);
    await page.reload();
    await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
    const card = page.locator('rpc-extension-ui').getByRole('group', { name: 'Sign in to Anthropic' });
    const link = card.getByRole('link', { name: /claude\.ai/ });
    await expect
      .poll(() => link.getAttribute('href'), AGENT_WAIT)
      .toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
    await expect
      .poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT)
      .toBe('Paste the code from Anthropic, or the address your browser was sent to');
    // The reloaded page ends it too: Escape cancels the sign-in, which ends cancelled.
    await readingPause(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => card.getByText('Sign-in cancelled.').count(), AGENT_WAIT).toBe(1);
    await page.close();
  }, 60_000);
});
