import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { RpcDialogs } from '../../../src/components/dialogs/rpc-dialogs.js';
import { strayInput } from '../../../src/components/dialog/stray-input.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { press, typeText } from '../../support/keys.js';

// Time is the stimulus here: the guard is about how long ago the user last pressed a key or the
// dialog showed. Every wait below is a number of guard windows (strayInput.guardMs), and each
// "held back" check acts well inside a window, so that a slow machine only makes the "let
// through" waits longer, never the checks wrong.
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A composer and the dialog queue, as a page embeds them. */
async function setup() {
  await delay(strayInput.guardMs); // the keys of the test before are long past
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div>
      <textarea aria-label="Message"></textarea>
      <rpc-dialogs .controller=${controller}></rpc-dialogs>
    </div>
  `);
  const composer = wrapper.querySelector('textarea') as HTMLTextAreaElement;
  const host = wrapper.querySelector('rpc-dialogs') as RpcDialogs;
  const current = () =>
    host.shadowRoot?.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>(
      'rpc-confirm, rpc-select',
    ) ?? null;
  const settle = async () => {
    await host.updateComplete;
    await current()?.updateComplete;
  };
  const select = (id: string) =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id,
      method: 'select',
      title: `Run rm -rf build (${id})?`,
      options: ['Yes', 'No'],
    });
  const confirm = (id: string) =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id,
      method: 'confirm',
      title: `Delete ${id}?`,
      message: 'For good.',
    });
  /** The user types `text` in the composer, and the agent asks (a select) as they do. */
  const typeThenAsk = async (text: string) => {
    composer.focus();
    await typeText(text);
    select('a');
    await settle();
  };
  const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
  const button = (action: string) =>
    current()?.shadowRoot?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`) ?? null;
  return { current, settle, select, confirm, typeThenAsk, sent, button };
}

/** Click the middle of `element` with the real mouse. */
async function click(element: Element | null) {
  const box = element?.getBoundingClientRect();
  if (!box) throw new Error('nothing to click');
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}

describe('stray input', () => {
  // On by default; the other component tests turn it off (web-test-runner.config.mjs). Twice the
  // default window here: an Enter pressed "at once" may come a few hundred ms late on a busy
  // machine, and must still come inside the window to be held back.
  beforeEach(() => {
    strayInput.guardMs = 1000;
  });

  it('an Enter typed for the composer as a prompt pops up does not answer it; Enter after a look does', async () => {
    const { typeThenAsk, settle, sent, current } = await setup();
    await typeThenAsk('ls');
    await press('Enter'); // meant for the composer: "Yes" is the active option
    await settle();
    expect(sent()).to.deep.equal([]);
    expect(current()?.hasAttribute('open')).to.equal(true);
    await press('ArrowDown'); // other keys work at once
    await delay(strayInput.guardMs);
    await press('Enter');
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', value: 'No' }]);
  });

  it('holds Enter back while the user goes on typing, until the keys pause', async () => {
    const { typeThenAsk, settle, sent } = await setup();
    await typeThenAsk('ls');
    // " -la", a key every 0.3 windows: each well inside the window the one before opened, and
    // 1.2 windows in all, past the first.
    for (const key of [' ', '-', 'l', 'a']) {
      await press(key);
      await delay(strayInput.guardMs * 0.3);
    }
    await press('Enter'); // the end of the line, meant for the composer
    await settle();
    expect(sent()).to.deep.equal([]);
    await delay(strayInput.guardMs);
    await press('Enter');
    expect(sent()).to.have.length(1);
  });

  it('a second Enter right after answering does not answer the next dialog in the queue', async () => {
    const { confirm, settle, sent } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    await delay(strayInput.guardMs); // the first dialog has been read
    await press('Enter');
    await settle();
    await press('Enter');
    await settle();
    expect(sent().map((m) => m.id)).to.deep.equal(['a']);
    await delay(strayInput.guardMs);
    await press('Enter');
    expect(sent().map((m) => m.id)).to.deep.equal(['a', 'b']);
  });

  it('a second click in the same place does not answer the next dialog; a later click does', async () => {
    const { confirm, settle, sent, button } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    await click(button('confirm'));
    await settle();
    await click(button('confirm'));
    await settle();
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', confirmed: true }]);
    await delay(strayInput.guardMs);
    await click(button('confirm'));
    expect(sent().at(-1)).to.deep.equal({ type: 'extension_ui_response', id: 'b', confirmed: true });
  });

  it('Escape still cancels at once: it never says yes', async () => {
    const { typeThenAsk, sent } = await setup();
    await typeThenAsk('x');
    await press('Escape');
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', cancelled: true }]);
  });

  it('holds nothing back when the user was not pressing keys as the dialog showed', async () => {
    const { select, settle, sent } = await setup();
    select('a');
    await settle();
    await press('Enter');
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', value: 'Yes' }]);
  });

  it('is off with strayInput.guardMs = 0', async () => {
    strayInput.guardMs = 0;
    const { typeThenAsk, sent } = await setup();
    await typeThenAsk('ls');
    await press('Enter');
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', value: 'Yes' }]);
  });
});
