import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import { setDefaultStrings } from '../../../src/components/strings/strings.js';
import type { RpcWidget } from '../../../src/components/widget/rpc-widget.js';
import type { WidgetPlacement } from '../../../src/protocol/types.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { itWithForcedColors } from '../../support/engine.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

const E = '\u001b';
/** Captured from pi 0.73.1 (`/probe` setStatus with themeColor "success"), see test/node/protocol/ansi-agent.test.ts. */
const capturedSuccess = `${E}[38;2;181;189;104msuccess text ✓${E}[39m`;

let ids = 0;

async function setup(style = '', dir = 'ltr') {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${dir} style=${style}>
      <rpc-widget .controller=${controller}></rpc-widget>
      <textarea aria-label="composer"></textarea>
      <rpc-widget .controller=${controller} placement="belowEditor"></rpc-widget>
    </div>
  `);
  const [above, below] = [...wrapper.querySelectorAll('rpc-widget')] as [RpcWidget, RpcWidget];
  const set = (widgetKey: string, widgetLines?: string[], widgetPlacement?: WidgetPlacement) =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id: `w${++ids}`,
      method: 'setWidget',
      widgetKey,
      widgetLines,
      ...(widgetPlacement ? { widgetPlacement } : {}),
    });
  const settle = async () => {
    await new Promise(requestAnimationFrame);
    await Promise.all([above.updateComplete, below.updateComplete]);
  };
  const keys = (el: RpcWidget) =>
    [...(el.shadowRoot?.querySelectorAll<HTMLElement>('.widget') ?? [])].map((w) => w.dataset.key);
  const lines = (el: RpcWidget) => [...(el.shadowRoot?.querySelectorAll<HTMLElement>('.line') ?? [])];
  await settle();
  return { wrapper, above, below, set, settle, keys, lines };
}

describe('rpc-widget', () => {
  afterEach(async () => {
    setDefaultStrings({ widgetsAboveLabel: 'Extension widgets above the editor' });
    await resetMedia();
  });

  it('renders nothing, and no region, without widgets', async () => {
    const { above, below } = await setup();
    expect(above.getAttribute('placement')).to.equal('aboveEditor');
    expect(above.shadowRoot?.querySelector('[part]')).to.equal(null);
    expect(below.shadowRoot?.querySelector('[part]')).to.equal(null);
    expect(await findNode((n) => n.role === 'region')).to.equal(undefined);
  });

  it('shows the widgets of its placement (missing means above) and clears one with missing lines', async () => {
    const { above, below, set, settle, keys } = await setup();
    set('one', ['a']);
    set('two', ['b'], 'belowEditor');
    set('three', ['c'], 'aboveEditor');
    await settle();
    expect(keys(above)).to.deep.equal(['one', 'three']);
    expect(keys(below)).to.deep.equal(['two']);
    set('one');
    await settle();
    expect(keys(above)).to.deep.equal(['three']);
  });

  it('moves a widget whose placement changes from one element to the other', async () => {
    const { above, below, set, settle, keys } = await setup();
    set('w', ['moving'], 'aboveEditor');
    await settle();
    expect([keys(above), keys(below)]).to.deep.equal([['w'], []]);
    set('w', ['moved'], 'belowEditor');
    await settle();
    expect([keys(above), keys(below)]).to.deep.equal([[], ['w']]);
    expect(below.shadowRoot?.textContent?.trim()).to.equal('moved');
    expect(above.shadowRoot?.querySelector('.region')).to.equal(null);
  });

  it('is a labelled region per placement, with overridable strings', async () => {
    const { above, below, set, settle } = await setup();
    set('a', ['x']);
    set('b', ['y'], 'belowEditor');
    await settle();
    expect(await findNode((n) => n.role === 'region' && n.name === 'Extension widgets above the editor')).to
      .exist;
    expect(await findNode((n) => n.role === 'region' && n.name === 'Extension widgets below the editor')).to
      .exist;
    below.strings = { widgetsBelowLabel: 'Unten' };
    setDefaultStrings({ widgetsAboveLabel: 'Oben' });
    above.requestUpdate();
    await settle();
    const label = (el: RpcWidget) =>
      el.shadowRoot?.querySelector('[part="region"]')?.getAttribute('aria-label');
    expect([label(above), label(below)]).to.deep.equal(['Oben', 'Unten']);
  });

  it('keeps whitespace in a monospace font', async () => {
    const { above, set, settle, lines } = await setup();
    set('w', ['  indented', '\ttab  and  spaces ', '', 'last']);
    await settle();
    const rendered = lines(above);
    expect(rendered.map((l) => l.textContent)).to.deep.equal([
      '  indented',
      '\ttab  and  spaces ',
      '',
      'last',
    ]);
    const style = getComputedStyle(rendered[0] as HTMLElement);
    expect(style.whiteSpaceCollapse).to.equal('preserve');
    expect(style.textWrapMode).to.equal('wrap');
    expect(getComputedStyle(above.shadowRoot?.querySelector('.widget') as HTMLElement).fontFamily).to.match(
      /mono/i,
    );
    expect((rendered[2] as HTMLElement).getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('renders ANSI colours as styled spans and untrusted markup as text', async () => {
    // The captured colour is pi's dark theme's: in the dark scheme it shows as sent.
    await emulateMedia({ colorScheme: 'dark' });
    const { above, set, settle, lines } = await setup('--rpc-ansi-red: rgb(1, 2, 3)');
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    set('w', [capturedSuccess, `  ${E}[31mred${E}[39m`, evil]);
    await settle();
    const [first, second, third] = lines(above);
    expect(getComputedStyle(first?.querySelector('.ansi') ?? above).color).to.equal('rgb(181, 189, 104)');
    expect(getComputedStyle(second?.querySelector('.ansi') ?? above).color).to.equal('rgb(1, 2, 3)');
    expect(second?.textContent).to.equal('  red');
    expect(third?.querySelector('img, script')).to.equal(null);
    expect(third?.textContent).to.equal(evil);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('renders a burst of 1,000 setWidget in one task at most once per frame', async () => {
    const { above, below, set, settle, keys } = await setup();
    const count = (el: RpcWidget) => {
      const counter = { renders: 0 };
      const target = el as unknown as { render(): unknown };
      const render = target.render.bind(el);
      target.render = () => {
        counter.renders++;
        return render();
      };
      return counter;
    };
    const [a, b] = [count(above), count(below)];
    for (let i = 0; i < 1000; i++) set(`k${i % 4}`, [`line ${i}`], i % 2 ? 'belowEditor' : 'aboveEditor');
    await settle();
    await settle();
    expect([a.renders, b.renders]).to.deep.equal([1, 1]);
    expect(keys(above)).to.deep.equal(['k0', 'k2']);
    expect(keys(below)).to.deep.equal(['k1', 'k3']);
  });

  it('exposes parts', async () => {
    const { above, set, settle } = await setup();
    set('w', ['x']);
    await settle();
    for (const part of ['region', 'widget', 'line'])
      expect(above.shadowRoot?.querySelector(`[part="${part}"]`), part).to.exist;
  });

  itWithForcedColors('keeps the widget edge visible in forced colours', async () => {
    const { above, set, settle } = await setup();
    set('w', ['x']);
    await settle();
    await emulateMedia({ forcedColors: 'active' });
    const widget = above.shadowRoot?.querySelector('.widget') as HTMLElement;
    expect(getComputedStyle(widget).borderInlineStartStyle).to.equal('solid');
    await emulateMedia({ forcedColors: '' });
  });

  it('paints its own surface: readable when the OS is dark and the page is not', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const { above, set, settle } = await setup('background: white; color: black');
    set('a', ['plain line']);
    await settle();
    const widget = above.shadowRoot?.querySelector('.widget') as HTMLElement;
    expect(getComputedStyle(widget).backgroundColor).to.equal('rgb(37, 37, 38)');
    expect(getComputedStyle(widget).color).to.equal('rgb(228, 228, 228)');
  });

  for (const [scheme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`has no axe violations (${scheme}, ${dir})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const background = scheme === 'dark' ? 'background: #1e1e1e; color: #e4e4e4' : '';
      const { wrapper, set, settle, lines, below } = await setup(background, dir);
      set('a', [scheme === 'dark' ? capturedSuccess : `${E}[32mgreen${E}[39m`, '  two', 'שלום']);
      set('b', [`${E}[1;34mbold blue${E}[0m`], 'belowEditor');
      await settle();
      if (dir === 'rtl') expect(getComputedStyle(lines(below)[0] as HTMLElement).direction).to.equal('rtl');
      await expect(wrapper).to.be.accessible();
    });
  }
});
