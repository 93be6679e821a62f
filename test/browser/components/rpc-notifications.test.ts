import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { RpcNotifications } from '../../../src/components/notifications/rpc-notifications.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { type A11yNode, findNode, startAccessibility } from '../../support/a11y.js';
import { itWithForcedColors } from '../../support/engine.js';
import { animationsDone } from '../../support/animations.js';
import { FakeClock } from '../../support/fake-clock.js';
import { press } from '../../support/keys.js';
import { emulateMedia, resetMedia } from '../../support/media.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

type NotifyType = 'info' | 'warning' | 'error';

async function setup(options: { maxVisible?: number; dir?: string; limit?: number } = {}) {
  const clock = new FakeClock(0);
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({
    transport,
    clock,
    ...(options.limit === undefined ? {} : { notificationLimit: options.limit }),
  });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${options.dir ?? 'ltr'} style="inline-size: 420px; margin: 20px">
      <button id="before">Before</button>
      <rpc-notifications .controller=${controller} max-visible=${options.maxVisible ?? 3}></rpc-notifications>
      <button id="after">After</button>
    </div>
  `);
  const el = wrapper.querySelector('rpc-notifications') as RpcNotifications;
  await el.updateComplete;
  let serial = 0;
  const notify = (message: string, notifyType: NotifyType = 'info') =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id: `n${++serial}`,
      method: 'notify',
      message,
      notifyType,
    });
  const settle = async () => {
    await nextFrame();
    await el.updateComplete;
  };
  const root = el.shadowRoot as ShadowRoot;
  const items = () => [...root.querySelectorAll<HTMLElement>('.notification')];
  const messages = () => items().map((item) => item.querySelector('.message')?.textContent ?? '');
  const part = (selector: string) => root.querySelector<HTMLElement>(selector);
  const closeButtons = () => [...root.querySelectorAll<HTMLButtonElement>('.close')];
  const before = wrapper.querySelector('#before') as HTMLButtonElement;
  const after = wrapper.querySelector('#after') as HTMLButtonElement;
  return {
    clock,
    controller,
    el,
    notify,
    settle,
    root,
    items,
    messages,
    part,
    closeButtons,
    before,
    after,
    wrapper,
  };
}

/** Count nodes added to a live region (each addition is one announcement). */
function watch(region: Element | null): { readonly added: string[]; stop(): void } {
  const added: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node.textContent?.trim()) added.push(node.textContent.trim());
  });
  if (region) observer.observe(region, { childList: true, subtree: true, characterData: true });
  return {
    added,
    stop: () => {
      observer.takeRecords();
      observer.disconnect();
    },
  };
}

function setVisibility(value: DocumentVisibilityState | undefined): void {
  if (value === undefined) Reflect.deleteProperty(document, 'visibilityState');
  else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('rpc-notifications', () => {
  afterEach(async () => {
    setVisibility(undefined);
    await resetMedia();
    await emulateMedia({ forcedColors: '' });
  });

  it('has both live regions before the first message, and no list', async () => {
    const { part } = await setup();
    expect(part('[role="status"]')).to.exist;
    expect(part('[role="alert"]')).to.exist;
    expect(part('[part="stack"]')?.hidden).to.equal(true);
    expect(part('ul')).to.equal(null);
    expect(part('[part="stack"]')?.hasAttribute('aria-live')).to.equal(false);
    // Additions only: an earlier message is not read again with the next one.
    const status = (await findNode((node) => node.role === 'status')) as A11yNode & { atomic?: boolean };
    const alert = (await findNode((node) => node.role === 'alert')) as A11yNode & { atomic?: boolean };
    expect([status.atomic ?? false, alert.atomic ?? false]).to.deep.equal([false, false]);
  });

  it('stacks newest first', async () => {
    const { notify, settle, messages, part } = await setup();
    notify('first');
    notify('second');
    notify('third');
    await settle();
    expect(messages()).to.deep.equal(['third', 'second', 'first']);
    expect(part('ul')?.getAttribute('aria-label')).to.equal('Notifications');
  });

  it('shows max-visible and counts the rest behind a button that expands the list', async () => {
    const { notify, settle, items, part } = await setup();
    for (let i = 1; i <= 7; i++) notify(`m${i}`);
    await settle();
    expect(items()).to.have.length(3);
    const more = part('[part="more-button"]') as HTMLButtonElement;
    expect(more.textContent?.trim()).to.equal('+4 more');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    more.click();
    await settle();
    expect(items()).to.have.length(7);
    expect(more.textContent?.trim()).to.equal('Show fewer');
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    more.click();
    await settle();
    expect(items()).to.have.length(3);
  });

  it('gives each type an icon, a colour and a visible text prefix', async () => {
    const { notify, settle, items } = await setup();
    notify('e', 'error');
    notify('w', 'warning');
    notify('i', 'info');
    await settle();
    const found = items().map((item) => ({
      part: item.getAttribute('part'),
      prefix: item.querySelector('[part="prefix"]')?.textContent,
      iconHidden: item.querySelector('[part="icon"]')?.getAttribute('aria-hidden'),
      hasSvg: item.querySelector('[part="icon"] svg') !== null,
    }));
    expect(found).to.deep.equal([
      { part: 'notification notification-info', prefix: 'Info:', iconHidden: 'true', hasSvg: true },
      { part: 'notification notification-warning', prefix: 'Warning:', iconHidden: 'true', hasSvg: true },
      { part: 'notification notification-error', prefix: 'Error:', iconHidden: 'true', hasSvg: true },
    ]);
    const colours = items().map((item) => getComputedStyle(item).borderInlineStartColor);
    expect(new Set(colours).size).to.equal(3);
  });

  it('keeps line breaks and renders ANSI colour', async () => {
    const { notify, settle, items } = await setup();
    notify('line one\n\u001b[31mred\u001b[0m two');
    await settle();
    const message = items()[0]?.querySelector('.message') as HTMLElement;
    expect(getComputedStyle(message).whiteSpace).to.equal('pre-wrap');
    expect(message.textContent).to.equal('line one\nred two');
    expect(message.querySelector('span')).to.exist;
  });

  it('announces each message once, info and warnings politely, errors as alerts', async () => {
    const { notify, settle, el, part, clock } = await setup();
    const status = watch(part('[role="status"]'));
    const alert = watch(part('[role="alert"]'));
    notify('saved');
    notify('careful', 'warning');
    await settle();
    notify('broken', 'error');
    await settle();
    el.requestUpdate();
    await settle();
    el.strings = { infoPrefix: 'Note:' };
    await settle();
    clock.advance(10_000); // info and warning leave; nothing is said again
    await settle();
    status.stop();
    alert.stop();
    expect(status.added).to.deep.equal(['Info: saved', 'Warning: careful']);
    expect(alert.added).to.deep.equal(['Error: broken']);
  });

  it('does not announce history already there when bound', async () => {
    const clock = new FakeClock(0);
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport, clock });
    peer.writeMessage({
      type: 'extension_ui_request',
      id: 'old',
      method: 'notify',
      message: 'old',
      notifyType: 'error',
    });
    const el = await fixture<RpcNotifications>(
      html`<rpc-notifications .controller=${controller}></rpc-notifications>`,
    );
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[role="alert"]')?.textContent?.trim()).to.equal('');
    expect(el.shadowRoot?.querySelectorAll('.notification')).to.have.length(1);
  });

  it('dismisses info and warnings after the duration; errors stay', async () => {
    const { notify, settle, messages, clock } = await setup();
    notify('e', 'error');
    notify('w', 'warning');
    notify('i');
    await settle();
    clock.advance(5999);
    await settle();
    expect(messages()).to.deep.equal(['i', 'w', 'e']);
    clock.advance(1);
    await settle();
    expect(messages()).to.deep.equal(['e']);
    clock.advance(600_000);
    await settle();
    expect(messages()).to.deep.equal(['e']);
  });

  it('does not count down notifications folded behind "+N more"', async () => {
    const { notify, settle, messages, clock } = await setup({ maxVisible: 1 });
    notify('old');
    await settle();
    clock.advance(3000);
    notify('new');
    await settle();
    clock.advance(6000);
    await settle();
    expect(messages()).to.deep.equal(['old']);
    clock.advance(2999);
    await settle();
    expect(messages()).to.deep.equal(['old']);
    clock.advance(1);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('pauses while the pointer is over the stack', async () => {
    const { notify, settle, messages, clock, part } = await setup();
    notify('i');
    await settle();
    clock.advance(2000);
    part('[part="stack"]')?.dispatchEvent(new PointerEvent('pointerenter'));
    clock.advance(60_000);
    await settle();
    expect(messages()).to.deep.equal(['i']);
    part('[part="stack"]')?.dispatchEvent(new PointerEvent('pointerleave'));
    clock.advance(3999);
    await settle();
    expect(messages()).to.deep.equal(['i']);
    clock.advance(1);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('pauses while focus is inside the stack', async () => {
    const { notify, settle, messages, clock, closeButtons, after } = await setup();
    await executeServerCommand('bring-to-front');
    notify('i');
    await settle();
    const close = closeButtons()[0];
    close?.focus();
    await settle();
    expect(close?.matches(':focus'), 'focus is on the close button').to.equal(true);
    clock.advance(60_000);
    await settle();
    expect(messages()).to.deep.equal(['i']);
    after.focus();
    clock.advance(6000);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('pauses while disconnected and resumes when put back', async () => {
    const { notify, settle, messages, clock, el } = await setup();
    notify('i');
    await settle();
    const parent = el.parentElement as HTMLElement;
    el.remove();
    clock.advance(60_000);
    parent.append(el);
    await settle();
    expect(messages()).to.deep.equal(['i']);
    clock.advance(6000);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('pauses while the page is hidden', async () => {
    const { notify, settle, messages, clock } = await setup();
    notify('i');
    await settle();
    setVisibility('hidden');
    clock.advance(60_000);
    await settle();
    expect(messages()).to.deep.equal(['i']);
    setVisibility('visible');
    clock.advance(6000);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('dismisses with the close button, named "Dismiss notification"', async () => {
    const { notify, settle, messages, closeButtons } = await setup();
    notify('a', 'error');
    notify('b', 'error');
    await settle();
    const node = await findNode((n) => n.name === 'Dismiss notification' && n.description === 'Error: b');
    expect(node?.role).to.equal('button');
    closeButtons()[0]?.click();
    await settle();
    expect(messages()).to.deep.equal(['a']);
  });

  it('Escape dismisses the focused notification and focus moves to the next', async () => {
    const { notify, settle, messages, closeButtons, root } = await setup();
    notify('a', 'error');
    notify('b', 'error');
    notify('c', 'error');
    await settle();
    closeButtons()[1]?.focus();
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal(['c', 'a']);
    expect(root.activeElement).to.equal(closeButtons()[1]);
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal(['c']);
    expect(root.activeElement).to.equal(closeButtons()[0]);
  });

  it("the Escape that ends an IME composition (Safari: keyCode 229) is the input method's: it dismisses nothing", async () => {
    const { notify, settle, messages, closeButtons } = await setup();
    notify('a', 'error');
    await settle();
    const close = closeButtons()[0];
    close?.focus();
    // sendKeys cannot compose with an IME: this is the key event Safari sends as it drops one.
    close?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', keyCode: 229, bubbles: true, composed: true }),
    );
    await settle();
    expect(messages()).to.deep.equal(['a']);
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('returns focus to where it came from when the last notification is dismissed by keyboard', async () => {
    const { notify, settle, messages, before } = await setup();
    notify('a', 'error');
    notify('b', 'error');
    await settle();
    before.focus();
    await press('Tab');
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal(['a']);
    await press('Enter'); // the close button, focused in its place
    await settle();
    expect(messages()).to.deep.equal([]);
    expect(document.activeElement?.id).to.equal('before');
  });

  it('returns focus into the shadow root it came from (the status bar before the stack, say)', async () => {
    const { notify, settle, messages, el, root } = await setup();
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' }).innerHTML = '<button id="inner">Inner</button>';
    el.before(host);
    const inner = host.shadowRoot?.querySelector('button');
    notify('a', 'error');
    await settle();
    inner?.focus();
    await press('Tab');
    expect(root.activeElement?.classList.contains('close')).to.equal(true);
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal([]);
    expect(host.shadowRoot?.activeElement).to.equal(inner);
  });

  it('keeps the focused notification shown when a newer one would fold it away', async () => {
    const { notify, settle, messages, closeButtons, root, part } = await setup();
    for (const message of ['e1', 'e2', 'e3']) notify(message, 'error');
    await settle();
    closeButtons()[2]?.focus(); // e1, the oldest
    notify('e4', 'error');
    await settle();
    expect(messages()).to.deep.equal(['e4', 'e3', 'e1']);
    expect(part('[part="more-button"]')?.textContent?.trim()).to.equal('+1 more');
    expect(root.activeElement).to.equal(closeButtons()[2]);
    await press('Escape');
    await settle();
    expect(messages()).to.deep.equal(['e4', 'e3', 'e2']);
    expect(root.activeElement).to.equal(closeButtons()[2]);
  });

  it('dismissing drops the notification from the controller, so a restored snapshot leaves it out', async () => {
    const { notify, settle, el, controller, closeButtons } = await setup();
    notify('a', 'error');
    notify('b', 'error');
    notify('c', 'error');
    await settle();
    closeButtons()[0]?.click();
    expect(controller.notifications.map((entry) => entry.message)).to.deep.equal(['a', 'b']);
    const restored = new ExtensionUIController();
    restored.restore(controller.snapshot());
    expect(restored.notifications.map((entry) => entry.message)).to.deep.equal(['a', 'b']);
    el.dismissAll();
    await settle();
    expect(controller.notifications).to.deep.equal([]);
  });

  it('lets other keys through untouched', async () => {
    const { notify, settle, closeButtons, messages } = await setup();
    notify('a', 'error');
    await settle();
    const seen: KeyboardEvent[] = [];
    const listener = (event: KeyboardEvent) => seen.push(event);
    document.addEventListener('keydown', listener);
    closeButtons()[0]?.focus();
    await press('k');
    await press('Escape');
    document.removeEventListener('keydown', listener);
    expect(seen.map((event) => [event.key, event.defaultPrevented])).to.deep.equal([
      ['k', false],
      ['Escape', true],
    ]);
    await settle();
    expect(messages()).to.deep.equal([]);
  });

  it('reaches every close button and the more button with Tab', async () => {
    const { notify, settle, closeButtons, root, before, after, part } = await setup({ maxVisible: 2 });
    notify('a', 'error');
    notify('b', 'error');
    notify('c', 'error');
    await settle();
    before.focus();
    const order: (Element | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await press('Tab');
      order.push(document.activeElement === after ? after : root.activeElement);
    }
    expect(order).to.deep.equal([...closeButtons(), part('[part="more-button"]'), after]);
  });

  it('renders untrusted text as text', async () => {
    const { notify, settle, items, root } = await setup();
    notify('<img src=x onerror="window.__pwned=1"><b>bold</b>', 'error');
    await settle();
    expect(root.querySelector('img, b')).to.equal(null);
    expect(items()[0]?.querySelector('.message')?.textContent).to.equal(
      '<img src=x onerror="window.__pwned=1"><b>bold</b>',
    );
  });

  it('renders once for 1,000 notifications in one task', async () => {
    const { notify, settle, el, items, part } = await setup();
    let renders = 0;
    el.addController({ hostUpdated: () => renders++ });
    for (let i = 0; i < 1000; i++) notify(`m${i}`, i % 2 ? 'info' : 'error');
    await settle();
    await nextFrame();
    expect(renders).to.equal(1);
    expect(items()).to.have.length(3);
    // The controller keeps the newest 100 errors and the newest 100 others.
    expect(part('[part="more-button"]')?.textContent?.trim()).to.equal('+197 more');
    expect(part('[role="status"]')?.querySelectorAll('p').length).to.be.at.most(5);
  });

  it('keeps its history bounded by the controller', async () => {
    const { notify, settle, items, part } = await setup({ limit: 5 });
    for (let i = 0; i < 20; i++) notify(`m${i}`, 'error');
    await settle();
    part('[part="more-button"]')?.click();
    await settle();
    expect(items()).to.have.length(5);
  });

  it('takes strings per element and globally', async () => {
    const { notify, settle, el, items } = await setup();
    notify('x', 'error');
    el.strings = { errorPrefix: 'Fehler:', dismissNotification: 'Schließen' };
    await settle();
    expect(items()[0]?.querySelector('[part="prefix"]')?.textContent).to.equal('Fehler:');
    expect(items()[0]?.querySelector('.close')?.getAttribute('aria-label')).to.equal('Schließen');
  });

  it('is placed by the host unless floating', async () => {
    const { el, settle } = await setup();
    expect(getComputedStyle(el).position).to.equal('static');
    el.floating = true;
    await settle();
    expect(getComputedStyle(el).position).to.equal('fixed');
  });

  it('slides in only without reduced motion', async () => {
    const { notify, settle, items } = await setup();
    notify('x', 'error');
    await settle();
    const item = () => items()[0] as HTMLElement;
    expect(getComputedStyle(item()).animationName).to.equal('rpc-notification-enter');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(item()).animationName).to.equal('none');
  });

  itWithForcedColors('keeps borders and icons in forced colours', async () => {
    const { notify, settle, items } = await setup();
    notify('x', 'error');
    await settle();
    const item = () => items()[0] as HTMLElement;
    await emulateMedia({ forcedColors: 'active' });
    expect(getComputedStyle(item()).borderTopStyle).to.equal('solid');
    expect(getComputedStyle(item()).borderInlineStartWidth).to.equal('4px');
    const icon = item().querySelector('[part="icon"]') as HTMLElement;
    expect(getComputedStyle(icon).color).to.equal(getComputedStyle(item()).color);
  });

  for (const [label, dir, scheme] of [
    ['light', 'ltr', 'light'],
    ['dark', 'ltr', 'dark'],
    ['right-to-left', 'rtl', 'light'],
  ] as const) {
    it(`passes axe (${label})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const { notify, settle, el } = await setup({ dir, maxVisible: 3 });
      notify('\u001b[32mbuilt\u001b[0m in 2 s');
      notify('disk almost full', 'warning');
      notify('compile failed\n  at line 3', 'error');
      notify('one more');
      await settle();
      // Mid fade-in, axe measures the blended (fainter) colours.
      await animationsDone(el);
      await expect(el).to.be.accessible();
    });
  }

  it('lays out right to left with logical properties', async () => {
    const { notify, settle, items } = await setup({ dir: 'rtl' });
    notify('x', 'error');
    await settle();
    const item = items()[0] as HTMLElement;
    expect(getComputedStyle(item).borderRightWidth).to.equal('4px');
    const icon = item.querySelector('[part="icon"]') as HTMLElement;
    const close = item.querySelector('.close') as HTMLElement;
    expect(icon.getBoundingClientRect().left).to.be.greaterThan(close.getBoundingClientRect().left);
  });
});
