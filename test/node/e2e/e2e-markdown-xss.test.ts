/**
 * The Markdown cases of the XSS corpus (test/fixtures/xss-markdown.json) sent by the real agents:
 * pi 1.6.0, pi 0.73.1, oh-my-pi and atomic behind the real bridge, the stand-in model answering
 * `xss <id>` with the case as its reply (a script of this test's, the model's default for the
 * rest), the built playground in Debian's Chromium under the bridge's CSP. Nothing runs (the
 * page's `alert` and friends and the corpus's `window.__xss` are trapped before it loads, and no
 * dialog opens), nothing is fetched from another host, no CSP violation is reported (the
 * playground's harness fails the file on any), no element the kit does not draw appears, and the
 * composer takes the next prompt after every case.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/bridge/agents/catalog.js';
import { defaultScript, type StandInScript, textOf } from '../../../src/bridge/stand-in-model/server.js';
import { playgroundInChromium, sendMessage } from '../../support/playground-page.js';
import { type StandInServed, serveOnStandIn } from '../../support/served-agent.js';
import { caseText, type XssMarkdownCase } from '../../support/xss-markdown.js';

const { payloads } = JSON.parse(
  readFileSync(new URL('../../fixtures/xss-markdown.json', import.meta.url), 'utf8'),
) as { payloads: XssMarkdownCase[] };
const CASES = new Map(payloads.map((c) => [c.id, caseText(c)]));

/** `xss <id>` is answered with that case, in big chunks; any other prompt as the stand-in does. */
const script: StandInScript = (messages, request) => {
  const prompt = textOf(messages.findLast((message) => message.role === 'user')?.content);
  const id = /\bxss ([\w-]+)/.exec(prompt)?.[1];
  const text = id === undefined ? undefined : CASES.get(id);
  return text === undefined ? defaultScript(messages, request) : { text, wordsPerChunk: 5000 };
};

const site = playgroundInChromium();

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];

/** What the kit draws the conversation and its Markdown with; anything else came from a reply. */
const DRAWN =
  'section div ol ul li p span h2 h3 h4 h5 h6 strong em s code pre a blockquote table thead tbody ' +
  'tr th td br hr input label button details summary';

describe.each(AGENTS)('%s: the Markdown XSS corpus sent through the agent', (name) => {
  let served: StandInServed;
  let page: Page;
  const requests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    served = await serveOnStandIn(name, site.dir, tmpdir(), script);
    page = await site.open(served.bridge.url);
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    // Traps, as the component test sets them: anything the corpus would run calls one.
    await page.evaluate(() => {
      const hits: string[] = [];
      Object.assign(window, { __hits: hits });
      for (const name of ['alert', 'confirm', 'prompt', 'print', 'open'])
        Object.defineProperty(window, name, { configurable: true, value: () => hits.push(name) });
      Object.defineProperty(window, '__xss', {
        configurable: true,
        get: () => hits.push('read __xss'),
        set: () => hits.push('set __xss'),
      });
    });
    await page.locator('#agent', { hasText: /^Agent: / }).waitFor({ timeout: 15_000 });
  }, 60_000);

  afterAll(async () => {
    await page?.close();
    await served?.stop();
  });

  it('draws every case: nothing runs, nothing is fetched elsewhere, only the kit’s elements, the composer answers', async () => {
    // The traps catch what runs (a canary, forgotten at once).
    const hits = () => page.evaluate(() => (window as unknown as { __hits: string[] }).__hits.splice(0));
    await page.evaluate(() => window.alert('canary'));
    expect(await hits()).toEqual(['alert']);
    const replies = page.locator('rpc-transcript li.assistant');
    const foreign: string[] = [];
    const links: string[] = [];
    for (const [id, sent] of CASES) {
      const before = await replies.count();
      await sendMessage(page, `xss ${id}`);
      // Its reply, drawn whole; the composer takes the next prompt only once the turn is over.
      await expect.poll(() => replies.count(), { timeout: 20_000 }).toBeGreaterThan(before);
      const reply = replies.last();
      await expect.poll(() => reply.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
      await expect.poll(() => page.locator('#send').textContent(), { timeout: 20_000 }).toBe('Send');
      // Only the kit's elements, and links only where they may go.
      const drawn = await reply.evaluate(
        (item, allowed) => ({
          foreign: [...item.querySelectorAll('*')]
            .map((el) => el.localName)
            .filter((tag) => !allowed.split(' ').includes(tag)),
          hrefs: [...item.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
        }),
        DRAWN,
      );
      foreign.push(...drawn.foreign.map((tag) => `${id}: ${tag}`));
      links.push(
        ...drawn.hrefs
          .filter((href) => !/^(https?:\/\/|mailto:)/i.test(href))
          .map((href) => `${id}: ${href}`),
      );
      // Raw HTML came through the agent and is the characters it is.
      if (id === 'html-inline-img' || id === 'link-javascript')
        expect(await reply.textContent()).toContain(sent.trim().split('\n')[0]);
    }
    expect(foreign).toEqual([]);
    expect(links).toEqual([]);
    expect(await hits()).toEqual([]);
    expect(dialogs).toEqual([]);
    const origin = new URL(served.bridge.url).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  }, 300_000);
});
