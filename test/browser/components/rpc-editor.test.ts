import { expect, fixture, html } from '@open-wc/testing';

import '../../../src/components/define.js';
import type { RpcEditor } from '../../../src/components/editor/rpc-editor.js';
import type { EditorRequest } from '../../../src/protocol/types.js';
import { actionTops, openDialog, shadowPart } from '../../support/dialog.js';
import { animationsDone } from '../../support/animations.js';
import { imageSettled } from '../../support/waits.js';
import { findNamed, startAccessibility } from '../../support/a11y.js';
import { FakeClock } from '../../support/fake-clock.js';
import { combo, press, typeText } from '../../support/keys.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

const prefill = 'def main():\n\treturn 1\u2028# after a line separator\n';

const request = (extra: Partial<EditorRequest> = {}): EditorRequest => ({
  type: 'extension_ui_request',
  id: 'e1',
  method: 'editor',
  title: 'Edit the commit message',
  prefill,
  ...extra,
});

function open(extra: Partial<EditorRequest> = {}) {
  return openDialog<RpcEditor, EditorRequest>('rpc-editor', request(extra));
}

const part = (el: RpcEditor, selector: string) => shadowPart(el, selector);
const textarea = (el: RpcEditor) => part(el, 'textarea') as HTMLTextAreaElement;
const dialogOpen = (el: RpcEditor) => (part(el, 'dialog') as HTMLDialogElement | null)?.open ?? false;
const focused = (el: RpcEditor) => el.shadowRoot?.activeElement;
const settle = animationsDone;

describe('rpc-editor', () => {
  it('focuses a textarea named by the title, described by the hint', async () => {
    const { el } = await open();
    expect(focused(el)).to.equal(textarea(el));
    const node = await findNamed('textbox', 'Edit the commit message');
    expect(node?.name).to.equal('Edit the commit message');
    expect(node?.focused).to.equal(true);
    expect(node?.description).to.equal('Ctrl+Enter to submit, Escape to cancel');
    expect(part(el, '#hint')?.textContent).to.equal('Ctrl+Enter to submit, Escape to cancel');
  });

  it('holds the prefill exactly: tab, U+2028, trailing newline', async () => {
    const { el } = await open();
    expect(textarea(el).value).to.equal(prefill);
  });

  it('sends an untouched prefill back exactly', async () => {
    const { responses } = await open();
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: prefill }]);
  });

  it('an empty or missing prefill is an empty textarea', async () => {
    const empty = await open({ prefill: '' });
    expect(textarea(empty.el).value).to.equal('');
    const missing = await open({ prefill: undefined });
    expect(textarea(missing.el).value).to.equal('');
    await combo(['Control'], 'Enter');
    expect(missing.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: '' }]);
  });

  it('puts the caret at the end, scrolled into view', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join('\n');
    const { el } = await open({ prefill: long });
    const area = textarea(el);
    expect(area.selectionStart).to.equal(long.length);
    expect(area.selectionEnd).to.equal(long.length);
    expect(area.scrollTop).to.be.greaterThan(0);
    expect(area.scrollTop + area.clientHeight).to.be.closeTo(area.scrollHeight, 1);
  });

  it('Enter inserts a newline and sends nothing; Ctrl+Enter sends the edited text exactly', async () => {
    const { el, responses } = await open();
    await typeText('  ünïcode ✓ ');
    await press('Enter');
    await typeText('last');
    expect(responses).to.deep.equal([]);
    expect(dialogOpen(el)).to.equal(true);
    const edited = `${prefill}  ünïcode ✓ \nlast`;
    expect(textarea(el).value).to.equal(edited);
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: edited }]);
    expect(el.value).to.equal(edited);
  });

  it('Tab leaves the textarea for the next button; no tab character is inserted', async () => {
    const { el } = await open();
    await press('Tab');
    expect(focused(el)?.getAttribute('data-action')).to.equal('cancel');
    expect(textarea(el).value).to.equal(prefill);
    await press('Tab');
    expect(focused(el)?.getAttribute('data-action')).to.equal('submit');
    await press('Tab');
    expect(focused(el)).to.equal(textarea(el));
  });

  it('Escape cancels; Escape again sends nothing more', async () => {
    const { responses } = await open();
    await press('Escape');
    await press('Escape');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', cancelled: true }]);
  });

  it('the buttons submit and cancel, once', async () => {
    const first = await open();
    const ok = part(first.el, '[data-action="submit"]');
    ok?.click();
    ok?.click();
    expect(first.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: prefill }]);
    const second = await open();
    part(second.el, '[data-action="cancel"]')?.click();
    expect(second.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', cancelled: true }]);
  });

  it('Ctrl+Enter then a click send one message', async () => {
    const { el, responses } = await open();
    await combo(['Control'], 'Enter');
    part(el, '[data-action="submit"]')?.click();
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: prefill }]);
  });

  it('never counts down, even when the request carries a timeout', async () => {
    const clock = new FakeClock(0);
    const wrapper = await fixture<HTMLDivElement>(html`<div><rpc-editor .clock=${clock}></rpc-editor></div>`);
    const el = wrapper.querySelector('rpc-editor') as RpcEditor;
    el.request = { ...request(), timeout: 1_000 } as EditorRequest;
    await el.updateComplete;
    expect(part(el, '#countdown')).to.equal(null);
    expect(part(el, '[part="countdown"]')).to.equal(null);
    clock.advance(60_000);
    await el.updateComplete;
    expect(dialogOpen(el)).to.equal(true);
    expect(part(el, '#countdown')).to.equal(null);
  });

  it('keeps the edits across re-renders; a new request brings its own prefill', async () => {
    const { el } = await open();
    await typeText('more');
    el.strings = { submit: 'Save' };
    await el.updateComplete;
    expect(textarea(el).value).to.equal(`${prefill}more`);
    el.request = request({ id: 'e2', prefill: 'fresh' });
    await el.updateComplete;
    expect(textarea(el).value).to.equal('fresh');
    expect(textarea(el).selectionStart).to.equal(5);
  });

  it('gives focus back to what had it before', async () => {
    const { trigger } = await open();
    await combo(['Control'], 'Enter');
    expect(document.activeElement).to.equal(trigger);
  });

  it('takes part in a form: the submitted text is its value; reset clears it', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rpc-editor name="message"></rpc-editor></form>`);
    const el = form.querySelector('rpc-editor') as RpcEditor;
    expect(el.form).to.equal(form);
    el.request = request();
    await el.updateComplete;
    await combo(['Control'], 'Enter');
    expect(new FormData(form).get('message')).to.equal(prefill);
    form.reset();
    expect(el.value).to.equal('');
    expect(new FormData(form).get('message')).to.equal(null);
  });

  it('renders untrusted title and prefill as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const { el } = await open({ title: evil, prefill: evil });
    await imageSettled(); // an injected <img src=x onerror> would have failed, and run, by now
    expect(el.shadowRoot?.querySelector('img, script')).to.equal(null);
    expect(part(el, 'h2')?.textContent).to.equal(evil);
    expect(textarea(el).value).to.equal(evil);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('uses the monospace font, 12 rows, resizable vertically', async () => {
    const { el } = await open();
    const style = getComputedStyle(textarea(el));
    expect(textarea(el).rows).to.equal(12);
    expect(style.resize).to.equal('vertical');
    expect(style.fontFamily).to.contain('monospace');
  });

  it('in a dialog too short for 12 rows, the field shrinks to fit (no scrolling around it)', async () => {
    const { el } = await openDialog<RpcEditor, EditorRequest>('rpc-editor', request(), (editor) => {
      editor.contained = true;
      editor.parentElement?.setAttribute('style', 'position: relative; block-size: 320px');
    });
    const body = part(el, '.body') as HTMLElement;
    const field = part(el, 'textarea') as HTMLTextAreaElement;
    expect(field.rows).to.equal(12);
    expect(body.scrollHeight, 'body scrolls').to.be.at.most(body.clientHeight + 1);
    expect(field.getBoundingClientRect().bottom).to.be.at.most(body.getBoundingClientRect().bottom + 0.5);
    expect(field.clientHeight, 'four lines at least').to.be.at.least(4 * 1.4 * 13 - 1);
  });

  it('keeps Cancel and OK on one line in a narrow box; the hint wraps beside them', async () => {
    for (const width of [208, 236, 264, 300, 364, 420, 600]) {
      const [cancel, ok] = await actionTops('rpc-editor', request(), width, 500);
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

describe('rpc-editor as a prompt (oh-my-pi promptStyle)', () => {
  const prompt = (extra: Partial<EditorRequest> = {}) =>
    open({ title: 'details: prompt-style editor', prefill: 'prefill', promptStyle: true, ...extra });

  it('reads like a prompt: "Send", its hint, a few lines in the interface font, a narrower box', async () => {
    const { el } = await prompt();
    const area = textarea(el);
    expect(part(el, '[data-action="submit"]')?.textContent).to.equal('Send');
    expect(part(el, '#hint')?.textContent).to.equal('Ctrl+Enter to send, Escape to cancel');
    const node = await findNamed('textbox', 'details: prompt-style editor');
    expect(node?.name).to.equal('details: prompt-style editor');
    expect(node?.description).to.equal('Ctrl+Enter to send, Escape to cancel');
    const plain = await open();
    expect(area.getBoundingClientRect().height).to.be.lessThan(
      textarea(plain.el).getBoundingClientRect().height / 2,
    );
    expect(getComputedStyle(area).fontFamily).not.to.contain('monospace');
    const width = (editor: RpcEditor) =>
      (part(editor, 'dialog') as HTMLElement).getBoundingClientRect().width;
    expect(width(el)).to.be.lessThan(width(plain.el));
    expect(area.value).to.equal('prefill');
  });

  // Without `field-sizing` (Firefox 140, WebKitGTK 2.50) the platform's own fallback holds: the
  // field keeps its rows, and what does not fit scrolls.
  const growing = CSS.supports('field-sizing', 'content');
  it(`${growing ? 'grows with the text, up to a limit' : 'keeps its rows (no field-sizing here)'}, then scrolls`, async () => {
    const { el } = await prompt({ prefill: '' });
    const area = textarea(el);
    const empty = area.getBoundingClientRect().height;
    for (let line = 0; line < 8; line++) await press('Enter');
    await typeText('last line');
    const grown = area.getBoundingClientRect().height;
    if (growing) expect(grown).to.be.greaterThan(empty * 1.5);
    else {
      expect(grown).to.be.closeTo(empty, 0.5);
      expect(area.scrollHeight).to.be.greaterThan(area.clientHeight);
    }
    el.request = { ...request({ id: 'e2' }), promptStyle: true, prefill: 'x\n'.repeat(100) };
    await el.updateComplete;
    expect(textarea(el).scrollHeight).to.be.greaterThan(textarea(el).clientHeight);
  });

  it('keeps the keys: Enter is a newline, Ctrl+Enter sends, Escape cancels', async () => {
    const { el, responses } = await prompt();
    await typeText(' edited');
    await press('Enter');
    expect(responses).to.deep.equal([]);
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', value: 'prefill edited\n' }]);
    const second = await prompt();
    await press('Escape');
    expect(second.responses).to.deep.equal([{ type: 'extension_ui_response', id: 'e1', cancelled: true }]);
    expect(dialogOpen(el)).to.equal(false);
  });

  it('has no axe violations, light and dark', async () => {
    const { el } = await prompt();
    await settle(el);
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
  });
});
