/**
 * The elements speak the language the host chose: `lang` on the page, on an ancestor or on the
 * element (attribute or property), with the kit's German, Japanese and Arabic; counts take the
 * language's plural form; the agent's own text is never translated.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import type { RpcExtensionUI } from '../../../src/components/extension-ui/rpc-extension-ui.js';
import type { RpcSelect } from '../../../src/components/select/rpc-select.js';
import { format } from '../../../src/components/strings/format.js';
import { setLocaleStrings } from '../../../src/components/strings/locales.js';
import { ar } from '../../../src/components/strings/locales/ar.js';
import { de } from '../../../src/components/strings/locales/de.js';
import { ja } from '../../../src/components/strings/locales/ja.js';
import type { ConfirmRequest, SelectRequest } from '../../../src/protocol/types.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { openDialog, shadowPart } from '../../support/dialog.js';
import { typeText } from '../../support/keys.js';

const confirm: ConfirmRequest = {
  type: 'extension_ui_request',
  id: 'c1',
  method: 'confirm',
  title: 'Delete the build folder?',
  message: 'It holds 3 files.',
};

/**
 * Make a `lang` change and wait for it to reach `el`: the page's `lang` observer has been told
 * (this one, made after it, is told after it, in the same microtask), and `el` has rendered.
 */
async function relang(el: { updateComplete: Promise<unknown> }, change: () => void): Promise<void> {
  const seen = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'] });
  });
  change();
  await seen;
  await el.updateComplete;
}

const buttons = (el: Element) =>
  [...(el.shadowRoot?.querySelectorAll('[part~="actions"] button') ?? [])].map((b) => b.textContent?.trim());

describe('languages', () => {
  before(() => {
    setLocaleStrings('de', de);
    setLocaleStrings('ja', ja);
    setLocaleStrings('ar', ar);
  });

  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it("follows the page's lang, and its changes, and leaves the agent's text as it came", async () => {
    document.documentElement.lang = 'de';
    const { el } = await openDialog<RpcConfirm, ConfirmRequest>('rpc-confirm', confirm);
    expect(buttons(el)).to.deep.equal([de.deny, de.confirm]);
    expect(shadowPart(el, '#title')?.textContent).to.equal(confirm.title);
    expect(shadowPart(el, '#message')?.textContent).to.equal(confirm.message);
    await relang(el, () => (document.documentElement.lang = 'ja-JP'));
    expect(buttons(el)).to.deep.equal([ja.deny, ja.confirm]);
    await relang(el, () => (document.documentElement.lang = 'fr'));
    expect(buttons(el)).to.deep.equal(['No', 'Yes']);
  });

  it("an element's own lang, attribute or property, wins over the page's", async () => {
    document.documentElement.lang = 'de';
    const { el } = await openDialog<RpcConfirm, ConfirmRequest>('rpc-confirm', confirm, (dialog) =>
      dialog.setAttribute('lang', 'ja'),
    );
    expect(buttons(el)).to.deep.equal([ja.deny, ja.confirm]);
    await relang(el, () => (el.lang = 'ar'));
    expect(buttons(el)).to.deep.equal([ar.deny, ar.confirm]);
    await relang(el, () => el.removeAttribute('lang'));
    expect(buttons(el)).to.deep.equal([de.deny, de.confirm]);
  });

  it('counts take the plural form of the language: Arabic has six', async () => {
    const options = ['Apple', 'Apricot', 'Avocado', 'Cherry', 'Kiwi'];
    const select: SelectRequest = {
      type: 'extension_ui_request',
      id: 's1',
      method: 'select',
      title: 'Fruit',
      options,
    };
    const { el } = await openDialog<RpcSelect, SelectRequest>('rpc-select', select, (dialog) => {
      dialog.lang = 'ar';
      dialog.filter = 'always';
    });
    const said = () => shadowPart(el, '#match-count')?.textContent;
    await typeText('A');
    await el.updateComplete;
    expect(said()).to.equal(format(ar.matchCount, { count: 3 }, 'ar'));
    await typeText('p');
    await el.updateComplete;
    expect(said()).to.equal(format(ar.matchCount, { count: 2 }, 'ar'));
    await typeText('p');
    await el.updateComplete;
    expect(said()).to.equal(format(ar.matchCount, { count: 1 }, 'ar'));
    const forms = new Set(
      [3, 2, 1].map((count) => format(ar.matchCount, { count }, 'ar').replace(/[\d٠-٩]/g, '')),
    );
    expect(forms.size, 'three counts, three forms').to.equal(3);
  });

  it('the one-tag host passes its lang to everything it renders', async () => {
    const memory = createMemoryTransport();
    const el = await fixture<RpcExtensionUI>(
      html`<rpc-extension-ui lang="de" .transport=${memory.transport}></rpc-extension-ui>`,
    );
    memory.peer.writeMessage({
      type: 'extension_ui_request',
      id: 'n1',
      method: 'setStatus',
      statusKey: 'k',
      statusText: 'Building',
    });
    memory.peer.writeMessage(confirm);
    const dialogs = el.shadowRoot?.querySelector('rpc-dialogs');
    const bar = el.shadowRoot?.querySelector('rpc-status-bar');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await el.updateComplete;
    const confirmEl = dialogs?.shadowRoot?.querySelector('rpc-confirm') as RpcConfirm;
    await confirmEl.updateComplete;
    expect(buttons(confirmEl)).to.deep.equal([de.deny, de.confirm]);
    expect(bar?.shadowRoot?.querySelector('[role="region"]')?.getAttribute('aria-label')).to.equal(
      de.statusBarLabel,
    );
    await relang(confirmEl, () => (el.lang = 'ja'));
    expect(buttons(confirmEl)).to.deep.equal([ja.deny, ja.confirm]);
  });

  it("a dialog that timed out is said in the host's language, its title as the agent wrote it", async () => {
    const memory = createMemoryTransport();
    const el = await fixture<RpcExtensionUI>(
      html`<rpc-extension-ui lang="de" .transport=${memory.transport}></rpc-extension-ui>`,
    );
    memory.peer.writeMessage({ ...confirm, id: 'c2', timeout: 200 });
    const notice = () =>
      el.shadowRoot?.querySelector('rpc-dialogs')?.shadowRoot?.querySelector('[part="notice"]')?.textContent;
    await waitUntil(() => notice(), 'the expired notice shows', { timeout: 5000 });
    expect(notice()).to.equal(format(de.expired, { title: `\u2068${confirm.title}\u2069` }));
  });

  it('strings given for a language after the elements rendered show at once', async () => {
    const { el } = await openDialog<RpcConfirm, ConfirmRequest>('rpc-confirm', confirm, (dialog) =>
      dialog.setAttribute('lang', 'x-pirate'),
    );
    expect(buttons(el)).to.deep.equal(['No', 'Yes']);
    setLocaleStrings('x-pirate', { confirm: 'Aye', deny: 'Nay' });
    await el.updateComplete;
    expect(buttons(el)).to.deep.equal(['Nay', 'Aye']);
  });
});
