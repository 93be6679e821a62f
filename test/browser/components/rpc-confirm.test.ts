import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import type { RpcResponseEvent } from '../../../src/components/events/response-event.js';
import type { ConfirmRequest } from '../../../src/protocol/types.js';
import { openDialog, shadowPart } from '../../support/dialog.js';
import { findNamed, findNode, startAccessibility } from '../../support/a11y.js';
import { animationsDone } from '../../support/animations.js';
import { imageSettled } from '../../support/waits.js';
import { FakeClock } from '../../support/fake-clock.js';
import { combo, press } from '../../support/keys.js';
import { channels, contrast } from '../../support/contrast.js';
import { emulateMedia } from '../../support/media.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

const request = (extra: Partial<ConfirmRequest> = {}): ConfirmRequest => ({
  type: 'extension_ui_request',
  id: 'c1',
  method: 'confirm',
  title: 'Delete build output?',
  message: 'This removes dist/.\nIt cannot be undone.',
  ...extra,
});

function open(extra: Partial<ConfirmRequest> = {}) {
  return openDialog<RpcConfirm, ConfirmRequest>('rpc-confirm', request(extra));
}

const part = (el: RpcConfirm, selector: string) => shadowPart(el, selector);

const focused = (el: RpcConfirm) => el.shadowRoot?.activeElement?.getAttribute('data-action');

describe('rpc-confirm', () => {
  it('opens a modal alert dialog named by the title and described by the message', async () => {
    const { el } = await open();
    const dialog = part(el, 'dialog') as HTMLDialogElement;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    const node = await findNamed('alertdialog', 'Delete build output?');
    expect(node?.name).to.equal('Delete build output?');
    expect(node?.description).to.equal('This removes dist/. It cannot be undone.');
  });

  it('adds no landmarks to the page (no banner or contentinfo inside the dialog)', async () => {
    await open();
    expect(await findNode((n) => n.role === 'banner' || n.role === 'contentinfo')).to.equal(undefined);
  });

  it('keeps a multi-line message as written', async () => {
    const { el } = await open();
    expect(part(el, '.message')?.textContent).to.equal('This removes dist/.\nIt cannot be undone.');
    expect(getComputedStyle(part(el, '.message') as HTMLElement).whiteSpace).to.equal('pre-wrap');
  });

  it('starts on the non-destructive button', async () => {
    const { el } = await open();
    expect(focused(el)).to.equal('deny');
  });

  it('Enter on "No" answers confirmed:false, once', async () => {
    const { el, responses } = await open();
    await press('Enter');
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', confirmed: false }]);
    expect((part(el, 'dialog') as HTMLDialogElement).open).to.equal(false);
  });

  it('a double click on "Yes" answers confirmed:true once', async () => {
    const { el, responses } = await open();
    const yes = part(el, '[data-action="confirm"]');
    yes?.click();
    yes?.click();
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', confirmed: true }]);
  });

  it('Escape cancels; Escape again sends nothing more', async () => {
    const { responses } = await open();
    await press('Escape');
    await press('Escape');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', cancelled: true }]);
  });

  it('Ctrl+Enter confirms from anywhere in the dialog', async () => {
    const { responses } = await open();
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', confirmed: true }]);
  });

  it('Tab and Shift+Tab wrap inside the dialog', async () => {
    const { el } = await open();
    await press('Tab');
    expect(focused(el)).to.equal('confirm');
    await press('Tab');
    expect(focused(el)).to.equal('deny');
    await combo(['Shift'], 'Tab');
    expect(focused(el)).to.equal('confirm');
  });

  it('a title or message taller than a short dialog: Tab reaches each, with a focus ring, and the arrow keys scroll it', async () => {
    const lines = (what: string) => Array.from({ length: 30 }, (_, i) => `${what} line ${i + 1}`).join('\n');
    const { el } = await openDialog<RpcConfirm, ConfirmRequest>(
      'rpc-confirm',
      request({ title: lines('Title'), message: lines('Message') }),
      (confirm) => {
        confirm.contained = true;
        confirm.parentElement?.setAttribute('style', 'position: relative; block-size: 320px');
      },
    );
    await animationsDone(el);
    const title = part(el, 'h2') as HTMLElement;
    const body = part(el, '.body') as HTMLElement;
    expect(focused(el)).to.equal('deny');
    // Backwards from No: the message, the title, then round to Yes.
    const order: (string | null | undefined)[] = [];
    for (let step = 0; step < 3; step++) {
      await combo(['Shift'], 'Tab');
      const active = el.shadowRoot?.activeElement;
      order.push(active === title ? 'title' : active === body ? 'message' : focused(el));
      if (active === title || active === body) {
        expect(getComputedStyle(active).outlineStyle, `${order.at(-1)} focus ring`).to.equal('solid');
        const before = active.scrollTop;
        await press('ArrowDown');
        // Keyboard scrolling may glide: wait for the text to move, as a reader sees it.
        await waitUntil(() => active.scrollTop > before, `${order.at(-1)} scrolls on ArrowDown`, {
          timeout: 5000,
        });
        expect(active.scrollTop, `${order.at(-1)} scrolled by ArrowDown`).to.be.above(before);
      }
    }
    expect(order).to.deep.equal(['message', 'title', 'confirm']);
  });

  it('gives focus back to what had it before', async () => {
    const { trigger } = await open();
    await press('Escape');
    expect(document.activeElement).to.equal(trigger);
  });

  it('gives focus back when the host takes the request away', async () => {
    const { el, trigger } = await open();
    el.request = undefined;
    await el.updateComplete;
    expect(document.activeElement).to.equal(trigger);
  });

  it('renders untrusted text as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\u001b[31mred';
    const { el } = await open({ title: evil, message: `javascript:alert(1) ${evil}` });
    await imageSettled(); // an injected <img src=x onerror> would have failed, and run, by now
    expect(el.shadowRoot?.querySelector('img, script')).to.equal(null);
    expect(part(el, 'h2')?.textContent).to.equal(evil.replace('\u001b[31m', '')); // codes are dropped
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('counts down, closes itself at the deadline, sends nothing and says so', async () => {
    const clock = new FakeClock(0);
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><rpc-confirm .clock=${clock}></rpc-confirm></div>`,
    );
    const el = wrapper.querySelector('rpc-confirm') as RpcConfirm;
    const responses: unknown[] = [];
    el.addEventListener('rpc-response', (e: RpcResponseEvent) => responses.push(e.detail));
    el.request = request({ timeout: 10_000 });
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('10 s left');
    clock.advance(1);
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('10 s left');
    const barWidth = () => part(el, '.bar')?.getBoundingClientRect().width;
    const before = barWidth();
    clock.advance(999);
    await el.updateComplete;
    // A figure space holds the place of the tens: the text and the bar keep their width.
    expect(part(el, '#countdown')?.textContent).to.equal('\u20079 s left');
    expect(barWidth()).to.equal(before);
    clock.advance(8_999);
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('\u20071 s left');
    const expired = oneEvent(el, 'rpc-expire');
    clock.advance(1);
    expect((await expired).detail.message).to.equal(
      '“\u2068Delete build output?\u2069” timed out: the agent went on with its default.',
    );
    await el.updateComplete;
    expect((part(el, 'dialog') as HTMLDialogElement | null)?.open ?? false).to.equal(false);
    expect(part(el, '[role="status"]')?.textContent).to.contain('timed out');
    expect(responses).to.deep.equal([]);
    expect(el.answer({ confirmed: true })).to.equal(false);
  });

  it('announces the countdown at thresholds only, not every second', async () => {
    const clock = new FakeClock(0);
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><rpc-confirm .clock=${clock}></rpc-confirm></div>`,
    );
    const el = wrapper.querySelector('rpc-confirm') as RpcConfirm;
    el.request = request({ timeout: 12_000 });
    await el.updateComplete;
    const live = () => part(el, '[aria-live="polite"]')?.textContent?.trim();
    const heard: string[] = [];
    for (let t = 0; t < 11_900; t += 100) {
      clock.advance(100);
      await el.updateComplete;
      const said = live();
      if (said && said !== heard[heard.length - 1]) heard.push(said);
    }
    expect(heard).to.deep.equal(['10 seconds left to answer', '5 seconds left to answer']);
  });

  it('a reused element keeps the next request it is given while answering the last', async () => {
    const next = (id: string) => request({ id, title: `Question ${id}` });
    for (const later of [
      (fn: () => void) => fn(),
      (fn: () => void) => queueMicrotask(fn),
      (fn: () => void) => setTimeout(fn),
    ]) {
      const { el, responses } = await open();
      el.addEventListener('rpc-response', () => later(() => (el.request = next('b'))), { once: true });
      // The answer closes the <dialog>; its close event comes a task later, maybe once b shows.
      const closed = oneEvent(part(el, 'dialog') as HTMLDialogElement, 'close');
      part(el, '[data-action="confirm"]')?.click();
      await closed;
      await waitUntil(() => el.request?.id === 'b', 'the next request is given', { timeout: 5000 });
      await el.updateComplete;
      expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', confirmed: true }]);
      expect(el.open).to.equal(true);
      expect(part(el, 'h2')?.textContent).to.equal('Question b');
      expect((part(el, 'dialog') as HTMLDialogElement).matches(':modal')).to.equal(true);
    }
  });

  it('keeps focus in the element when what had it before is gone', async () => {
    const { el, trigger } = await open();
    trigger?.remove();
    await press('Enter');
    expect(document.activeElement?.localName).to.equal(el.localName);
  });

  it('contained: a click on the backdrop keeps focus in the dialog, so Escape still cancels', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div style="position: relative; inline-size: 600px; block-size: 400px"></div>`,
    );
    const el = document.createElement('rpc-confirm');
    el.contained = true;
    wrapper.append(el);
    const responses: unknown[] = [];
    el.addEventListener('rpc-response', (e: RpcResponseEvent) => responses.push(e.detail));
    el.request = request();
    await el.updateComplete;
    await animationsDone(el);
    const box = wrapper.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 5), Math.round(box.top + 5)] });
    await press('Escape');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', cancelled: true }]);
  });

  it('stays modal, with focus inside, when moved in the page while open', async () => {
    const { el } = await open();
    const elsewhere = await fixture<HTMLDivElement>(html`<div></div>`);
    // Shown again where it lands, the <dialog> is closed first: its close event, a task later,
    // is the one that could cancel.
    const closed = oneEvent(part(el, 'dialog') as HTMLDialogElement, 'close');
    elsewhere.append(el);
    await el.updateComplete;
    expect((part(el, 'dialog') as HTMLDialogElement).matches(':modal')).to.equal(true);
    expect(focused(el)).to.equal('deny');
    await closed;
    await el.updateComplete;
    expect(el.open).to.equal(true); // no stray cancel
  });

  it('never shows ANSI codes or control characters in the title and message', async () => {
    const { el } = await open({
      title: '\u001b[38;2;255;0;0mDangerous\u001b[39m command',
      message: 'Really \u001b[1mdelete\u001b[22m it?\u0007',
    });
    expect(part(el, 'h2')?.textContent).to.equal('Dangerous command');
    expect(part(el, '.message')?.textContent).to.equal('Really delete it?');
    const node = await findNamed('alertdialog', 'Dangerous command');
    expect(node?.name).to.equal('Dangerous command');
    expect(node?.description).to.equal('Really delete it?');
  });

  it("colours the title and message as the agent sent them, made readable in the dialog's scheme", async () => {
    // pi's warning yellow, picked for a dark terminal: 1.1:1 on white.
    const { el } = await open({
      title: '\u001b[38;2;255;255;0mWarning\u001b[39m: deploy now?',
      message: 'Really \u001b[1mdelete\u001b[22m it?',
    });
    el.style.colorScheme = 'light';
    const dialog = part(el, 'dialog') as HTMLElement;
    const title = part(el, 'h2 span.ansi') as HTMLElement;
    expect(title.textContent).to.equal('Warning');
    const light = channels(getComputedStyle(title).color);
    expect(contrast(light, channels(getComputedStyle(dialog).backgroundColor))).to.be.at.least(4.5);
    const [r = 0, g = 0, b = 0] = light;
    expect(r === g && g > b, `still yellow: ${light.join()}`).to.equal(true);
    el.style.colorScheme = 'dark';
    expect(getComputedStyle(title).color).to.equal('rgb(255, 255, 0)');
    const bold = part(el, '.message span.ansi') as HTMLElement;
    expect(bold.textContent).to.equal('delete');
    expect(getComputedStyle(bold).fontWeight).to.equal('700');
    const node = await findNamed('alertdialog', 'Warning: deploy now?');
    expect(node?.name).to.equal('Warning: deploy now?');
    expect(node?.description).to.equal('Really delete it?');
  });

  it("in a VS Code webview, colours agent text for the editor theme's kind, not the OS scheme", async () => {
    await emulateMedia({ colorScheme: 'light' });
    document.body.dataset.vscodeThemeKind = 'vscode-dark';
    try {
      const { el } = await open({ title: '\u001b[38;2;255;255;0mWarning\u001b[39m: deploy now?' });
      // pi's warning yellow as sent, on the dark theme (the light OS scheme would darken it).
      expect(getComputedStyle(part(el, 'h2 span.ansi') as HTMLElement).color).to.equal('rgb(255, 255, 0)');
    } finally {
      delete document.body.dataset.vscodeThemeKind;
    }
  });

  it('cuts a huge coloured message at 100,000 characters, coloured up to the cut', async () => {
    const { el } = await open({ message: `\u001b[31m${'x'.repeat(1_000_000)}\u001b[39m` });
    const message = part(el, '.message') as HTMLElement;
    expect(message.querySelector('span.ansi')?.textContent?.length).to.be.within(99_990, 100_000);
    expect(message.textContent?.length).to.be.below(100_100);
    const ending = message.textContent?.endsWith('x… (900,010 more characters not shown)');
    expect(ending, 'the note after the cut').to.equal(true);
  });

  it('shows the first 100,000 characters of a huge message and says how many more there are', async () => {
    const { el } = await open({ message: 'x'.repeat(1_000_000) });
    const text = part(el, '.message')?.textContent ?? '';
    expect(text.length).to.be.below(100_100);
    expect(text).to.contain('900,000 more characters not shown');
  });

  it('has no axe violations, light and dark, left-to-right and right-to-left', async () => {
    const { el } = await open();
    await animationsDone(el);
    await expect(el).to.be.accessible();
    el.setAttribute('dir', 'rtl');
    el.style.colorScheme = 'dark';
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
