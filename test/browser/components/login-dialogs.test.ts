import { expect, fixture, html, waitUntil } from '@open-wc/testing';

import '../../../src/components/define.js';
import type { RpcDialogs } from '../../../src/components/dialogs/rpc-dialogs.js';
import type { RpcInput } from '../../../src/components/input/rpc-input.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { shadowPart } from '../../support/dialog.js';
import { animationsDone } from '../../support/animations.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { press, typeText } from '../../support/keys.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

// atomic's login questions, as its RPC mode writes them (test/fixtures/atomic-6031a92/).
const envelope = (id: string, method: string, provider: string) => ({
  type: 'extension_ui_request',
  id,
  method,
  provider,
  loginId: provider,
});

/** A queue bound to a controller on an in-memory transport, and the lines it sends the agent. */
async function host() {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(
    html`<div><button id="trigger">Trigger</button><rpc-dialogs .controller=${controller}></rpc-dialogs></div>`,
  );
  wrapper.querySelector<HTMLButtonElement>('#trigger')?.focus();
  const dialogs = wrapper.querySelector('rpc-dialogs') as RpcDialogs;
  /** The agent writes `line`, one that asks nothing (a login's page). */
  const tell = async (line: object) => {
    peer.writeMessage(line);
    await dialogs.updateComplete;
  };
  /** The agent asks `line`; the element `tag` that shows it, once it shows. */
  const ask = async <E extends HTMLElement>(line: object, tag: string) => {
    peer.writeMessage(line);
    type Shown = E & { updateComplete: Promise<boolean> };
    const shown = () => dialogs.shadowRoot?.querySelector<Shown>(`${tag}[open]`) ?? undefined;
    await waitUntil(shown, `the ${tag} shows`);
    const el = shown() as Shown;
    await el.updateComplete;
    return el;
  };
  const sent = () => peer.received.map((line) => JSON.parse(line) as unknown);
  /** Until the page has sent `count` lines to the agent. */
  const sending = (count: number) => waitUntil(() => peer.received.length >= count, `${count} lines sent`);
  return { ask, tell, sent, sending };
}

const part = (el: Element, selector: string) => shadowPart(el, selector) as HTMLElement;

describe("atomic's login questions", () => {
  // A page's first accessibility tree can take seconds in Firefox under a whole CI run: read it
  // once here, so that the first test measures the dialog, not the tree's start.
  before(() => findNode(() => true));

  it('oauth_manual_code: a worded title naming the provider, under a "Log in to" line', async () => {
    const { ask, sent, sending } = await host();
    const el = await ask<RpcInput>(envelope('m1', 'oauth_manual_code', 'anthropic'), 'rpc-input');
    const title = 'Paste the code from anthropic, or the address your browser was sent to';
    expect(part(el, 'h2').textContent).to.equal(title);
    expect(part(el, '[part="eyebrow"]').textContent).to.equal('Log in to anthropic');
    const dialog = await findNode((n) => n.role === 'dialog');
    expect(dialog?.name).to.equal(title);
    expect(dialog?.description).to.equal('Log in to anthropic');
    expect((await findNode((n) => n.role === 'textbox'))?.name).to.equal(title);
    await typeText('code#state');
    await press('Enter');
    await sending(1);
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'm1', value: 'code#state' }]);
  });

  it("oauth_manual_code links the login's page (where the code comes from); a non-web address is no link", async () => {
    const { ask, tell } = await host();
    // What atomic writes first: the page (oauth_auth), then the question, 0.3 ms later.
    const page = 'https://claude.ai/oauth/authorize?code=true&state=s';
    await tell({ ...envelope('a1', 'oauth_auth', 'anthropic'), info: { url: page } });
    const el = await ask<RpcInput>(envelope('m1', 'oauth_manual_code', 'anthropic'), 'rpc-input');
    const link = part(el, '[part="login-page"] a') as HTMLAnchorElement;
    expect(link.href).to.equal(page);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect((await findNode((n) => n.role === 'link'))?.name).to.equal(
      'Open the sign-in page at claude.ai (a new tab)',
    );
    // Reachable by Tab inside the modal dialog.
    link.focus();
    expect(el.shadowRoot?.activeElement).to.equal(link);
    const other = await host();
    await other.tell({ ...envelope('a2', 'oauth_auth', 'evil'), info: { url: 'javascript:alert(1)' } });
    const plain = await other.ask<RpcInput>(envelope('m2', 'oauth_manual_code', 'evil'), 'rpc-input');
    expect(plain.shadowRoot?.querySelector('[part="login-page"]')).to.equal(null);
  });

  it('Escape on a login question ends the login (cancel_login_provider) and answers nothing', async () => {
    const { ask, sent, sending } = await host();
    const el = await ask<RpcInput>(envelope('m1', 'oauth_manual_code', 'anthropic'), 'rpc-input');
    el.focus();
    await press('Escape'); // not held back as Enter is just after a dialog opens
    await sending(1);
    expect(sent()).to.deep.equal([
      { type: 'cancel_login_provider', provider: 'anthropic', loginId: 'anthropic' },
    ]);
  });

  it('oauth_manual_code: an empty code is not sent, and the field says what it needs', async () => {
    const { ask, sent, sending } = await host();
    const el = await ask<RpcInput>(envelope('m1', 'oauth_manual_code', 'anthropic'), 'rpc-input');
    await press('Enter');
    await typeText('  ');
    part(el, '[data-action="submit"]').click();
    await el.updateComplete;
    await waitUntil(() => part(el, '[part="refusal"]').textContent !== '', 'the refusal shows');
    expect(sent()).to.deep.equal([]);
    const reason = 'Not sent: paste the code from the sign-in page, or the address your browser was sent to.';
    expect(part(el, '[part="refusal"]').textContent).to.equal(reason);
    expect(part(el, '[part="refusal"]').getBoundingClientRect().height).to.be.greaterThan(0);
    expect((await findNode((n) => n.role === 'textbox'))?.description).to.contain(reason);
    await typeText('code#state');
    await el.updateComplete;
    expect(part(el, '[part="refusal"]').textContent).to.equal('');
    await press('Enter');
    await sending(1);
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'm1', value: '  code#state' }]);
  });

  it('oauth_prompt: a blank answer is sent, as atomic’s own terminal sends it (GitHub Copilot’s “blank for github.com”)', async () => {
    const { ask, sent, sending } = await host();
    const el = await ask<RpcInput>(
      {
        ...envelope('p1', 'oauth_prompt', 'github-copilot'),
        prompt: {
          message: 'GitHub Enterprise URL/domain (blank for github.com)',
          placeholder: 'company.ghe.com',
        },
      },
      'rpc-input',
    );
    expect(part(el, 'h2').textContent).to.equal('GitHub Enterprise URL/domain (blank for github.com)');
    await press('Enter');
    await sending(1);
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'p1', value: '' }]);
  });

  it('oauth_prompt with allowEmpty: the empty answer is sent; a plain input is unchanged', async () => {
    const { ask, sent, sending } = await host();
    await ask<RpcInput>(
      {
        ...envelope('p2', 'oauth_prompt', 'github-copilot'),
        prompt: { message: 'GitHub Enterprise URL/domain (blank for github.com)', allowEmpty: true },
      },
      'rpc-input',
    );
    await press('Enter');
    await sending(1);
    const plain = await ask<RpcInput>(
      { type: 'extension_ui_request', id: 'i1', method: 'input', title: 'Flags?' },
      'rpc-input',
    );
    expect(part(plain, '[part="eyebrow"]')).to.equal(null);
    await press('Enter');
    await sending(2);
    expect(sent()).to.deep.equal([
      { type: 'extension_ui_response', id: 'p2', value: '' },
      { type: 'extension_ui_response', id: 'i1', value: '' },
    ]);
  });

  it('oauth_select: a list of labels under "Log in to"; the agent gets the chosen option’s id', async () => {
    const { ask, sent, sending } = await host();
    const el = await ask<HTMLElement>(
      {
        ...envelope('s1', 'oauth_select', 'openai-codex'),
        prompt: {
          message: 'Select OpenAI Codex login method:',
          options: [
            { id: 'browser', label: 'Browser login (default)' },
            { id: 'device_code', label: 'Device code login (headless)' },
          ],
        },
      },
      'rpc-select',
    );
    expect(part(el, '[part="eyebrow"]').textContent).to.equal('Log in to openai-codex');
    const labels = [...(el.shadowRoot?.querySelectorAll('[role="option"]') ?? [])].map((o) => o.textContent);
    expect(labels).to.deep.equal(['Browser login (default)', 'Device code login (headless)']);
    await animationsDone(el);
    await expect(el).to.be.accessible();
    await press('ArrowDown');
    await press('Enter');
    await sending(1);
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 's1', value: 'device_code' }]);
  });

  it('has no axe violations: the eyebrow, the worded title and the reason', async () => {
    const { ask } = await host();
    const el = await ask<RpcInput>(envelope('m3', 'oauth_manual_code', 'anthropic'), 'rpc-input');
    await press('Enter');
    await el.updateComplete;
    expect(part(el, '[part="refusal"]').textContent).to.not.equal('');
    await animationsDone(el);
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
  });
});
