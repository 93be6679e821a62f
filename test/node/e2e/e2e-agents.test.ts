/**
 * End to end on every agent people run: pi 0.73.1, pi 1.6.0, oh-my-pi 18.2.3 and atomic, each
 * installed by the bridge's own installer (atomic built from its source), behind the real bridge,
 * the built playground in Debian's Chromium. The same scenarios for each, then each agent's own.
 * A `ws` tab beside the page reads what the extension received (its `UI_PROBE_RESULT` notes).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/bridge/agents/catalog.js';
import {
  openDialog,
  playgroundInChromium,
  probeFromPage,
  sendMessage,
} from '../../support/playground-page.js';
import { readingPause } from '../../support/reading-pause.js';
import { serveAgent } from '../../support/served-agent.js';

/** How long to wait for what the agent does (oh-my-pi on bun takes longer than pi on Node). */
const AGENT_WAIT = { timeout: 10_000 };

const site = playgroundInChromium();

/** One agent behind a bridge serving the playground, with an observer tab. */
const serve = (name: AgentName, env: NodeJS.ProcessEnv = {}) => serveAgent(name, site.dir, env);

/** Each agent, and how the page names it and the folder it works in (the demo's own). */
const AGENTS: readonly { name: AgentName; shown: RegExp }[] = [
  { name: 'pi-0.73', shown: /^Agent: pi 0\.73\.1 · in \S*rpc-ui-agent-\w+$/ },
  { name: 'pi', shown: /^Agent: pi 1\.6\.0 · in \S*rpc-ui-agent-\w+$/ },
  { name: 'omp', shown: /^Agent: omp 18\.2\.3 · in \S*rpc-ui-agent-\w+$/ },
  { name: 'atomic', shown: /^Agent: atomic 6031a92 · in \S*rpc-ui-agent-\w+$/ },
];

describe.each(AGENTS)('$name through the bridge, in the playground', ({ name, shown }) => {
  let served: Awaited<ReturnType<typeof serve>>;
  const open = () => site.open(served.bridge.url);
  const probe = (page: Page, calls: unknown[]) => probeFromPage(page, served.observer, calls);
  const dialog = openDialog;

  beforeAll(async () => {
    served = await serve(name);
  }, 60_000);
  afterAll(() => served?.stop());

  it('names the agent and its version; every dialog answered by keyboard; the updates shown', async () => {
    const page = await open();
    await expect.poll(() => page.locator('#agent').textContent()).toMatch(shown);
    const mark = await probe(page, [
      { call: 'select', args: ['Pick one', ['alpha', 'beta ✓', 'gamma']] },
      { call: 'confirm', args: ['Proceed?', 'Two\nlines'] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit', 'line 1'] },
      { call: 'setStatus', args: ['e2e', `status from ${name}`] },
      { call: 'setWidget', args: ['e2e', ['widget line ✓']] },
      { call: 'notify', args: [`a warning from ${name}`, 'warning'] },
    ]);
    await expect.poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Pick one');
    await readingPause(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Proceed?');
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Your name');
    await readingPause(page);
    await page.keyboard.type('Ada ✓');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Edit');
    await readingPause(page);
    await page.keyboard.type(' end');
    await page.keyboard.press('Control+Enter');
    const results = await served.observer.resultAfter(mark);
    expect(results.map((r) => r.value)).toEqual([
      'beta ✓',
      true,
      'Ada ✓',
      'line 1 end',
      undefined,
      undefined,
      undefined,
    ]);
    const text = (selector: string) =>
      page.locator(`rpc-extension-ui ${selector}`).evaluate((el) => el.shadowRoot?.textContent ?? '');
    await expect.poll(() => text('rpc-status-bar')).toContain(`status from ${name}`);
    await expect.poll(() => text('rpc-widget[placement="aboveEditor"]')).toContain('widget line ✓');
    await expect.poll(() => text('rpc-notifications')).toContain(`a warning from ${name}`);
    await page.close();
  });

  it('Escape cancels, a timeout expires visibly, concurrent dialogs queue, Stop unblocks', async () => {
    const page = await open();
    let mark = await probe(page, [{ call: 'confirm', args: ['Cancel me', 'm'] }]);
    await expect.poll(() => dialog(page).count(), AGENT_WAIT).toBe(1);
    await page.keyboard.press('Escape');
    expect((await served.observer.resultAfter(mark)).map((r) => r.value)).toEqual([false]);

    mark = await probe(page, [{ call: 'select', args: ['Too slow', ['a', 'b']], timeout: 1500 }]);
    await expect.poll(() => dialog(page).count(), AGENT_WAIT).toBe(1);
    expect((await served.observer.resultAfter(mark))[0]?.type).toBe('undefined');
    const timedOut = page.getByText('“\u2068Too slow\u2069” timed out: the agent went on with its default.');
    await expect.poll(() => timedOut.count()).toBe(1);
    await expect.poll(() => dialog(page).count(), AGENT_WAIT).toBe(0);

    mark = await probe(page, [
      { call: 'confirm', args: ['First', 'm'] },
      { call: 'input', args: ['Second'] },
      { call: 'select', args: ['Third', ['x', 'y']] },
    ]);
    await expect.poll(() => dialog(page).getByText('1 of 3').count(), AGENT_WAIT).toBe(1);
    await readingPause(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).getByText('1 of 2').count(), AGENT_WAIT).toBe(1);
    await readingPause(page);
    await page.keyboard.type('typed');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Third');
    await page.getByRole('button', { name: 'Stop' }).click();
    expect((await served.observer.resultAfter(mark)).map((r) => r.value)).toEqual([
      false,
      'typed',
      undefined,
    ]);
    await expect.poll(() => dialog(page).count(), AGENT_WAIT).toBe(0);
    await page.close();
  });

  it('a reload keeps a pending dialog and what was typed in it', async () => {
    const page = await open();
    const mark = await probe(page, [{ call: 'input', args: ['Survives a reload'] }]);
    await expect.poll(() => dialog(page).count(), AGENT_WAIT).toBe(1);
    await readingPause(page);
    await page.keyboard.type('half-typed');
    await page.reload();
    await expect
      .poll(() => dialog(page).getByRole('heading').textContent(), AGENT_WAIT)
      .toBe('Survives a reload');
    await expect.poll(() => dialog(page).getByRole('textbox').inputValue(), AGENT_WAIT).toBe('half-typed');
    await dialog(page).getByRole('textbox').press('End');
    await page.keyboard.type(' and done');
    await page.keyboard.press('Enter');
    expect((await served.observer.resultAfter(mark)).map((r) => r.value)).toEqual(['half-typed and done']);
    await page.close();
  });
});

describe('oh-my-pi: what only it does, for real', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    served = await serve('omp');
  }, 60_000);
  afterAll(() => served?.stop());
  const open = () => site.open(served.bridge.url);

  it('withdraws a dialog while it is shown: it closes, says so, and nothing is sent for it', async () => {
    const page = await open();
    const mark = await probeFromPage(page, served.observer, [
      { call: 'confirm', args: ['Withdrawn soon', 'm'], abortAfterMs: 1500 },
    ]);
    await expect.poll(() => openDialog(page).count(), AGENT_WAIT).toBe(1);
    await expect.poll(() => openDialog(page).count(), AGENT_WAIT).toBe(0);
    expect((await served.observer.resultAfter(mark)).map((r) => r.value)).toEqual([false]);
    const note = page.getByRole('listitem').filter({
      hasText: 'The agent withdrew “\u2068Withdrawn soon\u2069”: it no longer waits for an answer.',
    });
    await expect.poll(() => note.count()).toBe(1);
    await page.getByText('Protocol log').click();
    expect(await page.locator('#log li.out', { hasText: '"extension_ui_response"' }).count()).toBe(0);
    await page.close();
  });

  it('shows option descriptions under their options, as their accessible descriptions; the answer is the label', async () => {
    const page = await open();
    const options = [{ label: 'alpha', description: 'first letter ✓' }, 'beta', { label: 'gamma' }];
    const mark = await probeFromPage(page, served.observer, [
      { call: 'select', args: ['Described', options] },
    ]);
    const alpha = openDialog(page).getByRole('option', { name: 'alpha' });
    await expect.poll(() => alpha.count(), AGENT_WAIT).toBe(1);
    expect(await alpha.getAttribute('aria-describedby')).toBeTruthy();
    await expect.poll(() => openDialog(page).getByText('first letter ✓').count()).toBe(1);
    await readingPause(page);
    await page.keyboard.press('Enter');
    expect((await served.observer.resultAfter(mark)).map((r) => r.value)).toEqual(['alpha']);
    await page.close();
  });

  it('timeout 0 is over at once: no dialog is left open that nobody waits for', async () => {
    const page = await open();
    const mark = await probeFromPage(page, served.observer, [
      { call: 'confirm', args: ['Over already', 'm'], timeout: 0 },
    ]);
    const [result] = await served.observer.resultAfter(mark);
    expect(result?.value).toBe(false);
    expect(result?.elapsedMs).toBeLessThan(500);
    // A barrier, not a pause: the page gets the probe's result after the request, on the same
    // connection; once it shows the result, a dialog for the request would be showing too.
    await expect
      .poll(() => page.locator('rpc-extension-ui rpc-notifications').getByText('UI_PROBE_RESULT').count())
      .toBeGreaterThan(0);
    expect(await openDialog(page).count()).toBe(0);
    await page.close();
  });

  it("shows an extension's console lines in the log as agent output, never as notifications", async () => {
    const page = await open();
    const mark = await probeFromPage(page, served.observer, [
      { call: 'log', args: ['[e2e] a console line ✓'] },
    ]);
    await served.observer.resultAfter(mark);
    await page.getByText('Protocol log').click();
    const line = page.locator('#log li.output', { hasText: 'agent output: [e2e] a console line ✓' });
    await expect.poll(() => line.count()).toBe(1);
    const notes = await page
      .locator('rpc-extension-ui rpc-notifications')
      .evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(notes).not.toContain('console line');
    await page.close();
  });

  it('a 2 MB editor prefill arrives whole over protocol v2 chunks and goes back untouched', async () => {
    const page = await open();
    const mark = served.observer.received.length;
    await sendMessage(page, '/fault-huge 2000000 editor');
    await expect
      .poll(() => openDialog(page).getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe('Huge prefill');
    await expect
      .poll(() =>
        openDialog(page)
          .getByRole('textbox')
          .evaluate((el) => (el as HTMLTextAreaElement).value.length),
      )
      .toBe(2_000_000);
    await openDialog(page).getByRole('textbox').press('Control+Enter');
    const report = await served.observer.next(
      'the editor report',
      (v) => typeof v.message === 'string' && v.message.startsWith('UI_FAULT_HUGE_EDITOR '),
    );
    expect(served.observer.received.indexOf(report)).toBeGreaterThan(mark);
    expect(JSON.parse(String(report.value.message).slice('UI_FAULT_HUGE_EDITOR '.length))).toEqual({
      length: 2_000_000,
      untouched: true,
      end: 'xxxxxxxxxxx HUGE-END',
    });
    await page.close();
  }, 60_000);
});

describe('atomic: what only it does, for real', () => {
  it("logs in from the page on its real oauth_* lines: the sign-in page as a link, the code's question, Cancel ends it", async () => {
    const served = await serve('atomic');
    try {
      const page = await site.open(served.bridge.url);
      const ui = page.locator('rpc-extension-ui');
      await ui.getByRole('combobox', { name: 'Provider' }).selectOption('anthropic');
      await ui.getByRole('button', { name: 'Sign in', exact: true }).click();
      // atomic opens its callback server and asks for the code beside it.
      // The agent's names for its providers, not their ids.
      const question = 'Paste the code from Anthropic, or the address your browser was sent to';
      await expect.poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe(question);
      const link = openDialog(page).getByRole('link', {
        name: 'Open the sign-in page at claude.ai (a new tab)',
      });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
      expect(page.url()).toBe(served.bridge.url.replace(/\?token=.*/, '')); // nothing opened by itself
      await readingPause(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => openDialog(page).count(), AGENT_WAIT).toBe(0);
      const card = ui.getByRole('group', { name: 'Sign in to Anthropic' });
      await expect.poll(() => card.getByText('Sign-in cancelled.').count(), AGENT_WAIT).toBeGreaterThan(0);
      await page.getByText('Protocol log').click();
      const sent = (text: string) => page.locator('#log li.out', { hasText: text }).count();
      expect(await sent('"cancel_login_provider"')).toBe(1);
      expect(await sent('"extension_ui_response"')).toBe(0);
      await page.close();
    } finally {
      await served.stop();
    }
  }, 60_000);

  it('a dialog asked while the session starts is answered', async () => {
    const served = await serve('atomic', { RPC_UI_DEMO_STARTUP: 'confirm' });
    try {
      const page = await site.open(served.bridge.url);
      await expect
        .poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT)
        .toBe('Start-up check');
      await readingPause(page);
      await openDialog(page).getByRole('button', { name: 'Yes' }).click();
      const notes = page.locator('rpc-extension-ui rpc-notifications');
      await expect
        .poll(() => notes.evaluate((el) => el.shadowRoot?.textContent ?? ''))
        .toContain('UI_STARTUP_RESULT true');
      await page.close();
    } finally {
      await served.stop();
    }
  });
});
