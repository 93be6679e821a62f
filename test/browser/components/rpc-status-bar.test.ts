import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import { setDefaultStrings } from '../../../src/components/strings/strings.js';
import type { RpcStatusBar } from '../../../src/components/status-bar/rpc-status-bar.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { FakeClock } from '../../support/fake-clock.js';
import { press } from '../../support/keys.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { itIn, itWithForcedColors } from '../../support/engine.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

const E = '\u001b';
/** Captured from pi 0.73.1 (`/probe` setStatus with themeColor "accent"), see test/node/protocol/ansi-agent.test.ts. */
const capturedAccent = `${E}[38;2;138;190;183maccent text ✓${E}[39m`;

let ids = 0;

async function setup(style = '', dir = 'ltr') {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const clock = new FakeClock(0);
  const wrapper = await fixture<HTMLDivElement>(
    html`<div dir=${dir} style=${style}><rpc-status-bar .controller=${controller} .clock=${clock}></rpc-status-bar></div>`,
  );
  const el = wrapper.querySelector('rpc-status-bar') as RpcStatusBar;
  const set = (statusKey: string, statusText?: string) =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id: `s${++ids}`,
      method: 'setStatus',
      statusKey,
      statusText,
    });
  const settle = async () => {
    await new Promise(requestAnimationFrame);
    await el.updateComplete;
  };
  const $ = <T extends Element = HTMLElement>(selector: string) =>
    el.shadowRoot?.querySelector<T>(selector) ?? null;
  const items = () => [...(el.shadowRoot?.querySelectorAll<HTMLElement>('.item') ?? [])];
  await settle();
  return { el, controller, clock, set, settle, $, items };
}

describe('rpc-status-bar', () => {
  afterEach(async () => {
    setDefaultStrings({ statusBarLabel: 'Extension status' });
    await resetMedia();
  });

  it('shows items sorted by key and removes one when its text is missing', async () => {
    const { set, settle, items, $ } = await setup();
    expect($('.bar')?.hidden).to.equal(true);
    set('b', 'second');
    set('c', 'third');
    set('a', 'first');
    await settle();
    expect(items().map((i) => i.textContent?.trim())).to.deep.equal(['first', 'second', 'third']);
    set('b');
    await settle();
    expect(items().map((i) => i.dataset.key)).to.deep.equal(['a', 'c']);
    set('a');
    set('c');
    await settle();
    expect(items()).to.have.length(0);
    expect($('.bar')?.hidden).to.equal(true);
  });

  it('is a labelled region, not a live region; strings can be overridden', async () => {
    const { el, set, settle, $ } = await setup();
    set('k', 'hello');
    await settle();
    const bar = $('.bar');
    expect(bar?.getAttribute('role')).to.equal('region');
    expect(bar?.hasAttribute('aria-live')).to.equal(false);
    expect(await findNode((n) => n.role === 'region' && n.name === 'Extension status')).to.exist;
    el.strings = { statusBarLabel: 'Estado' };
    await el.updateComplete;
    expect(bar?.getAttribute('aria-label')).to.equal('Estado');
    el.strings = {};
    setDefaultStrings({ statusBarLabel: 'Global' });
    el.requestUpdate();
    await el.updateComplete;
    expect(bar?.getAttribute('aria-label')).to.equal('Global');
  });

  it('keeps one line with an ellipsis and shows the full text on focus and hover', async () => {
    const long = `${'a long status text that goes on '.repeat(6)}end`;
    const { set, settle, items, $ } = await setup('inline-size: 300px');
    set('a', 'short');
    set('b', long);
    await settle();
    const bar = $('.bar');
    expect(bar?.getBoundingClientRect().height).to.be.lessThan(40);
    const text = items()[1]?.querySelector('.text') as HTMLElement;
    expect(getComputedStyle(text).textOverflow).to.equal('ellipsis');
    expect(text.scrollWidth).to.be.greaterThan(text.clientWidth);
    expect(items().every((i) => i.tabIndex === 0)).to.equal(true);
    const tip = $('.tooltip');
    expect(tip?.matches(':popover-open')).to.equal(false);

    // Focus: Tab to the first (short, not cut: no tooltip), then the long one.
    await press('Tab');
    await press('Tab');
    await settle();
    expect(tip?.matches(':popover-open')).to.equal(true);
    expect(tip?.textContent).to.equal(long);
    await press('Escape');
    await settle();
    expect(tip?.matches(':popover-open')).to.equal(false);
    (items()[1] as HTMLElement).blur();
    await settle();

    // Hover with the real mouse.
    const box = (items()[1] as HTMLElement).getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + 20), Math.round(box.y + box.height / 2)] });
    await settle();
    expect(tip?.matches(':popover-open')).to.equal(true);
    expect(tip?.textContent).to.equal(long);
    await sendMouse({ type: 'move', position: [0, 500] });
    await settle();
    expect(tip?.matches(':popover-open')).to.equal(false);
  });

  it('in a narrow sidebar, items keep their text; what does not fit scrolls into view on focus', async () => {
    const { set, settle, items, $ } = await setup('inline-size: 320px');
    const texts = ['main', 'idle', '$0.12', '3 tests', 'sonnet', '42 files', 'watching 12 files', 'ok'];
    texts.forEach((text, index) => set(`k${index}`, text));
    await settle();
    for (const item of items()) {
      const text = item.querySelector('.text') as HTMLElement;
      expect(text.scrollWidth, text.textContent ?? '').to.be.at.most(text.clientWidth);
    }
    const bar = $('.bar') as HTMLElement;
    for (let i = 0; i < texts.length; i++) await press('Tab');
    await settle();
    const last = items().at(-1) as HTMLElement;
    expect(last.matches(':focus')).to.equal(true);
    const shown = bar.getBoundingClientRect();
    const rect = last.getBoundingClientRect();
    expect(rect.left).to.be.at.least(shown.left - 0.5);
    // With room for its 2px focus ring.
    expect(rect.right + 2).to.be.at.most(shown.right + 0.5);
  });

  it('in a bar narrower than 40ch, a long item is no wider than the bar; a vertical wheel scrolls the bar sideways', async () => {
    const { set, settle, items, $ } = await setup('inline-size: 240px');
    set('a', 'x'.repeat(80));
    set('b', 'second');
    set('c', 'third');
    await settle();
    await settle(); // the bar's width is measured after it shows
    const bar = $('.bar') as HTMLElement;
    const first = (items()[0] as HTMLElement).getBoundingClientRect();
    expect(first.width).to.be.at.most(bar.clientWidth);
    expect(bar.scrollLeft).to.equal(0);
    const wheel = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
    items()[0]?.dispatchEvent(wheel);
    expect(bar.scrollLeft).to.be.above(0);
    expect(wheel.defaultPrevented).to.equal(true);
    // At the end, the wheel is the page's again.
    bar.scrollLeft = bar.scrollWidth;
    const more = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
    items()[0]?.dispatchEvent(more);
    expect(more.defaultPrevented).to.equal(false);
  });

  it('sized by its content (in a flex row), the bar shows its items in full', async () => {
    const { set, settle, items } = await setup('display: flex');
    set('a', 'main');
    set('b', 'idle');
    await settle();
    await settle();
    for (const item of items()) {
      const text = item.querySelector('.text') as HTMLElement;
      expect(text.clientWidth, text.textContent ?? '').to.be.above(0);
      expect(text.scrollWidth, text.textContent ?? '').to.be.at.most(text.clientWidth);
    }
  });

  it('a click on a cut-off item keeps its tooltip', async () => {
    const { set, settle, items, $ } = await setup('inline-size: 300px; margin-block-start: 200px');
    set('a', `${'a long status '.repeat(12)}end`);
    await settle();
    const item = (items()[0] as HTMLElement).getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(item.x + 20), Math.round(item.y + item.height / 2)],
    });
    await settle();
    await settle();
    expect(($('.tooltip') as HTMLElement).matches(':popover-open')).to.equal(true);
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('the tooltip stays while the pointer moves onto it, and Escape hides it wherever focus is', async () => {
    const long = `${'a long status '.repeat(12)}end`;
    const { set, settle, items, $ } = await setup('inline-size: 300px; margin-block-start: 200px');
    set('a', long);
    await settle();
    const item = (items()[0] as HTMLElement).getBoundingClientRect();
    const x = Math.round(item.x + 20);
    await sendMouse({ type: 'move', position: [x, Math.round(item.y + item.height / 2)] });
    await settle();
    const tip = $('.tooltip') as HTMLElement;
    expect(tip.matches(':popover-open')).to.equal(true);
    // Up onto the tooltip (it opens above the item), a pixel at a time.
    const target = Math.round(tip.getBoundingClientRect().bottom - 4);
    for (let y = Math.round(item.y + item.height / 2); y >= target; y--) {
      await sendMouse({ type: 'move', position: [x, y] });
    }
    await settle();
    expect(tip.matches(':popover-open'), 'over the tooltip').to.equal(true);
    // Focus is on the page, not the bar: Escape still hides it.
    expect(document.activeElement).to.equal(document.body);
    await press('Escape');
    await settle();
    expect(tip.matches(':popover-open'), 'after Escape').to.equal(false);
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  // Firefox 153 lays a spanning position-area out the wrong way round under a right-to-left parent
  // (docs/testing.md): its tooltip shows the whole text, but from the viewport's left edge.
  itIn(['chromium', 'webkit'], "opens the tooltip from the item's start in a right-to-left bar", async () => {
    const long = `${'حالة طويلة جدا '.repeat(8)}النهاية`;
    const { set, settle, items, $ } = await setup('inline-size: 600px', 'rtl');
    set('a', long);
    await settle();
    await press('Tab');
    await settle();
    const tip = $('.tooltip') as HTMLElement;
    expect(tip.matches(':popover-open')).to.equal(true);
    const item = (items()[0] as HTMLElement).getBoundingClientRect();
    expect(Math.abs(tip.getBoundingClientRect().right - item.right)).to.be.below(2);
  });

  it('closes the tooltip when the pointer leaves for a page element that has its own data-tip', async () => {
    const { set, settle, items, $ } = await setup('inline-size: 300px');
    set('a', `${'a long status text that goes on '.repeat(6)}end`);
    await settle();
    const other = document.createElement('button');
    other.dataset.tip = 'a page tooltip';
    other.textContent = 'page button';
    other.style.cssText = 'position: fixed; inset-block-start: 400px; inset-inline-start: 0';
    document.body.append(other);
    try {
      const box = (items()[0] as HTMLElement).getBoundingClientRect();
      await sendMouse({
        type: 'move',
        position: [Math.round(box.x + 20), Math.round(box.y + box.height / 2)],
      });
      await settle();
      expect($('.tooltip')?.matches(':popover-open')).to.equal(true);
      const target = other.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(target.x + 5), Math.round(target.y + 5)] });
      await settle();
      expect($('.tooltip')?.matches(':popover-open')).to.equal(false);
    } finally {
      other.remove();
      await sendMouse({ type: 'move', position: [0, 0] });
    }
  });

  it('stays hidden while empty, even when the page sets display on its bar part', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = 'rpc-status-bar::part(bar) { display: flex; border: 2px solid red }';
    document.head.append(sheet);
    try {
      const { set, settle, $ } = await setup();
      expect($('.bar')?.getBoundingClientRect().height).to.equal(0);
      set('a', 'shown');
      await settle();
      expect($('.bar')?.getBoundingClientRect().height).to.be.greaterThan(0);
    } finally {
      sheet.remove();
    }
  });

  it('announces changes politely, at most once per key per 2 s, the latest text winning', async () => {
    const { el, controller, clock, set, settle, $ } = await setup();
    const region = $('[part="announcer"]');
    expect(region?.getAttribute('role')).to.equal('status');
    set('a', 'one');
    await settle();
    expect(el.lastAnnouncement).to.equal('one');
    clock.advance(2000);
    set('a', `${E}[32mtwo${E}[39m`);
    await settle();
    expect(el.lastAnnouncement).to.equal('two');
    expect(region?.textContent?.trim()).to.equal('two');
    clock.advance(500);
    set('a', 'three');
    await settle();
    set('a', 'four');
    set('b', 'other key');
    await settle();
    expect(el.lastAnnouncement).to.equal('other key');
    clock.advance(1499);
    await settle();
    expect(el.lastAnnouncement).to.equal('other key');
    clock.advance(1);
    await settle();
    expect(el.lastAnnouncement).to.equal('four');
    expect(region?.textContent?.trim()).to.equal('four');
    // Nothing pending: a change 2 s after the last announcement is said at once.
    clock.advance(2000);
    set('a', 'five');
    await settle();
    expect(el.lastAnnouncement).to.equal('five');
    expect(clock.pending).to.equal(0);
    // Statuses already there when an element binds are not announced.
    const late = await fixture<RpcStatusBar>(
      html`<rpc-status-bar .controller=${controller}></rpc-status-bar>`,
    );
    await new Promise(requestAnimationFrame);
    await late.updateComplete;
    expect(late.lastAnnouncement).to.equal('');
    expect(late.shadowRoot?.querySelectorAll('.item')).to.have.length(2);
  });

  it('says a held-back change together with another key taken in before the next render', async () => {
    const { el, clock, set, settle, $ } = await setup();
    set('a', 'a1');
    await settle();
    set('a', 'a2'); // within a's interval: held back until 2 s
    await settle();
    clock.advance(1000);
    set('b', 'b1');
    clock.advance(1000); // a's interval ends before the frame that takes b in
    await settle();
    expect(el.lastAnnouncement).to.equal('a2. b1');
    expect($('[part="announcer"]')?.textContent?.trim()).to.equal('a2. b1');
  });

  it('shows line breaks and tabs as spaces, keeping the bar on one line', async () => {
    const { set, settle, items, $ } = await setup('inline-size: 400px');
    set('a', 'one line');
    await settle();
    const height = $('.bar')?.getBoundingClientRect().height;
    set('b', 'first\nsecond\tthird');
    await settle();
    expect($('.bar')?.getBoundingClientRect().height).to.equal(height);
    expect((items()[1]?.querySelector('.text') as HTMLElement).innerText).to.equal('first second third');
  });

  it('announces nothing when `announce` is off', async () => {
    const { el, clock, set, settle } = await setup();
    set('a', 'one');
    await settle();
    set('a', 'two');
    set('b', 'x');
    await settle();
    el.announce = false;
    await settle();
    expect(clock.pending).to.equal(0);
    set('a', 'three');
    set('c', 'new');
    await settle();
    clock.advance(5000);
    await settle();
    expect(el.lastAnnouncement).to.equal('x');
    el.setAttribute('announce', '');
    expect(el.announce).to.equal(true);
  });

  it('renders ANSI colours as styled spans and untrusted markup as text', async () => {
    // The captured colour is pi's dark theme's: in the dark scheme it shows as sent.
    await emulateMedia({ colorScheme: 'dark' });
    const { set, settle, items, el } = await setup('--rpc-ansi-red: rgb(1, 2, 3)');
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    set('a', capturedAccent);
    set('b', `${E}[31mred${E}[39m`);
    set('c', evil);
    await settle();
    const spans = items().map((i) => i.querySelector<HTMLElement>('span.ansi'));
    expect(getComputedStyle(spans[0] ?? el).color).to.equal('rgb(138, 190, 183)');
    expect(getComputedStyle(spans[1] ?? el).color).to.equal('rgb(1, 2, 3)');
    expect(items()[2]?.querySelector('img, script')).to.equal(null);
    expect(items()[2]?.textContent?.trim()).to.equal(evil);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('renders a burst of 1,000 setStatus in one task at most once per frame', async () => {
    const { el, set, settle, items } = await setup();
    let renders = 0;
    const target = el as unknown as { render(): unknown };
    const render = target.render.bind(el);
    target.render = () => {
      renders++;
      return render();
    };
    for (let i = 0; i < 1000; i++) set(`k${i % 7}`, `t${i}`);
    await settle();
    await settle();
    expect(renders).to.equal(1);
    expect(items().map((i) => i.textContent?.trim())).to.deep.equal(
      ['t994', 't995', 't996', 't997', 't998', 't999', 't993'].sort(
        (a, b) => (Number(a.slice(1)) % 7) - (Number(b.slice(1)) % 7),
      ),
    );
  });

  it('turns the tooltip fade off under prefers-reduced-motion', async () => {
    const { $ } = await setup();
    expect(getComputedStyle($('.tooltip') as HTMLElement).transitionDuration).not.to.equal('0s');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle($('.tooltip') as HTMLElement).transitionDuration).to.equal('0s');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('exposes a part for every structural node', async () => {
    const { set, settle, $ } = await setup();
    set('k', 'v');
    await settle();
    for (const part of ['announcer', 'bar', 'list', 'item', 'text', 'tooltip'])
      expect($(`[part~="${part}"]`), part).to.exist;
  });

  itWithForcedColors('keeps separators visible in forced colours', async () => {
    const { set, settle, $ } = await setup();
    set('a', 'one');
    set('b', 'two');
    await settle();
    await emulateMedia({ forcedColors: 'active' });
    const second = $('.item + .item') as HTMLElement;
    expect(getComputedStyle(second).borderInlineStartStyle).to.equal('solid');
    expect(getComputedStyle($('.bar') as HTMLElement).borderTopStyle).to.equal('solid');
    await emulateMedia({ forcedColors: '' });
  });

  for (const [scheme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`has no axe violations (${scheme}, ${dir})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const { el, set, settle, items } = await setup('inline-size: 400px', dir);
      // The agent's theme colours are made for a dark background.
      set('a', scheme === 'dark' ? capturedAccent : `${E}[34mblue${E}[39m`);
      set('b', `${E}[31mred${E}[39m and ${E}[1mbold${E}[22m`);
      set('c', 'plain שלום');
      await settle();
      if (dir === 'rtl') {
        const [first, second] = items().map((i) => i.getBoundingClientRect().x);
        expect(first).to.be.greaterThan(second ?? Infinity);
      }
      await expect(el).to.be.accessible();
    });
  }
});
