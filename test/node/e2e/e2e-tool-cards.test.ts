/**
 * Tool calls as cards, on every agent: pi 1.6.0, pi 0.73.1, oh-my-pi and atomic behind the real
 * bridge in a folder of their own, the stand-in model writing, reading and editing a real file
 * there with each agent's own tools and arguments (src/bridge/stand-in-model/tool-replies.ts),
 * and running a command that fails; the built playground in Debian's Chromium. What a person sees:
 * each call's state in words, the file it acts on, the edit's diff, the command's exit code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/bridge/agents/catalog.js';
import type { Bridge } from '../../../src/bridge/server.js';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../../../src/bridge/stand-in-model/picture.js';
import { NOTES_FILE, PICTURE_FILE } from '../../../src/bridge/stand-in-model/tool-replies.js';
import { type StandInServed, serveOnStandIn } from '../../support/served-agent.js';
import { axeViolations, playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 20_000 };

const site = playgroundInChromium();

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];

/** A card's header as read: its words, spaces made one. */
const words = (text: string | null) => text?.replace(/\s+/g, ' ').trim();

describe.each(AGENTS)('%s: tool calls drawn as cards in the playground', (name) => {
  let served: StandInServed;
  let bridge: Bridge;
  let page: Page;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'rpc-ui-tool-cards-'));
    served = await serveOnStandIn(name, site.dir, folder);
    bridge = served.bridge;
    page = await site.open(bridge.url);
    await page.locator('#agent', { hasText: /^Agent: / }).waitFor(AGENT_WAIT);
  }, 60_000);

  afterAll(async () => {
    await page?.close();
    await served?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const headers = () => page.locator('rpc-transcript li.tool summary').allTextContents();

  it('a write, a read and an edit of a real file: done, each naming the file; the edit shows its diff', async () => {
    await sendMessage(page, 'edit a file');
    await expect
      .poll(() => page.locator('rpc-transcript li.assistant').last().textContent(), AGENT_WAIT)
      .toContain(`I wrote ${NOTES_FILE}, read it, and changed its line 3.`);
    expect((await headers()).map(words)).toEqual([
      `✓ Done write ${NOTES_FILE}`,
      `✓ Done read ${NOTES_FILE}`,
      `✓ Done edit ${NOTES_FILE}`,
    ]);
    expect(readFileSync(join(folder, NOTES_FILE), 'utf8')).toContain('Edited by the stand-in model.');
    const edit = page.locator('rpc-transcript li.tool').nth(2);
    await edit.locator('summary').click();
    const diff = edit.locator('[part="tool-diff"]');
    await diff.waitFor();
    expect(await diff.locator('.removed .code').allTextContents()).toEqual([
      'Written by the stand-in model.',
    ]);
    expect(await diff.locator('.added .code').allTextContents()).toEqual(['Edited by the stand-in model.']);
    // The agents number the changed line in the file: line 3.
    expect(await diff.locator('.added .number').allTextContents()).toContain('3');
    const write = page.locator('rpc-transcript li.tool').first();
    await write.locator('summary').click();
    expect(await write.locator('.language').textContent()).toBe('md');
    expect(await write.locator('pre.code').textContent()).toContain('# Notes');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an image a tool read: shown from its data in the read’s card, named by the file', async () => {
    await sendMessage(page, 'show me an image');
    await expect
      .poll(() => page.locator('rpc-transcript li.assistant').last().textContent(), AGENT_WAIT)
      .toContain(`I drew ${PICTURE_FILE}`);
    const read = page.locator('rpc-transcript li.tool').last();
    expect(words(await read.locator('summary').textContent())).toBe(`✓ Done read ${PICTURE_FILE}`);
    await read.locator('summary').click();
    const image = read.getByRole('img', { name: `Image read from ${PICTURE_FILE}` });
    // Decoded, in its proportions: oh-my-pi sends it as WebP at 300 by 200.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight), AGENT_WAIT)
      .toBeCloseTo(PICTURE_WIDTH / PICTURE_HEIGHT, 1);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/(png|webp);base64,/);
  });

  it('a command that fails: failed, in words, with its exit code, why beside it', async () => {
    await sendMessage(page, 'run: echo nope; exit 3');
    const card = page.locator('rpc-transcript li.tool').last();
    await expect
      .poll(async () => words(await card.locator('summary').textContent()), AGENT_WAIT)
      .toBe('✕ Failed bash echo nope; exit 3 exit code 3');
    expect(await card.locator('[part="tool-error"]').textContent()).toContain('nope');
  });
});
