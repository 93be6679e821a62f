import { expect, fixture, html } from '@open-wc/testing';

import '../../../src/components/define.js';
import type { RpcInput } from '../../../src/components/input/rpc-input.js';
import type { InputRequest } from '../../../src/protocol/types.js';
import { actionTops, openDialog, shadowPart } from '../../support/dialog.js';
import { animationsDone } from '../../support/animations.js';
import { imageSettled } from '../../support/waits.js';
import { findNamed, startAccessibility } from '../../support/a11y.js';
import { FakeClock } from '../../support/fake-clock.js';
import { combo, keyDown, keyUp, press, typeText } from '../../support/keys.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

const request = (extra: Partial<InputRequest> = {}): InputRequest => ({
  type: 'extension_ui_request',
  id: 'i1',
  method: 'input',
  title: 'Branch name',
  placeholder: 'feature/…',
  ...extra,
});

function open(extra: Partial<InputRequest> = {}) {
  return openDialog<RpcInput, InputRequest>('rpc-input', request(extra));
}

const part = (el: RpcInput, selector: string) => shadowPart(el, selector);
const field = (el: RpcInput) => part(el, 'input') as HTMLInputElement;
const dialogOpen = (el: RpcInput) => (part(el, 'dialog') as HTMLDialogElement | null)?.open ?? false;
const settle = animationsDone;

describe('rpc-input', () => {
  it('focuses a text field named by the title, with the placeholder shown and the hint as description', async () => {
    const { el } = await open();
    expect(el.shadowRoot?.activeElement).to.equal(field(el));
    expect(field(el).placeholder).to.equal('feature/…');
    const node = await findNamed('textbox', 'Branch name');
    expect(node?.name).to.equal('Branch name');
    expect(node?.focused).to.equal(true);
    expect(node?.description).to.equal('Enter to submit, Escape to cancel');
    expect(part(el, '#hint')?.textContent).to.equal('Enter to submit, Escape to cancel');
  });

  it('types with real keys and sends the text exactly on Enter (unicode, spaces at both ends)', async () => {
    const { el, responses } = await open();
    const typed = '  héllo wörld ✓ 日本 🚀  ';
    await typeText(typed);
    expect(field(el).value).to.equal(typed);
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: typed }]);
    expect(dialogOpen(el)).to.equal(false);
    expect(el.value).to.equal(typed);
  });

  it('Enter on an empty field answers the empty string', async () => {
    const { responses } = await open();
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: '' }]);
  });

  it('Enter during an IME composition does not submit', async () => {
    const { el, responses } = await open();
    await typeText('にほん');
    // sendKeys cannot compose with an IME: the Enter that would commit the composition is synthetic.
    field(el).dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, composed: true }),
    );
    await el.updateComplete;
    expect(responses).to.deep.equal([]);
    expect(dialogOpen(el)).to.equal(true);
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: 'にほん' }]);
  });

  it('only a plain Enter submits: Shift+Enter and Alt+Enter do not', async () => {
    const { el, responses } = await open();
    await typeText('kept');
    for (const modifier of ['Shift', 'Alt']) {
      await keyDown(modifier);
      await press('Enter');
      await keyUp(modifier);
    }
    await el.updateComplete;
    expect(responses).to.deep.equal([]);
    expect(dialogOpen(el)).to.equal(true);
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: 'kept' }]);
  });

  it('Escape cancels; Escape again sends nothing more', async () => {
    const { responses } = await open();
    await typeText('draft');
    await press('Escape');
    await press('Escape');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', cancelled: true }]);
  });

  it('the buttons submit and cancel', async () => {
    const first = await open();
    await typeText('main');
    part(first.el, '[data-action="submit"]')?.click();
    expect(first.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: 'main' }]);
    const second = await open();
    part(second.el, '[data-action="cancel"]')?.click();
    expect(second.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', cancelled: true }]);
  });

  it('Ctrl+Enter submits too', async () => {
    const { responses } = await open();
    await typeText('x');
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: 'x' }]);
  });

  it('double Enter, and Enter then a click, send one message', async () => {
    const { el, responses } = await open();
    await typeText('once');
    await press('Enter');
    await press('Enter');
    part(el, '[data-action="submit"]')?.click();
    expect(el.answer({ value: 'again' })).to.equal(false);
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: 'once' }]);
  });

  it('a double click on OK sends one message', async () => {
    const { el, responses } = await open();
    const ok = part(el, '[data-action="submit"]');
    ok?.click();
    ok?.click();
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'i1', value: '' }]);
  });

  it('a new request starts with an empty field', async () => {
    const { el } = await open();
    await typeText('left over');
    el.request = request({ id: 'i2', placeholder: 'other' });
    await el.updateComplete;
    expect(field(el).value).to.equal('');
    expect(field(el).placeholder).to.equal('other');
    expect(el.shadowRoot?.activeElement).to.equal(field(el));
  });

  it('gives focus back to what had it before', async () => {
    const { trigger } = await open();
    await press('Enter');
    expect(document.activeElement).to.equal(trigger);
  });

  it('counts down when the request has a timeout', async () => {
    const clock = new FakeClock(0);
    const wrapper = await fixture<HTMLDivElement>(html`<div><rpc-input .clock=${clock}></rpc-input></div>`);
    const el = wrapper.querySelector('rpc-input') as RpcInput;
    el.request = request({ timeout: 5_000 });
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('5 s left');
    await typeText('kept');
    clock.advance(1_000);
    await el.updateComplete;
    expect(part(el, '#countdown')?.textContent).to.equal('4 s left');
    expect(field(el).value).to.equal('kept');
    clock.advance(4_000);
    await el.updateComplete;
    expect(dialogOpen(el)).to.equal(false);
  });

  it('takes part in a form: the submitted text is its value; reset clears it', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rpc-input name="branch"></rpc-input></form>`);
    const el = form.querySelector('rpc-input') as RpcInput;
    expect(el.form).to.equal(form);
    expect(new FormData(form).get('branch')).to.equal(null);
    el.request = request();
    await el.updateComplete;
    await typeText(' spaced ');
    await press('Enter');
    expect(el.value).to.equal(' spaced ');
    expect(new FormData(form).get('branch')).to.equal(' spaced ');
    form.reset();
    expect(el.value).to.equal('');
    expect(new FormData(form).get('branch')).to.equal(null);
  });

  it('an empty answer is an empty form value, not a missing one', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rpc-input name="note"></rpc-input></form>`);
    const el = form.querySelector('rpc-input') as RpcInput;
    el.request = request();
    await el.updateComplete;
    await press('Enter');
    expect(new FormData(form).get('note')).to.equal('');
  });

  it('renders untrusted title and placeholder as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const { el } = await open({ title: evil, placeholder: evil });
    await imageSettled(); // an injected <img src=x onerror> would have failed, and run, by now
    expect(el.shadowRoot?.querySelector('img, script')).to.equal(null);
    expect(part(el, 'h2')?.textContent).to.equal(evil);
    expect(field(el).placeholder).to.equal(evil);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('keeps Cancel and OK on one line in a narrow box; the hint wraps beside them', async () => {
    for (const width of [200, 220, 244, 260, 300, 320, 356, 380, 408, 440, 600]) {
      const [cancel, ok] = await actionTops('rpc-input', request(), width, 400);
      expect(cancel, `${width}px`).to.equal(ok);
    }
  });

  it('has no axe violations, light and dark, left-to-right and right-to-left', async () => {
    const { el } = await open();
    await settle(el);
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
    el.setAttribute('dir', 'rtl');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
