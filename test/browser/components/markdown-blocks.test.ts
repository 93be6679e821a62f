/**
 * Markdown blocks as Lit templates, in each engine: what a reader sees and what the page does not
 * do (run, fetch or open anything by itself).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { css, LitElement, type TemplateResult } from 'lit';
import { renderBlock } from '../../../src/components/markdown/markdown-blocks.js';
import { markdownStyles } from '../../../src/components/markdown/markdown-blocks.styles.js';
import { press } from '../../support/keys.js';
import { StreamedBlocks } from '../../../src/markdown/streamed-blocks.js';

const VIEW = {
  topHeading: 3,
  imageLabel: (alt: string) => `Image (not loaded): ${alt}`,
  copy: { copy: 'Copy code', copied: 'Copied', failed: 'Could not copy' },
} as const;

async function shown(markdown: string): Promise<HTMLElement> {
  const blocks = new StreamedBlocks().update(markdown);
  return fixture<HTMLElement>(html`<div>${blocks.map((block) => renderBlock(block, VIEW))}</div>`);
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((element) => element.textContent?.trim());

/** A shadow root with the kit's styles for Markdown, as an element drawing it has. */
class MarkdownHost extends LitElement {
  static override styles = [
    css`
      :host {
        --_fg: #111;
        --_bg: #fff;
        --_muted: #555;
        --_border: #888;
        --_link: #005fb8;
        --_focus: #005fb8;
        --_mono: monospace;
      }
    `,
    markdownStyles,
  ];
  content: TemplateResult | undefined;
  protected override render(): TemplateResult {
    return html`<div class="markdown">${this.content}</div>`;
  }
}
customElements.define('test-markdown-host', MarkdownHost);

describe('Markdown blocks', () => {
  it('shows where a link goes while it has focus, whatever its text says', async () => {
    const [block] = new StreamedBlocks().update('[the docs](https://example.com/a/very/long/path)');
    const host = await fixture<MarkdownHost>(html`<test-markdown-host></test-markdown-host>`);
    host.content = block ? renderBlock(block, VIEW) : undefined;
    host.requestUpdate();
    await host.updateComplete;
    const link = host.shadowRoot?.querySelector('a');
    const after = () => (link ? getComputedStyle(link, '::after').content : '');
    expect(['none', 'normal', '']).to.include(after());
    await press('Tab');
    expect(host.shadowRoot?.activeElement).to.equal(link);
    // Firefox gives the computed value as written (`attr(…)`), the others resolved.
    expect(after()).to.be.oneOf(['"https://example.com/a/very/long/path"', 'attr(data-href)']);
    expect(link?.dataset.href).to.equal(link?.getAttribute('href'));
  });

  it('demotes headings under the conversation’s own', async () => {
    const root = await shown('# Top\n\n## Under\n\n###### Deepest');
    expect(texts(root, 'h3')).to.deep.equal(['Top']);
    expect(texts(root, 'h4')).to.deep.equal(['Under']);
    expect(texts(root, 'h6')).to.deep.equal(['Deepest']);
    expect(root.querySelector('h1, h2')).to.equal(null);
  });

  it('shows lists, task lists, quotes, tables with their alignment, and code as written', async () => {
    const root = await shown(
      [
        '1. one',
        '2. two',
        '',
        '- [ ] to do',
        '- [x] done',
        '',
        '> quoted *words*',
        '',
        '| File | Lines |',
        '| :--- | ---: |',
        '| a.ts | 12 |',
        '',
        '```ts',
        'const a = "<b>";',
        '```',
      ].join('\n'),
    );
    expect(texts(root, 'ol > li')).to.deep.equal(['one', 'two']);
    const boxes = [...root.querySelectorAll<HTMLInputElement>('li.task input[type="checkbox"]')];
    expect(boxes.map((box) => [box.checked, box.disabled])).to.deep.equal([
      [false, true],
      [true, true],
    ]);
    expect(texts(root, 'li.task')).to.deep.equal(['to do', 'done']);
    expect(texts(root, 'blockquote em')).to.deep.equal(['words']);
    expect(texts(root, 'th')).to.deep.equal(['File', 'Lines']);
    expect([...root.querySelectorAll('td')].map((cell) => cell.className)).to.deep.equal([
      'align-left',
      'align-right',
    ]);
    const code = root.querySelector('pre.code');
    expect(code?.getAttribute('data-language')).to.equal('ts');
    expect(code?.textContent).to.equal('const a = "<b>";\n');
  });

  it('shows raw HTML as text: nothing it names is made', async () => {
    const root = await shown(
      '<img src=x onerror="window.ran=1"> <script>window.ran=2</script>\n\n<iframe srcdoc="x"></iframe>',
    );
    expect(root.querySelector('img, script, iframe')).to.equal(null);
    expect(root.textContent).to.contain('<img src=x onerror="window.ran=1">');
    expect((window as { ran?: number }).ran).to.equal(undefined);
  });

  it('links only to http:, https: and mailto:, without an opener, the address said on hover', async () => {
    const root = await shown('[docs](https://example.com/docs) [run](javascript:alert(1)) [file](./a.env)');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(['https://example.com/docs']);
    expect(links[0]?.rel).to.equal('noopener noreferrer');
    expect(links[0]?.target).to.equal('_blank');
    expect(links[0]?.title).to.equal('https://example.com/docs');
    expect(root.textContent).to.contain('[run](javascript:alert(1))');
  });

  it('never fetches an image: it says there is one, and where', async () => {
    const root = await shown('![a cat](https://example.com/cat.png)');
    expect(root.querySelector('img')).to.equal(null);
    expect(root.querySelector('.image')?.textContent).to.equal(
      'Image (not loaded): a cat https://example.com/cat.png',
    );
    expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('cat.png'))).to.equal(
      false,
    );
  });
});
