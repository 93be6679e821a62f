/**
 * The Markdown cases of the XSS corpus (test/fixtures/xss-markdown.json) as replies in the
 * conversation, in each engine: nothing runs (the page's `alert` and friends and the corpus's
 * `window.__xss` marker are trapped before any payload arrives), no element or attribute comes
 * from the agent's text (only what the kit draws Markdown with, no handler, no inline style), a
 * link goes only to `http:`, `https:` or `mailto:` and shows where, and nothing is fetched.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/define.js';
import { Transcript } from '../../../src/controller/transcript/transcript.js';
import type { RpcTranscript } from '../../../src/components/transcript/rpc-transcript.js';
import { caseText, type XssMarkdownCase } from '../../support/xss-markdown.js';

const hits: string[] = [];
for (const name of ['alert', 'confirm', 'prompt', 'print', 'open'] as const)
  Object.defineProperty(window, name, { configurable: true, value: () => hits.push(name) });
Object.defineProperty(window, '__xss', {
  configurable: true,
  get: () => hits.push('read __xss'),
  set: () => hits.push('set __xss'),
});

/** The elements the kit draws a conversation and its Markdown with. */
const DRAWN = new Set(
  (
    'section div ol ul li p span h2 h3 h4 h5 h6 strong em s code pre a blockquote table thead tbody ' +
    'tr th td br hr input label button details summary'
  ).split(' '),
);

async function corpus(): Promise<{ id: string; text: string }[]> {
  const { payloads } = (await (await fetch('/test/fixtures/xss-markdown.json')).json()) as {
    payloads: XssMarkdownCase[];
  };
  return payloads.map((c) => ({ id: c.id, text: caseText(c) }));
}

/** Every element under `root`, shadow roots included. */
function elements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [
    element,
    ...(element.shadowRoot ? elements(element.shadowRoot) : []),
  ]);
}

describe('the Markdown XSS corpus in the conversation', () => {
  it('draws every case as text or safe Markdown: nothing runs, nothing is injected, nothing is fetched', async function () {
    // A deadline for a busy machine (WebKit lays the 100,000-character line and the deep nesting
    // out slowly), not a wait: the test goes on as soon as everything is drawn.
    this.timeout(60_000);
    const payloads = await corpus();
    expect(payloads.length).to.be.at.least(50);
    const transcript = new Transcript();
    transcript.restore(
      payloads.flatMap((payload) => [
        { role: 'user', content: payload.id },
        { role: 'assistant', content: payload.text, stopReason: 'stop' },
      ]),
    );
    const resourcesBefore = performance.getEntriesByType('resource').length;
    const el = await fixture<RpcTranscript>(
      html`<rpc-transcript style="block-size: 600px" .transcript=${transcript}></rpc-transcript>`,
    );
    const root = el.shadowRoot as ShadowRoot;
    await waitUntil(() => root.querySelectorAll('li.assistant').length === payloads.length, 'not all drawn', {
      timeout: 30_000,
    });
    // Code is highlighted once drawn: wait for it, for it draws elements too.
    await waitUntil(() => root.querySelector('.hljs-tag'), 'the HTML fence is not highlighted', {
      timeout: 30_000,
    });
    await new Promise(requestAnimationFrame);

    expect(hits).to.deep.equal([]);
    const foreign = () =>
      elements(root)
        .filter((element) => !DRAWN.has(element.localName))
        .map((e) => e.localName);
    // The scan finds what an injection would add (a canary, removed at once).
    const canary = root.querySelector('li.assistant')?.appendChild(document.createElement('img'));
    expect(foreign()).to.deep.equal(['img']);
    canary?.remove();
    expect(foreign()).to.deep.equal([]);
    const all = elements(root);
    const attributes = all.flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            /^on/i.test(attribute.name) || attribute.name === 'style' || attribute.name === 'src',
        )
        .map((attribute) => `${element.localName} ${attribute.name}`),
    );
    expect(attributes).to.deep.equal([]);
    const hrefs = [...root.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => !/^(https?:\/\/|mailto:)/i.test(href))).to.deep.equal([]);
    const fetched = performance
      .getEntriesByType('resource')
      .slice(resourcesBefore)
      .map((entry) => entry.name)
      .filter((name) => !name.startsWith(location.origin));
    expect(fetched).to.deep.equal([]);

    const reply = (id: string) =>
      root.querySelectorAll('li.assistant')[payloads.findIndex((p) => p.id === id)] as HTMLElement;
    // Raw HTML is the characters it is.
    expect(reply('html-inline-img').textContent).to.contain('<img src=x onerror=alert(1)>');
    expect(reply('html-iframe-srcdoc').textContent).to.contain('<iframe srcdoc=');
    expect(reply('code-fence-html').querySelector('pre')?.textContent).to.contain(
      '<script>alert(1)</script>',
    );
    // A refused address stays the text it was written as.
    expect(reply('link-javascript').querySelector('a')).to.equal(null);
    expect(reply('link-javascript').textContent).to.contain('[click](javascript:alert(1))');
    expect(reply('link-protocol-relative').querySelector('a')).to.equal(null);
    expect(reply('reference-javascript').querySelector('a')).to.equal(null);
    // A link whose text names another address says where it goes, its text isolated from bidi tricks.
    for (const id of ['spoof-url-text', 'spoof-bidi']) {
      const link = reply(id).querySelector('a') as HTMLAnchorElement;
      expect(link.getAttribute('data-href')).to.equal('https://evil.example/?__xss');
      expect(link.title).to.equal('https://evil.example/?__xss');
      expect(getComputedStyle(link).unicodeBidi).to.equal('isolate');
    }
    // An image by address: named, never an <img>.
    expect(reply('image-remote').querySelector('.image')?.textContent).to.contain(
      'https://evil.example/pixel.png',
    );
    // The long line is cut as any agent text is, and says so; the deep nesting is drawn
    // (markdown-it stops nesting at 100 levels).
    const long = reply('long-line').textContent ?? '';
    expect(long.includes('alert(1)')).to.equal(false);
    expect(long.trim().endsWith('(14 more characters not shown)')).to.equal(true);
    // Its 25,000 emphases are past a reply's element budget: drawn as text, not 25,000 elements.
    expect(reply('long-line').querySelectorAll('em').length).to.equal(0);
    expect(long).to.contain('a a a a');
    expect(reply('nested-quotes').querySelectorAll('blockquote').length).to.be.within(1, 100);
  });

  it('draws a reply’s marks up to its budget and the blocks past it as their text, whatever the engine builds for each', async () => {
    // 60 paragraphs of 100 emphases: 49 fit in the 5,000 elements (101 each, the paragraph too).
    const paragraph = Array.from({ length: 100 }, (_, i) => `*w${i}*`).join(' ');
    const transcript = new Transcript();
    transcript.restore([
      { role: 'user', content: 'many marks' },
      {
        role: 'assistant',
        content: Array.from({ length: 60 }, () => paragraph).join('\n\n'),
        stopReason: 'stop',
      },
    ]);
    const el = await fixture<RpcTranscript>(
      html`<rpc-transcript .transcript=${transcript}></rpc-transcript>`,
    );
    const root = el.shadowRoot as ShadowRoot;
    await waitUntil(() => root.querySelector('li.assistant p'), 'the reply is not drawn');
    const paragraphs = [...root.querySelectorAll('li.assistant .markdown > p')];
    expect(paragraphs.length).to.equal(60);
    expect(root.querySelectorAll('li.assistant em').length).to.equal(4900);
    expect(paragraphs[48]?.querySelectorAll('em').length).to.equal(100);
    const past = paragraphs[49] as HTMLElement;
    expect(past.querySelectorAll('*').length).to.equal(0);
    // The same words, without the asterisks.
    expect(past.textContent).to.equal(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '));
  });
});
