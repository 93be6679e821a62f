/**
 * A rich reply in the page, on every agent: pi 1.6.0, pi 0.73.1, oh-my-pi and atomic behind the
 * real bridge, the stand-in model answering "show me markdown" and "command output" with its
 * scripted Markdown (src/bridge/stand-in-model/rich-replies.ts), the built playground in Debian's
 * Chromium under the bridge's CSP. What a person sees once each reply has streamed: headings under
 * the page's, lists and tasks, a table, code highlighted in its language with a copy button, a
 * link that says where it goes, raw HTML as text, no image fetched, and command output with its
 * columns; axe finds nothing.
 */
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/bridge/agents/catalog.js';
import type { Bridge } from '../../../src/bridge/server.js';
import { type StandInServed, serveOnStandIn } from '../../support/served-agent.js';
import { axeViolations, playgroundInChromium, sendMessage } from '../../support/playground-page.js';

const AGENT_WAIT = { timeout: 15_000 };

const site = playgroundInChromium();

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];

/** The last reply, once it has streamed whole. */
async function lastReply(page: Page) {
  const reply = page.locator('rpc-transcript li.assistant').last();
  await expect.poll(() => reply.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
  return reply;
}

describe.each(AGENTS)('%s: the stand-in model’s rich replies, drawn in the playground', (name) => {
  let served: StandInServed;
  let bridge: Bridge;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    served = await serveOnStandIn(name, site.dir, tmpdir());
    bridge = served.bridge;
    page = await site.open(bridge.url);
    // Every request the page makes: the bridge's origin only (the image is never fetched).
    page.on('request', (request) => requests.push(request.url()));
    await page.locator('#agent', { hasText: /^Agent: / }).waitFor(AGENT_WAIT);
  }, 60_000);

  afterAll(async () => {
    await page?.close();
    await served?.stop();
  });

  it('shows Markdown as Markdown: headings, lists, tasks, a table, highlighted code, links, HTML as text', async () => {
    await sendMessage(page, 'show me markdown, please');
    const reply = await lastReply(page);
    expect(await reply.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'What the conversation draws',
    ]);
    expect(await reply.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Lists',
      'A table',
      'Code',
    ]);
    expect(await reply.locator('ol > li').count()).toBe(3);
    expect(await reply.getByRole('checkbox', { name: 'A task done' }).isChecked()).toBe(true);
    expect(await reply.getByRole('row').count()).toBe(4);
    expect(await reply.getByRole('cell', { name: 'snapshots' }).isVisible()).toBe(true);
    const code = reply.locator('[part="code"]');
    expect(await code.locator('.language').allTextContents()).toEqual(['ts', 'python', 'json', 'diff']);
    expect(await code.getByRole('button', { name: 'Copy code' }).count()).toBe(4);
    // Highlighted once written whole, by the highlighter the page loaded from the bridge.
    await expect
      .poll(() => code.first().locator('.hljs-keyword').first().textContent(), AGENT_WAIT)
      .toBe('interface');
    await expect
      .poll(() => code.nth(3).locator('.hljs-addition').textContent(), AGENT_WAIT)
      .toBe('+ const blocks = streamed.update(text);');
    const link = reply.getByRole('link', { name: 'a link to the CommonMark spec' });
    expect(await link.getAttribute('href')).toBe('https://spec.commonmark.org/0.31.2/');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await reply.locator('blockquote').textContent()).toContain('<b>not bold</b>');
    expect(await reply.locator('img, b, script, iframe').count()).toBe(0);
    expect(await reply.locator('.image').textContent()).toContain('https://example.com/diagram.png');
    const origin = new URL(bridge.url).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps command output’s columns', async () => {
    const replies = await page.locator('rpc-transcript li.assistant').count();
    await sendMessage(page, 'show the command output');
    await expect
      .poll(() => page.locator('rpc-transcript li.assistant').count(), AGENT_WAIT)
      .toBe(replies + 1);
    const reply = await lastReply(page);
    const output = reply.locator('pre code');
    expect(await output.textContent()).toContain('-rw-r--r--  1 dev  staff   1093 Dec  7 10:02 README.md');
    const family = await output.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(family).toMatch(/mono/i);
  });
});
