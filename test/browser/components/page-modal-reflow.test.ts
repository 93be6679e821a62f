/**
 * Reflow (WCAG 1.4.10) of the page-modal dialogs: each dialog type, shown by rpc-extension-ui
 * with more than fits (the `<dialog>` of `showModal()`, not `contained`), in a 640×400 viewport
 * stays inside it, loses nothing (the dialog clips, so it must not overflow), scrolls inside
 * itself, and every control Tab reaches in it is on the screen, uncovered, when focused.
 *
 * A file of its own: WebKitGTK's window is shared by every file of a run, and sizing it is the
 * slowest, least sure step there. Each dialog is shown first and the viewport changed around it
 * (a shadow tree made after a change of size may keep its earlier styles in WebKitGTK:
 * docs/testing.md), then the size the file found is given back.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcExtensionUI } from '../../../src/components/extension-ui/rpc-extension-ui.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { animationsDone } from '../../support/animations.js';
import { press } from '../../support/keys.js';
import { setViewport, viewportSize } from '../../support/viewport.js';

const WIDTH = 640;
const HEIGHT = 400;
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

const long = Array.from({ length: 60 }, (_, i) => `line ${i + 1} of what the agent asks about`).join('\n');
const many = Array.from({ length: 40 }, (_, i) => `option ${i + 1}`);
const longTitle = Array.from({ length: 12 }, (_, i) => `Title line ${i + 1}`).join('\n');

/** Each dialog type with more than fits in 400 px. */
const DIALOGS = [
  ['select', { title: 'Pick one of many', options: many }],
  ['confirm', { title: 'Proceed?', message: long }],
  ['input', { title: longTitle, placeholder: 'name' }],
  ['editor', { title: 'Edit the long text', prefill: long }],
] as const;

let serial = 0;

/** rpc-extension-ui on a memory transport, page-modal (as the README's page has it). */
async function mount() {
  const { transport, peer } = createMemoryTransport();
  const el = await fixture<RpcExtensionUI>(
    html`<rpc-extension-ui .transport=${transport}><textarea aria-label="Message"></textarea></rpc-extension-ui>`,
  );
  const shown = () =>
    el.shadowRoot
      ?.querySelector('[part="dialogs"]')
      ?.shadowRoot?.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(
        'rpc-confirm, rpc-select, rpc-input, rpc-editor',
      ) ?? null;
  const open = async (method: string, fields: Record<string, unknown>) => {
    peer.writeMessage({ type: 'extension_ui_request', id: `r${++serial}`, method, ...fields });
    for (let frames = 0; frames < 60 && !shown()?.shadowRoot?.querySelector('dialog[open]'); frames++)
      await frame();
    const dialog = shown();
    await dialog?.updateComplete;
    if (dialog) await animationsDone(dialog);
    const box = dialog?.shadowRoot?.querySelector('dialog');
    if (!box?.open) throw new Error(`No ${method} dialog showed.`);
    return box;
  };
  return { el, open };
}

/** The element focus is on, inside shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** What is wrong with `control`, focused, in a dialog whose box is `dialog`: '' when nothing. */
function placement(control: Element, dialog: DOMRect): string {
  const at = control.getBoundingClientRect();
  const where = `${Math.round(at.left)},${Math.round(at.top)} ${Math.round(at.width)}×${Math.round(at.height)}`;
  if (at.width === 0 || at.height === 0) return `not shown (${where})`;
  if (at.left < -0.5 || at.top < -0.5 || at.right > WIDTH + 0.5 || at.bottom > HEIGHT + 0.5)
    return `off the screen (${where})`;
  if (at.left < dialog.left - 0.5 || at.right > dialog.right + 0.5) return `wider than its dialog (${where})`;
  // What is drawn at its middle, once the scrollers around it have brought it into view: itself.
  const root = control.getRootNode() as ShadowRoot;
  const hit = root.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2);
  if (hit !== control && !control.contains(hit))
    return `covered by ${hit?.localName ?? 'nothing'} (${where})`;
  return '';
}

describe('page-modal dialogs in a 640×400 viewport', () => {
  let before = viewportSize();
  beforeEach(() => {
    before = viewportSize();
  });
  afterEach(async () => {
    await setViewport(before);
  });

  for (const [method, fields] of DIALOGS) {
    it(`${method}: fits, scrolls inside itself, and each control Tab reaches is on the screen`, async () => {
      const { open } = await mount();
      const dialog = await open(method, fields);
      await setViewport({ width: WIDTH, height: HEIGHT });
      expect(dialog.matches(':modal'), 'page-modal').to.equal(true);
      const box = dialog.getBoundingClientRect();
      const inside =
        box.left >= -0.5 && box.top >= -0.5 && box.right <= WIDTH + 0.5 && box.bottom <= HEIGHT + 0.5;
      const where = [box.left, box.top, box.right, box.bottom].map(Math.round).join(', ');
      expect(inside, `the dialog inside the viewport (${where})`).to.equal(true);
      // The dialog clips what overflows it: nothing may.
      expect(dialog.scrollHeight - dialog.clientHeight, 'the dialog overflows (clipped)').to.be.at.most(1);
      expect(dialog.scrollWidth - dialog.clientWidth, 'the dialog overflows sideways').to.be.at.most(1);
      expect(document.documentElement.scrollWidth, 'the page scrolls sideways').to.be.at.most(WIDTH);
      // More than fits: some part of it scrolls (the body, the list, the field or the title; a
      // text field scrolls its text whatever its computed overflow says, which Firefox's does not).
      const scrollers = [...dialog.querySelectorAll('*')].filter(
        (node) =>
          node.scrollHeight > node.clientHeight + 1 &&
          (node.localName === 'textarea' || /auto|scroll/.test(getComputedStyle(node).overflowY)),
      );
      expect(scrollers.length, 'a part that scrolls').to.be.at.least(1);
      // Every stop of Tab, once round (focus stays in a modal dialog), on the screen when focused.
      const problems: string[] = [];
      const seen: Element[] = [];
      for (let presses = 0; presses < 20; presses++) {
        const active = deepActive();
        if (!active || seen.includes(active)) break;
        seen.push(active);
        const problem = placement(active, dialog.getBoundingClientRect());
        const name = `${active.localName}${active.id ? `#${active.id}` : ''} ${active.textContent?.trim().slice(0, 20) ?? ''}`;
        if (problem) problems.push(`${name}: ${problem}`);
        await press('Tab');
        await frame();
      }
      expect(problems).to.deep.equal([]);
      const buttons = [...dialog.querySelectorAll('button')];
      expect(buttons.length, 'buttons').to.be.at.least(2);
      for (const button of buttons)
        expect(seen, `Tab reaches ${button.textContent?.trim()}`).to.include(button);
      await press('Escape');
    });
  }
});
