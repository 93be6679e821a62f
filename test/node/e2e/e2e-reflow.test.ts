/**
 * Reflow (WCAG 1.4.10) in the playground on the real pi 1.6.0: at 320 CSS px wide nothing needs
 * a horizontal scroll and every control of the header and the composer is on the screen; in a
 * 640×400 window each dialog type, with more than fits, is no taller than the window, scrolls
 * inside itself, and each of its buttons is on the screen when focus reaches it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDialog, playgroundInChromium, probeFromPage } from '../../support/playground-page.js';
import { type ServedAgent, serveAgent } from '../../support/served-agent.js';

const site = playgroundInChromium();
let served: ServedAgent;

beforeAll(async () => {
  served = await serveAgent('pi', site.dir);
}, 60_000);
afterAll(() => served?.stop());

/** The page's controls that `box` holds only partly or not at all (their names). */
async function offScreen(page: Page, width: number): Promise<string[]> {
  const names: string[] = [];
  for (const control of await page
    .locator('header button, header select, #composer button:visible, #message')
    .all()) {
    const box = await control.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > width)
      names.push((await control.getAttribute('id')) ?? (await control.textContent()) ?? '?');
  }
  return names;
}

describe('reflow in the playground', () => {
  it('at 320 CSS px: no horizontal scroll, every control of the header and the composer on the screen', async () => {
    const page = await site.open(served.bridge.url);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 640 });
      // The page has taken the new width, and its layout settles to one that fits (the checks
      // themselves are waited for, as a user looks until the page is still).
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      await expect.poll(() => offScreen(page, width)).toEqual([]);
    }
    await page.close();
  });

  it('in a 640×400 window, every dialog fits, scrolls inside itself, and its buttons come into view', async () => {
    const page = await site.open(served.bridge.url);
    await page.setViewportSize({ width: 640, height: 400 });
    const many = Array.from({ length: 40 }, (_, i) => `option ${i + 1}`);
    const long = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n');
    const calls = [
      { call: 'select', args: ['Pick one of many', many] },
      { call: 'confirm', args: ['Proceed?', long] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit the long text', long] },
    ];
    for (const call of calls) {
      await probeFromPage(page, served.observer, [call]);
      const dialog = openDialog(page);
      await expect
        .poll(() => dialog.getByRole('heading').textContent(), { timeout: 10_000 })
        .toBe(call.args[0]);
      const box = await dialog.boundingBox();
      expect(box?.height, `${call.call}: its height`).toBeLessThanOrEqual(400);
      for (const button of await dialog.getByRole('button').all()) {
        await button.focus();
        const at = await button.boundingBox();
        const name = `${call.call}: ${await button.textContent()}`;
        expect(at && at.y >= 0 && at.y + at.height <= 400, `${name} on the screen`).toBe(true);
      }
      await dialog.press('Escape');
      await expect.poll(() => openDialog(page).count()).toBe(0);
    }
    await page.close();
  }, 60_000);
});
