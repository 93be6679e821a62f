import { expect } from '@open-wc/testing';

import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import type { RpcEditor } from '../../../src/components/editor/rpc-editor.js';
import type { RpcInput } from '../../../src/components/input/rpc-input.js';
import type { RpcSelect } from '../../../src/components/select/rpc-select.js';
import type {
  ConfirmRequest,
  DialogRequest,
  EditorRequest,
  InputRequest,
  SelectRequest,
} from '../../../src/protocol/types.js';
import { type DialogUnderTest, openDialog, shadowPart } from '../../support/dialog.js';
import { animationsDone } from '../../support/animations.js';
import { findNamed, findNode, startAccessibility } from '../../support/a11y.js';
import { combo, press, typeText } from '../../support/keys.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

// oh-my-pi without protocol v2 cuts a string that does not fit its 1 MiB frame and marks the cut.
const mark = (count: number) => `…[${count} chars elided for RPC frame]`;
const cut = (text: string, count: number) => `${text}\n${mark(count)}`;
const base = { type: 'extension_ui_request', id: 'x1' } as const;

const part = (el: Element, selector: string) => shadowPart(el, selector) as HTMLElement;
const note = (el: Element) => part(el, '[part="cut-note"]');
const shadowText = (el: Element) => el.shadowRoot?.querySelector('dialog')?.textContent ?? '';

describe('text the agent cut to fit its frame (oh-my-pi, no protocol v2)', () => {
  it('a cut title: shown and named without the mark; a line says so and describes the dialog', async () => {
    const title = 'Allow this command?\ncat > big.txt <<EOF';
    const { el } = await openDialog<RpcInput, InputRequest>('rpc-input', {
      ...base,
      method: 'input',
      title: cut(title, 734_003),
    });
    expect(part(el, 'h2').textContent).to.equal(title);
    expect(shadowText(el)).not.to.contain('elided for RPC frame');
    expect(note(el).textContent).to.equal('The agent cut this title short: 734,003 characters left out.');
    expect(note(el).getBoundingClientRect().height).to.be.greaterThan(0);
    const dialog = await findNamed('dialog', 'Allow this command? cat > big.txt <<EOF');
    expect(dialog?.name).to.equal('Allow this command? cat > big.txt <<EOF');
    expect(dialog?.description).to.contain('The agent cut this title short: 734,003 characters left out.');
  });

  it('a cut confirm message: the message without the mark, the line after it, both describing the dialog', async () => {
    const { el } = await openDialog<RpcConfirm, ConfirmRequest>('rpc-confirm', {
      ...base,
      method: 'confirm',
      title: 'Apply the patch?',
      message: cut('diff --git a/x b/x', 12),
    });
    expect(part(el, '[part="message"]').textContent).to.equal('diff --git a/x b/x');
    expect(shadowText(el)).not.to.contain('elided');
    const dialog = await findNode((n) => n.role === 'alertdialog');
    expect(dialog?.description).to.equal(
      'diff --git a/x b/x The agent cut this message short: 12 characters left out.',
    );
  });

  it('a cut placeholder: shown without the mark; a line under the field describes it', async () => {
    const { el } = await openDialog<RpcInput, InputRequest>('rpc-input', {
      ...base,
      method: 'input',
      title: 'Name?',
      placeholder: cut('e.g. a very long example', 3),
    });
    expect((part(el, 'input') as HTMLInputElement).placeholder).to.equal('e.g. a very long example');
    const field = await findNode((n) => n.role === 'textbox');
    expect(field?.description).to.equal(
      'Enter to submit, Escape to cancel The agent cut the placeholder short: 3 characters left out.',
    );
  });

  it('a cut list: the last item (the mark) is no option; a line says how many were left out', async () => {
    const options = ['one', 'two', 'three', '…[4997 items elided for RPC frame]'];
    const { el, responses } = await openDialog<RpcSelect, SelectRequest>('rpc-select', {
      ...base,
      method: 'select',
      title: 'Pick',
      options,
    });
    const rendered = () => [...(el.shadowRoot?.querySelectorAll('[role="option"]') ?? [])];
    expect(rendered().map((o) => o.textContent)).to.deep.equal(['one', 'two', 'three']);
    expect(rendered()[0]?.getAttribute('aria-setsize')).to.equal('3');
    expect(note(el).textContent).to.equal('The agent cut this list short: 4,997 options left out.');
    expect((await findNode((n) => n.role === 'dialog'))?.description).to.contain('4,997 options left out');
    await press('End');
    await typeText('…'); // type-ahead does not find the mark either
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'x1', value: 'three' }]);
  });

  it('a cut list with the filter: the mark never matches', async () => {
    const options = [...Array.from({ length: 20 }, (_, i) => `item ${i}`), '…[9 items elided for RPC frame]'];
    const { el } = await openDialog<RpcSelect, SelectRequest>('rpc-select', {
      ...base,
      method: 'select',
      title: 'Pick',
      options,
    });
    const filter = part(el, '#filter') as HTMLInputElement;
    filter.value = 'elided';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(el.shadowRoot?.querySelectorAll('[role="option"]').length).to.equal(0);
    expect(part(el, '[part="empty"]').textContent).to.equal('No matching options');
  });

  it('text that only mentions a cut is not cut', async () => {
    const { el } = await openDialog<RpcInput, InputRequest>('rpc-input', {
      ...base,
      method: 'input',
      title: `${mark(5)} is what oh-my-pi writes`,
    });
    expect(part(el, 'h2').textContent).to.equal(`${mark(5)} is what oh-my-pi writes`);
    expect(note(el)).to.equal(null);
  });

  it('has no axe violations with every note', async () => {
    const dialogs: [string, DialogRequest][] = [
      ['rpc-input', { ...base, method: 'input', title: cut('T', 1), placeholder: cut('P', 2) }],
      ['rpc-confirm', { ...base, method: 'confirm', title: cut('T', 1), message: cut('M', 2) }],
      [
        'rpc-select',
        { ...base, method: 'select', title: cut('T', 1), options: ['a', '…[2 items elided for RPC frame]'] },
      ],
      ['rpc-editor', { ...base, method: 'editor', title: cut('T', 1), prefill: cut('P', 2) }],
    ];
    for (const [tag, request] of dialogs) {
      const { el } = await openDialog<DialogUnderTest<DialogRequest>, DialogRequest>(tag, request);
      await animationsDone(el);
      await expect(el, tag).to.be.accessible();
      el.remove();
    }
  });
});

describe('rpc-editor: a prefill the agent cut', () => {
  const prefill = cut('line 1\nline 2', 250_000);
  const open = () =>
    openDialog<RpcEditor, EditorRequest>('rpc-editor', { ...base, method: 'editor', title: 'Edit', prefill });
  const textarea = (el: RpcEditor) => part(el, 'textarea') as HTMLTextAreaElement;
  const refusal = (el: RpcEditor) => part(el, '[part="refusal"]');

  it('holds the text as received, the mark as its last line, and says so above it', async () => {
    const { el } = await open();
    expect(textarea(el).value).to.equal(prefill);
    expect(note(el).textContent).to.equal(
      'The agent cut this text short: 250,000 characters left out. Its last line marks the cut and is not the agent’s text.',
    );
    const field = await findNode((n) => n.role === 'textbox');
    expect(field?.description).to.contain('250,000 characters left out');
    expect(refusal(el).textContent).to.equal('');
  });

  it('is not sent back untouched: Ctrl+Enter and Send say why, the dialog stays open', async () => {
    const { el, responses } = await open();
    await combo(['Control'], 'Enter');
    await el.updateComplete;
    expect(responses).to.deep.equal([]);
    expect((part(el, 'dialog') as HTMLDialogElement).open).to.equal(true);
    const reason =
      'Not sent: the text still holds the agent’s cut mark. Delete that line to send the text as yours, or cancel.';
    expect(refusal(el).textContent).to.equal(reason);
    expect(refusal(el).getAttribute('aria-live')).to.equal('assertive');
    expect(refusal(el).getBoundingClientRect().height).to.be.greaterThan(0);
    expect(textarea(el).getAttribute('aria-invalid')).to.equal('true');
    expect((await findNode((n) => n.role === 'textbox'))?.description).to.contain(reason);
    part(el, '[data-action="submit"]').click();
    await el.updateComplete;
    expect(responses).to.deep.equal([]);
    expect(el.shadowRoot?.activeElement).to.equal(textarea(el));
  });

  it('an edit that keeps the mark is still refused; once the user deletes the mark the text is theirs', async () => {
    const { el, responses } = await open();
    await typeText(' and more'); // after the mark, which is then no longer the end
    await combo(['Control'], 'Enter');
    await el.updateComplete;
    expect(responses).to.deep.equal([]);
    // Typing clears the reason; deleting the mark's line makes the text the user's.
    const area = textarea(el);
    area.setSelectionRange(area.value.indexOf('\n…['), area.value.length);
    await press('Backspace');
    await el.updateComplete;
    expect(refusal(el).textContent).to.equal('');
    expect(area.hasAttribute('aria-invalid')).to.equal(false);
    await combo(['Control'], 'Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'x1', value: 'line 1\nline 2' }]);
  });

  it('can be cancelled while refused', async () => {
    const { el, responses } = await open();
    await combo(['Control'], 'Enter');
    await el.updateComplete;
    await press('Escape');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'x1', cancelled: true }]);
  });

  it('a new request starts without the last one’s reason', async () => {
    const { el } = await open();
    await combo(['Control'], 'Enter');
    await el.updateComplete;
    el.request = { ...base, id: 'x2', method: 'editor', title: 'Edit', prefill: 'whole' };
    await el.updateComplete;
    expect(refusal(el).textContent).to.equal('');
    expect(note(el)).to.equal(null);
  });
});
