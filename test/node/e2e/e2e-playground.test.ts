/**
 * End to end: the real pi agent behind the real rpc-ui bridge, the built playground in Debian's
 * Chromium (playwright-core), driven by keyboard and mouse like a person. A `ws` tab beside the
 * page reads what the extension received (its `UI_PROBE_RESULT` notifications).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../src/bridge/server.js';
import { Tab } from '../../support/bridge-tab.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { buildPlayground, startDefaultBridge } from '../../support/playground.js';
import { axeViolations, openDialog, openPlayground, probeFromPage } from '../../support/playground-page.js';
import { readingPause } from '../../support/reading-pause.js';

let bridge: Bridge;
let browser: Browser;
let observer: Tab;
const violations: string[] = [];

let playground: Awaited<ReturnType<typeof buildPlayground>>;

beforeAll(async () => {
  playground = await buildPlayground();
  bridge = await startDefaultBridge(playground.dir);
  browser = await launchChromium();
  observer = await Tab.open(bridge.url);
}, 60_000);

afterAll(async () => {
  observer.close();
  await browser.close();
  await bridge.close();
  playground?.remove();
  expect(violations).toEqual([]);
});

const openPage = (): Promise<Page> => openPlayground(browser, bridge.url, violations);
const command = (page: Page, calls: unknown[]): Promise<number> => probeFromPage(page, observer, calls);
const dialog = openDialog;
const ui = (page: Page) => page.locator('rpc-extension-ui');

describe('the playground on the real agent', () => {
  it('answers every dialog type by keyboard and by mouse, axe-clean with each open; the extension gets exactly those answers', async () => {
    const page = await openPage();
    const mark = await command(page, [
      { call: 'select', args: ['Pick one', ['alpha', 'beta ✓', 'gamma']] },
      { call: 'confirm', args: ['Proceed?', 'Two\nlines'] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit', 'line 1\n\tline 2'] },
    ]);
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Pick one');
    await expect.poll(() => dialog(page).getByText('1 of 4').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await readingPause(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Proceed?');
    expect(await axeViolations(page)).toEqual([]);
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Your name');
    expect(await axeViolations(page)).toEqual([]);
    await readingPause(page);
    await page.keyboard.type('Ada ✓');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Edit');
    expect(await axeViolations(page)).toEqual([]);
    await readingPause(page);
    await page.keyboard.type(' end');
    await page.keyboard.press('Control+Enter');
    const results = await observer.resultAfter(mark);
    expect(results.map((r) => r.value)).toEqual(['beta ✓', true, 'Ada ✓', 'line 1\n\tline 2 end']);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.close();
  });

  it('Escape cancels, a timeout expires visibly, Stop unblocks a pending dialog', async () => {
    const page = await openPage();
    let mark = await command(page, [{ call: 'confirm', args: ['Cancel me', 'm'] }]);
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual([false]);

    mark = await command(page, [{ call: 'select', args: ['Too slow', ['a', 'b']], timeout: 1500 }]);
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect((await observer.resultAfter(mark))[0]?.type).toBe('undefined');
    await expect
      .poll(() =>
        page.getByText('“\u2068Too slow\u2069” timed out: the agent went on with its default.').count(),
      )
      .toBe(1);
    await expect.poll(() => dialog(page).count()).toBe(0);

    mark = await command(page, [{ call: 'input', args: ['Blocking permission'] }]);
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Stop' }).click();
    expect((await observer.resultAfter(mark))[0]?.type).toBe('undefined');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.close();
  });

  it('shows statuses, widgets, notifications, the title and the composer text the extension set', async () => {
    const page = await openPage();
    const mark = await command(page, [
      { call: 'setStatus', args: ['e2e', 'status from the agent'] },
      { call: 'setWidget', args: ['e2e-above', ['widget above ✓']] },
      { call: 'setWidget', args: ['e2e-below', ['widget below'], { placement: 'belowEditor' }] },
      { call: 'notify', args: ['a warning for you', 'warning'] },
      { call: 'setTitle', args: ['pi — e2e title'] },
      { call: 'setEditorText', args: ['text set by the extension'] },
      { call: 'log', args: ['e2e: a line on the agent’s stderr'] },
    ]);
    await observer.resultAfter(mark);
    const text = (selector: string) =>
      ui(page)
        .locator(selector)
        .evaluate((el) => el.shadowRoot?.textContent ?? '');
    await expect.poll(() => text('rpc-status-bar')).toContain('status from the agent');
    const widgets = (placement: string) => text(`rpc-widget[placement="${placement}"]`);
    await expect.poll(() => widgets('aboveEditor')).toContain('widget above ✓');
    await expect.poll(() => widgets('belowEditor')).toContain('widget below');
    expect(await widgets('aboveEditor')).not.toContain('widget below');
    await expect.poll(() => text('rpc-notifications')).toMatch(/Warning:\s*a warning for you/);
    await expect.poll(() => page.title()).toBe('pi — e2e title');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue())
      .toBe('text set by the extension');

    // The protocol log: every line both ways, UI requests highlighted, filterable.
    await page.getByText('Protocol log').click();
    const visible = page.locator('#log li:not([hidden])');
    await page.getByRole('searchbox', { name: 'Filter' }).fill('"method":"setTitle"');
    await expect.poll(() => visible.count()).toBe(1);
    expect(await visible.first().getAttribute('class')).toBe('in ui');
    await page.getByRole('searchbox', { name: 'Filter' }).fill('"type":"prompt"');
    await expect.poll(() => visible.count()).toBeGreaterThan(0);
    expect(await visible.first().getAttribute('class')).toBe('out');
    // The agent's stderr, live, as it writes it (pi writes an extension's console.log there).
    await page.getByRole('searchbox', { name: 'Filter' }).fill('stderr');
    await expect
      .poll(() => visible.allTextContents())
      .toContain('← agent stderr: e2e: a line on the agent’s stderr');
    expect(await visible.last().getAttribute('class')).toBe('in stderr');

    // Themes switch the whole page, the kit's elements included.
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    const light = await background();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('vscode-dark');
    expect(await background()).not.toBe(light);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('vscode-dark');
    await page.close();
  });

  it("keeps the user's draft when the agent sets the composer's text: its text is offered, to use or not", async () => {
    const page = await openPage();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await page.keyboard.type('my own draft ✓');
    // Another tab runs the command: the agent sets the composer's text while the draft is there.
    await observer.probe([{ call: 'setEditorText', args: ['text from the agent'] }]);
    await page.keyboard.press('Tab'); // on to Send, as the user did
    expect(await composer.inputValue()).toBe('my own draft ✓');
    const offer = ui(page).getByRole('group', { name: /The agent suggests this text/ });
    await expect.poll(() => offer.getByText('text from the agent').count()).toBe(1);
    await offer.getByRole('button', { name: 'Keep mine' }).click();
    expect(await composer.inputValue()).toBe('my own draft ✓');
    await observer.probe([{ call: 'setEditorText', args: ['second try'] }]);
    await ui(page).getByRole('button', { name: 'Use the agent’s text' }).click();
    expect(await composer.inputValue()).toBe('second try');
    await page.close();
  });

  it('the Theme menu restyles every part, against the system scheme: dialogs, widgets, notifications and the connection pill', async () => {
    /** Whether a computed colour is dark (relative luminance under a half). */
    const isDark = (color: string) => {
      const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
    };
    const style = (locator: Locator, property: 'color' | 'backgroundColor') =>
      locator.evaluate((el, name) => getComputedStyle(el)[name], property);
    for (const [system, chosen, dark] of [
      ['light', 'dark', true],
      ['dark', 'light', false],
    ] as const) {
      const page = await openPage();
      await page.emulateMedia({ colorScheme: system });
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(chosen);
      const mark = await command(page, [
        { call: 'setWidget', args: ['theme-check', ['a widget line']] },
        { call: 'notify', args: ['a themed note'] },
        { call: 'confirm', args: [`Themed ${chosen}?`, 'm'] },
      ]);
      await expect.poll(() => dialog(page).count()).toBe(1);
      const ui = page.locator('rpc-extension-ui');
      expect(isDark(await style(dialog(page), 'backgroundColor')), 'the dialog').toBe(dark);
      expect(isDark(await style(dialog(page).getByRole('heading'), 'color')), 'its title').toBe(!dark);
      const widget = ui.locator('rpc-widget').getByText('a widget line');
      expect(isDark(await style(widget, 'color')), 'the widget').toBe(!dark);
      const note = ui.locator('rpc-notifications [part~="message"]', { hasText: 'a themed note' });
      expect(isDark(await style(note, 'color')), 'the notification').toBe(!dark);
      const pill = ui.locator('[part~="connection-label"]');
      expect(isDark(await style(pill, 'color')), 'the connection pill').toBe(!dark);
      await page.keyboard.press('Escape');
      expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual([undefined, undefined, false]);
      await command(page, [{ call: 'setWidget', args: ['theme-check', null] }]);
      await page.close();
    }
  });

  it("the Language menu: the kit's words in Arabic, right to left, after a reload too; the agent's words as sent", async () => {
    const page = await openPage();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    const ui = page.locator('rpc-extension-ui');
    expect(await ui.evaluate((el: HTMLElement) => [el.lang, el.dir])).toEqual(['ar', 'rtl']);
    await page.reload();
    await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
    expect(await ui.evaluate((el: HTMLElement) => [el.lang, el.dir])).toEqual(['ar', 'rtl']);
    const mark = await command(page, [
      { call: 'confirm', args: ['Delete the build folder?', 'It holds 3 files.'] },
    ]);
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await dialog(page).getByRole('heading').textContent()).toBe('Delete the build folder?');
    // ar.deny and ar.confirm: "لا" and "نعم".
    expect(await axeViolations(page)).toEqual([]);
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'لا' }).click();
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual([false]);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await page.close();
  });

  it('Stop, by keyboard while a dialog is open (Ctrl+.), ends the demo tour: no next question comes', async () => {
    const page = await openPage();
    await page.getByRole('textbox', { name: 'Message' }).fill('/demo');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect
      .poll(() => dialog(page).getByRole('heading').textContent())
      .toBe('Pick a colour for the demo');
    // Focus is in the dialog, where Tab stays: the shortcut reaches Stop from there.
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('rpc-extension-ui');
    await page.keyboard.press('Control+.');
    await expect.poll(() => dialog(page).count()).toBe(0);
    const notes = page.locator('rpc-extension-ui rpc-notifications [part~="message"]');
    await expect.poll(() => notes.filter({ hasText: 'Demo stopped: no colour was picked.' }).count()).toBe(1);
    // A barrier, not a pause: a notification asked for after Stop comes, on the same connection,
    // after anything the tour could still have asked.
    await command(page, [{ call: 'notify', args: ['Asked after Stop'] }]);
    await expect.poll(() => notes.filter({ hasText: 'Asked after Stop' }).count()).toBe(1);
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });

  it('a reload keeps a pending dialog with its remaining time; answering in one tab closes it in the other, which says so', async () => {
    const first = await openPage();
    const second = await openPage();
    const mark = await command(first, [
      { call: 'select', args: ['Survives a reload', ['x', 'y']], timeout: 30_000 },
    ]);
    await expect.poll(() => dialog(first).count()).toBe(1);
    await expect.poll(() => dialog(second).count()).toBe(1);
    // Time is the stimulus: the remaining time shown after the reload must have gone down.
    await first.waitForTimeout(1200);
    await first.reload();
    await expect.poll(() => dialog(first).getByRole('heading').textContent()).toBe('Survives a reload');
    const left = Number(
      (
        await dialog(first)
          .getByText(/s left/)
          .textContent()
      )?.match(/\d+/)?.[0],
    );
    expect(left).toBeGreaterThan(20);
    expect(left).toBeLessThan(30);
    await readingPause(second);
    await dialog(second).getByRole('option', { name: 'y' }).click();
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual(['y']);
    await expect.poll(() => dialog(first).count()).toBe(0);
    // …and says so there, once (the quoted title isolated, so its direction cannot turn the sentence).
    const note = first
      .getByRole('listitem')
      .filter({ hasText: '“\u2068Survives a reload\u2069” was answered in another tab.' });
    await expect.poll(() => note.count()).toBe(1);
    await first.close();
    await second.close();
  });

  it('answers two concurrent dialogs out of order (the second from another tab), and every type by mouse', async () => {
    const page = await openPage();
    let mark = await command(page, [
      { call: 'confirm', args: ['First', 'm'] },
      { call: 'confirm', args: ['Second', 'm'] },
    ]);
    await expect.poll(() => dialog(page).getByText('1 of 2').count()).toBe(1);
    const second = await observer.request('confirm', 'Second');
    observer.send({ type: 'extension_ui_response', id: second.id, confirmed: true });
    await expect.poll(() => dialog(page).getByText('1 of 2').count()).toBe(0);
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'No' }).click();
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual([false, true]);

    mark = await command(page, [
      { call: 'select', args: ['Mouse select', ['one', 'two']] },
      { call: 'input', args: ['Mouse input'] },
      { call: 'editor', args: ['Mouse editor', 'kept'] },
    ]);
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Mouse select');
    await readingPause(page);
    await dialog(page).getByRole('option', { name: 'two' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Mouse input');
    await readingPause(page);
    await dialog(page).getByRole('textbox').fill('clicked');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Mouse editor');
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual(['two', 'clicked', 'kept']);
    await page.close();
  });

  it('a crashed agent: the page says so, open dialogs close, nothing hangs; started again from the page, it answers (runs last)', async () => {
    const page = await openPage();
    await command(page, [{ call: 'confirm', args: ['Pending when the agent dies', 'm'] }]);
    await expect.poll(() => dialog(page).count()).toBe(1);
    bridge.agent.child.kill('SIGKILL');
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('agent-exited');
    await expect.poll(() => ui(page).getByText('Agent exited (signal SIGKILL)').count()).toBe(1);
    await expect.poll(() => dialog(page).count()).toBe(0);
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled(), 'nothing to send to').toBe(true);

    // Started again from the page, by keyboard: the same command, a new process that answers.
    const restart = page.getByRole('button', { name: 'Start the agent again' });
    await restart.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('connected');
    await expect.poll(() => restart.count()).toBe(0);
    expect(await send.isDisabled()).toBe(false);
    await page.getByRole('textbox', { name: 'Message' }).fill('/demo-confirm');
    await send.click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Delete build output?');
    await readingPause(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.close();
  });
});
