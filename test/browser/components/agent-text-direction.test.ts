import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcExtensionUI } from '../../../src/components/extension-ui/rpc-extension-ui.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';

// Agent text has a direction of its own, whatever the page's: pi's extensions mostly write
// English, and an Arabic or Hebrew app embeds the kit in `dir="rtl"`. Each paragraph of agent
// text takes its direction from its first strong character, so an English question keeps its
// "?" at its end in an RTL page, and a Hebrew one in an LTR page.

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

let serial = 0;
const request = (method: string, fields: Record<string, unknown>) => ({
  type: 'extension_ui_request',
  id: `d${++serial}`,
  method,
  ...fields,
});

/** The host in a page of direction `dir`, bound to a memory transport. */
async function mount(dir: 'ltr' | 'rtl') {
  const { transport, peer } = createMemoryTransport();
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${dir} style="inline-size: 40rem; block-size: 30rem; position: relative">
      <rpc-extension-ui contained .transport=${transport}></rpc-extension-ui>
    </div>
  `);
  const el = wrapper.querySelector('rpc-extension-ui') as RpcExtensionUI;
  const settle = async () => {
    await frame();
    await frame();
  };
  return { el, peer, settle };
}

/** `root` and every element below it, shadow roots included. */
function* deepElements(root: Element): Generator<Element> {
  yield root;
  for (const child of root.shadowRoot?.children ?? []) yield* deepElements(child);
  for (const child of root.children) yield* deepElements(child);
}

/** Whether `node` is in a box of a pixel or less (a live region's visually hidden copy). */
function hidden(node: Text): boolean {
  for (let box = node.parentElement; box; box = box.parentElement)
    if (box.getBoundingClientRect().width <= 1) return true;
  return false;
}

/** The painted text node holding exactly `text` below `root`. */
function textNode(root: Element, text: string): Text {
  for (const element of deepElements(root))
    for (const node of element.childNodes)
      if (node instanceof Text && node.data === text && !hidden(node)) return node;
  throw new Error(`No painted text node "${text}".`);
}

/** Where character `index` of `node` is painted, from the left edge of the viewport. */
function left(node: Text, index: number): number {
  const range = document.createRange();
  range.setStart(node, index);
  range.setEnd(node, index + 1);
  return range.getBoundingClientRect().left;
}

/** Whether `text` is painted left to right: its last character right of its first. */
function paintedLeftToRight(node: Text): boolean {
  return left(node, node.data.length - 1) > left(node, 0);
}

const english = 'Which branch?';
const hebrew = 'איזה ענף?';

const cases = [
  ['a dialog title', (text: string) => request('confirm', { title: text, message: 'Sure' })],
  ['a dialog message', (text: string) => request('confirm', { title: 'Sure', message: text })],
  ['a select option', (text: string) => request('select', { title: 'Pick', options: [text, 'b'] })],
  ['a notification', (text: string) => request('notify', { message: text })],
  ['a status', (text: string) => request('setStatus', { statusKey: 'k', statusText: text })],
  ['a widget line', (text: string) => request('setWidget', { widgetKey: 'k', widgetLines: [text] })],
] as const;

describe('agent text direction', () => {
  for (const [what, make] of cases) {
    it(`${what} in English reads left to right in an RTL page`, async () => {
      const { el, peer, settle } = await mount('rtl');
      peer.writeMessage(make(english));
      await settle();
      expect(paintedLeftToRight(textNode(el, english))).to.equal(true);
    });

    it(`${what} in Hebrew reads right to left in an LTR page`, async () => {
      const { el, peer, settle } = await mount('ltr');
      peer.writeMessage(make(hebrew));
      await settle();
      expect(paintedLeftToRight(textNode(el, hebrew))).to.equal(false);
    });
  }

  it("a notification's English prefix keeps its colon in an RTL page", async () => {
    const { el, peer, settle } = await mount('rtl');
    peer.writeMessage(request('notify', { message: 'Build failed', notifyType: 'warning' }));
    await settle();
    expect(paintedLeftToRight(textNode(el, 'Warning:'))).to.equal(true);
  });

  // Each line is a block of its own: WebKit (2.50) starts no bidi paragraph at a line break kept by
  // `white-space`, so in one text node a Hebrew line after an English one read left to right there.
  it('each line of a multi-line message takes its own direction', async () => {
    const { el, peer, settle } = await mount('ltr');
    peer.writeMessage(request('confirm', { title: 'Sure', message: `${english}\n${hebrew}` }));
    await settle();
    const first = textNode(el, `${english}\n`);
    const second = textNode(el, hebrew);
    expect(first.parentElement?.closest('[part="message"]')?.textContent).to.equal(`${english}\n${hebrew}`);
    expect(left(first, english.length - 1) > left(first, 0), 'English line').to.equal(true);
    expect(left(second, hebrew.length - 1) < left(second, 0), 'Hebrew line').to.equal(true);
  });

  // A field's glyphs cannot be measured from script: its text and placeholder are plaintext
  // paragraphs (checked by eye in Chromium: English and Arabic, placeholder and value), while the
  // field keeps the page's direction.
  for (const [method, tag] of [
    ['input', 'INPUT'],
    ['editor', 'TEXTAREA'],
  ] as const)
    it(`what is typed into the ${method} dialog takes its own direction`, async () => {
      const { el, peer, settle } = await mount('rtl');
      peer.writeMessage(request(method, { title: 'Name', placeholder: 'Branch name?' }));
      await settle();
      const field = [...deepElements(el)].find((e) => e.tagName === tag);
      if (!field) throw new Error(`No ${tag}.`);
      expect(getComputedStyle(field).unicodeBidi).to.equal('plaintext');
      if (method === 'input')
        expect(getComputedStyle(field, '::placeholder').unicodeBidi).to.equal('plaintext');
      expect(getComputedStyle(field).direction).to.equal('rtl');
    });
});
