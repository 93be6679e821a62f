import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import type { RpcResponseEvent } from '../../../src/components/events/response-event.js';
import type { ConfirmRequest } from '../../../src/protocol/types.js';
import { openDialog, shadowPart } from '../../support/dialog.js';
import { findNode } from '../../support/a11y.js';
import { animationsDone } from '../../support/animations.js';
import { FakeClock } from '../../support/fake-clock.js';
import { combo } from '../../support/keys.js';

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
    const node = await findNode((n) => n.role === 'alertdialog');
    expect(node?.name).to.equal('Delete build output?');
    expect(node?.description).to.equal('This removes dist/. It cannot be undone.');
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
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
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
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', cancelled: true }]);
  });

  it('Ctrl+Enter confirms from anywhere in the dialog', async () => {
    const { responses } = await open();
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'c1', confirmed: true }]);
  });

  it('Tab and Shift+Tab wrap inside the dialog', async () => {
    const { el } = await open();
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal('confirm');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal('deny');
    await combo(['Shift'], 'Tab');
    expect(focused(el)).to.equal('confirm');
  });

  it('gives focus back to what had it before', async () => {
    const { trigger } = await open();
    await sendKeys({ press: 'Escape' });
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
    await aTimeout(20);
    expect(el.shadowRoot?.querySelector('img, script')).to.equal(null);
    expect(part(el, 'h2')?.textContent).to.equal(evil);
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
    clock.advance(999);
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('9 s left');
    clock.advance(8_999);
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('1 s left');
    const expired = oneEvent(el, 'rpc-expire');
    clock.advance(1);
    expect((await expired).detail.message).to.equal(
      '“Delete build output?” timed out: the agent went on with its default.',
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
