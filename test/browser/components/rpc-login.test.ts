/**
 * <rpc-login> on a memory transport: the real transcripts of atomic's OAuth logins and of
 * oh-my-pi's `open_url` replayed into it, the buttons pressed where the transcripts' driver sent a
 * command (the agent's answers are given back under the ids this element sent), and device-code
 * and info lines written from atomic's source shapes (they need the network).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcLogin } from '../../../src/components/login/rpc-login.js';
import { setDefaultStrings } from '../../../src/components/strings/strings.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { imageSettled, nextFrame } from '../../support/waits.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { channels, contrast } from '../../support/contrast.js';
import { FakeClock } from '../../support/fake-clock.js';
import { press } from '../../support/keys.js';
import { holdClipboard } from '../../support/clipboard.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { engine, itWithForcedColors } from '../../support/engine.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

interface TranscriptRecord {
  readonly dir: 'from_agent' | 'to_agent';
  readonly raw: string;
}
type Line = Record<string, unknown>;

async function transcript(path: string): Promise<TranscriptRecord[]> {
  const text = await (await fetch(`/test/fixtures/${path}`)).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TranscriptRecord);
}

/** The request of a transcript line (its raw JSON). */
const from = (records: readonly TranscriptRecord[], method: string) => {
  const record = records.find((r) => r.dir === 'from_agent' && r.raw.includes(`"method":"${method}"`));
  if (!record) throw new Error(`no ${method} line`);
  return record.raw;
};

let serial = 0;
const request = (method: string, fields: Line = {}) => ({
  type: 'extension_ui_request',
  id: `t${++serial}`,
  method,
  ...fields,
});

async function mount(options: { providers?: string; clock?: FakeClock; style?: string; dir?: string } = {}) {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({
    transport,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${options.dir ?? 'ltr'} style="padding: 16px; ${options.style ?? ''}">
      <button id="before">before</button>
      <rpc-login .controller=${controller}></rpc-login>
      <button id="after">after</button>
    </div>
  `);
  const el = wrapper.querySelector('rpc-login') as RpcLogin;
  if (options.providers !== undefined) el.setAttribute('providers', options.providers);
  const settle = async () => {
    await new Promise(requestAnimationFrame);
    await el.updateComplete;
  };
  await settle();
  return { el, wrapper, peer, controller, settle, ...queries(el, peer) };
}

function queries(el: RpcLogin, peer: MemoryPeer) {
  const root = () => el.shadowRoot as ShadowRoot;
  const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
  const $$ = <T extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<T>(selector)];
  const card = (key: string) => $(`.card[data-key="${key}"]`);
  const inCard = <T extends Element = HTMLElement>(key: string, selector: string) =>
    card(key)?.querySelector<T>(selector) ?? null;
  // What the panel sent for the user; its own question about the agent's models is apart.
  const all = () => peer.received.map((line) => JSON.parse(line) as Line);
  const ownQuestion = (line: Line) => line.type === 'get_available_models' || line.type === 'get_state';
  const sent = () => all().filter((line) => !ownQuestion(line));
  const announced = () => $('[part="announcer"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return { root, $, $$, card, inCard, sent, announced };
}

/**
 * A card's role and the name its `aria-labelledby` gives it (Chromium's snapshot leaves out groups
 * that are not controls).
 */
function nameOf(card: HTMLElement | null): [string | null, string | undefined] {
  const id = card?.getAttribute('aria-labelledby') ?? '';
  const root = card?.getRootNode() as ShadowRoot | undefined;
  return [card?.getAttribute('role') ?? null, root?.getElementById(id)?.textContent?.trim()];
}

type Env = Awaited<ReturnType<typeof mount>>;

/**
 * An atomic transcript replayed step by step: the agent's lines as written (a `login_provider`
 * response under the id this element sent for it), the driver's `login_provider` (OAuth) and
 * `cancel_login_provider` as the element's own buttons, its dialog answers through the controller.
 * The API-key login (not this element's) and the other commands are left out.
 */
class AtomicReplay {
  /** The transcript's command ids → the ids this element sent. */
  readonly ids = new Map<string, string>();
  #at = 0;

  private constructor(
    readonly records: readonly TranscriptRecord[],
    readonly env: Env,
  ) {}

  static async load(name: string, env: Env): Promise<AtomicReplay> {
    return new AtomicReplay(await transcript(`atomic-6031a92/${name}`), env);
  }

  /** Play up to the record `before` matches (not played), or to the end. */
  async playUntil(before?: (raw: string) => boolean): Promise<void> {
    for (; this.#at < this.records.length; this.#at++) {
      const record = this.records[this.#at] as TranscriptRecord;
      if (before?.(record.raw)) return;
      await this.#play(record);
    }
  }

  /** Leave out the next record (the test plays its part itself). */
  skip(): void {
    this.#at++;
  }

  async #play(record: TranscriptRecord): Promise<void> {
    const { env } = this;
    const line = JSON.parse(record.raw) as Line;
    if (record.dir === 'from_agent') {
      const ours = typeof line.id === 'string' ? this.ids.get(line.id) : undefined;
      const raw =
        ours && line.command === 'login_provider' ? JSON.stringify({ ...line, id: ours }) : record.raw;
      env.peer.write(`${raw}\n`);
    } else if (line.type === 'login_provider' && line.authType === 'oauth') {
      const provider = String(line.provider);
      const select = env.$<HTMLSelectElement>('select');
      if (select) {
        select.value = provider;
        select.dispatchEvent(new Event('change'));
        await env.settle();
      }
      env.$<HTMLButtonElement>('[part="start-button"]')?.click();
      const last = env.sent().at(-1);
      expect(last).to.deep.include({
        type: 'login_provider',
        provider,
        authType: 'oauth',
        loginId: provider,
      });
      this.ids.set(String(line.id), String(last?.id));
    } else if (line.type === 'cancel_login_provider') {
      const cancel = env.inCard<HTMLButtonElement>(String(line.provider), '[part="cancel-button"]');
      expect(cancel, `a Cancel button for ${String(line.provider)}`).to.exist;
      cancel?.click();
    } else if (line.type === 'extension_ui_response') {
      const { id, type: _, ...answer } = line;
      // An oauth_select is answered with its option (the controller sends the option's id).
      const asked = env.controller.dialogs.find((d) => d.request.id === id)?.request;
      const index = asked?.login?.optionIds?.indexOf(String(answer.value)) ?? -1;
      if (asked?.method === 'select' && index >= 0) answer.value = asked.options[index];
      expect(env.controller.respond(String(id), answer as { value: string })).to.equal('sent');
    }
    await env.settle();
  }
}

/** atomic's `oauth_device_code` (rpc-types.ts, spec §5): it needs the network, so written here. */
const deviceCode = (provider: string, info: Line = {}) => ({
  type: 'extension_ui_request',
  id: `dc${++serial}`,
  method: 'oauth_device_code',
  provider,
  loginId: provider,
  info: {
    userCode: 'ABCD-1234',
    verificationUri: 'https://github.com/login/device',
    intervalSeconds: 5,
    ...info,
  },
});

/** atomic's `oauth_info` (spec §5). */
const info = (provider: string, message: string, links: { url: string; label?: string }[]) => ({
  type: 'extension_ui_request',
  id: `i${++serial}`,
  method: 'oauth_info',
  provider,
  loginId: provider,
  message,
  links,
});

const PROVIDERS = 'anthropic,openai-codex,github-copilot,google-gemini-cli,google-antigravity';
const LOOPBACK = 'anthropic,openai-codex,kimi-coding,openrouter,radius,xai';

describe('rpc-login', () => {
  afterEach(async () => {
    setDefaultStrings({ loginsLabel: 'Sign-in', loginCopied: 'Copied' });
    await resetMedia();
  });

  it('asks the agent which providers it offers, once, and offers them by its names', async () => {
    const { peer, $$, settle } = await mount();
    const asked = peer.received
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.type === 'get_available_models');
    expect(asked).to.have.length(1);
    peer.writeMessage({
      type: 'response',
      id: asked[0]?.id,
      command: 'get_available_models',
      success: true,
      data: { models: [{ id: 'm' }], oauthProviders: [{ id: 'kimi-coding', name: 'Kimi For Coding' }] },
    });
    await settle();
    // One provider: its button, by the agent's name.
    expect($$('[part="start-button"]').map((button) => button.textContent?.trim())).to.deep.equal([
      'Sign in to Kimi For Coding',
    ]);
  });

  it('renders nothing without logins or providers: no region, no form', async () => {
    const { $ } = await mount();
    expect($('[part="base"]')).to.equal(null);
    expect($('form')).to.equal(null);
    // The live region is there from the first render, empty.
    expect($('[part="announcer"]')?.getAttribute('role')).to.equal('status');
    expect(await findNode((n) => n.role === 'region' && n.name === 'Sign-in')).to.equal(undefined);
  });

  it('atomic anthropic (oauth-providers.jsonl): Start sends login_provider, the page is a safe link, Cancel sends one cancel_login_provider', async () => {
    const env = await mount({ providers: PROVIDERS });
    const { sent, inCard, card, controller, settle, announced, root } = env;
    const replay = await AtomicReplay.load('oauth-providers.jsonl', env);
    await replay.playUntil((raw) => raw.includes('"cancel_login_provider"'));
    expect(sent()).to.deep.equal([
      {
        type: 'login_provider',
        id: sent()[0]?.id,
        provider: 'anthropic',
        authType: 'oauth',
        loginId: 'anthropic',
      },
    ]);
    const link = inCard<HTMLAnchorElement>('anthropic', 'a[part="link"]');
    expect(link?.href).to.match(/^https:\/\/claude\.ai\/oauth\/authorize\?code=true&client_id=9d1c250a/);
    expect(link?.target).to.equal('_blank');
    expect(link?.rel).to.equal('noopener noreferrer');
    expect(link?.textContent?.trim()).to.equal('Open the sign-in page (claude.ai)');
    expect(inCard('anthropic', '[part="url"]')?.textContent).to.contain(
      'redirect_uri=http%3A%2F%2Flocalhost%3A53692',
    );
    expect(inCard('anthropic', '[part="state"]')?.textContent).to.equal('Signing in…');
    // The transcript's get_available_models named the provider: the agent's name, not its id.
    expect(announced()).to.contain('Sign in to Anthropic: a page to open is ready.');
    // The manual-code question is a dialog of the login (rpc-dialogs shows it).
    expect(controller.dialogs.map((d) => d.request.login?.method)).to.deep.equal(['oauth_manual_code']);
    expect(nameOf(card('anthropic'))).to.deep.equal(['group', 'Sign in to Anthropic']);
    expect(await findNode((n) => n.role === 'region' && n.name === 'Sign-in')).to.exist;

    // Pressed three times, twice in one task: one cancel_login_provider.
    const cancel = inCard<HTMLButtonElement>('anthropic', '[part="cancel-button"]');
    cancel?.focus();
    cancel?.click();
    cancel?.click();
    await settle();
    cancel?.click();
    replay.skip();
    const cancels = sent().filter((line) => line.type === 'cancel_login_provider');
    expect(cancels).to.deep.equal([
      { type: 'cancel_login_provider', provider: 'anthropic', loginId: 'anthropic' },
    ]);
    expect(cancel?.getAttribute('aria-disabled')).to.equal('true');
    expect(inCard('anthropic', '[part="state"]')?.textContent).to.equal('Cancelling…');
    // Its question closed, nothing sent for it.
    expect(controller.dialogs).to.deep.equal([]);
    expect(sent().filter((line) => line.type === 'extension_ui_response')).to.deep.equal([]);

    // The agent's answers: the cancel's, then the login's (cancelled).
    await replay.playUntil((raw) => raw.includes('"l-openai-codex"'));
    expect(card('anthropic')?.dataset.state).to.equal('cancelled');
    expect(inCard('anthropic', '[part="state"]')?.textContent).to.equal('Sign-in cancelled.');
    expect(inCard('anthropic', 'a')).to.equal(null);
    // The Cancel button left while it had focus: Dismiss has it now.
    expect(root().activeElement).to.equal(inCard('anthropic', '[part="dismiss-button"]'));
    expect(announced()).to.contain('Sign in to Anthropic: Sign-in cancelled.');
  });

  it('replays all of oauth-providers.jsonl: each login ends as the agent said (cancelled, failed with its error)', async () => {
    const env = await mount({ providers: PROVIDERS });
    const { sent, card, inCard, $$ } = env;
    await (await AtomicReplay.load('oauth-providers.jsonl', env)).playUntil();
    const state = (key: string) => [card(key)?.dataset.state, inCard(key, '[part="state"]')?.textContent];
    expect(state('anthropic')).to.deep.equal(['cancelled', 'Sign-in cancelled.']);
    expect(state('openai-codex')).to.deep.equal(['cancelled', 'Sign-in cancelled.']);
    expect(state('github-copilot')).to.deep.equal(['failed', 'Sign-in failed: fetch failed']);
    expect(state('google-gemini-cli')).to.deep.equal([
      'failed',
      'Sign-in failed: Unknown OAuth provider: google-gemini-cli',
    ]);
    expect($$('.card').map((c) => c.dataset.key)).to.deep.equal(PROVIDERS.split(','));
    // Every card is over: no Cancel left, a Dismiss on each.
    expect($$('[part="cancel-button"]')).to.have.length(0);
    expect($$('[part="dismiss-button"]')).to.have.length(5);
    const kinds = sent().map(
      (line) => `${line.type as string}:${(line.provider ?? line.value ?? '') as string}`,
    );
    expect(kinds).to.deep.equal([
      'login_provider:anthropic',
      'cancel_login_provider:anthropic',
      'login_provider:openai-codex',
      'cancel_login_provider:openai-codex',
      'login_provider:github-copilot',
      'extension_ui_response:',
      'login_provider:google-gemini-cli',
      'login_provider:google-antigravity',
    ]);
    expect(
      sent().filter((line) => line.type === 'login_provider' && line.authType !== 'oauth'),
    ).to.deep.equal([]);
  });

  it('openrouter (oauth-providers-loopback.jsonl): progress in a polite log, oauth_manual_code_cancel closes the question', async () => {
    const env = await mount({ providers: LOOPBACK });
    const { inCard, controller, announced } = env;
    const replay = await AtomicReplay.load('oauth-providers-loopback.jsonl', env);
    await replay.playUntil((raw) => raw.includes('"c-openrouter"'));
    const log = inCard('openrouter', '[part="messages"]');
    expect(log?.getAttribute('role')).to.equal('log');
    expect(log?.getAttribute('aria-label')).to.equal('Progress');
    expect(log?.querySelector('[part="message"]')?.textContent).to.equal(
      'Listening for OpenRouter OAuth callback on http://127.0.0.1:40929/oauth/callback/0db216fe-9223-4764-94fe-1ad349dcdd54',
    );
    // The card was there before the message: its own log says it, the panel's region does not.
    expect(announced()).to.contain('Sign in to OpenRouter: a page to open is ready.');
    expect(announced()).not.to.contain('Listening for OpenRouter OAuth callback');
    expect(inCard<HTMLAnchorElement>('openrouter', 'a[part="link"]')?.host).to.equal('openrouter.ai');
    expect(inCard('openrouter', '[part="instructions"]')?.textContent).to.equal(
      'Complete sign-in in your browser. If the browser is on another machine, paste the final redirect URL here.',
    );
    expect(controller.dialogs.map((d) => d.request.login?.loginId)).to.deep.equal(['openrouter']);
    // Cancel: the agent withdraws the manual-code question, then ends the login cancelled.
    await replay.playUntil((raw) => raw.includes('"l-radius"'));
    expect(controller.dialogs).to.deep.equal([]);
    expect(env.card('openrouter')?.dataset.state).to.equal('cancelled');
    await replay.playUntil();
    expect(inCard('kimi-coding', '[part="state"]')?.textContent).to.equal('Sign-in failed: fetch failed');
    expect(inCard('xai', '[part="state"]')?.textContent).to.equal('Sign-in failed: fetch failed');
    expect(env.card('radius')?.dataset.state).to.equal('cancelled');
  });

  it('the manual code answered (oauth-anthropic-manual-code.jsonl): the login fails with the agent’s error text', async () => {
    const env = await mount({ providers: 'anthropic' });
    // One provider: a single button, no list.
    expect(env.$('select')).to.equal(null);
    expect(env.$('[part="start-button"]')?.textContent?.trim()).to.equal('Sign in to anthropic');
    await (await AtomicReplay.load('oauth-anthropic-manual-code.jsonl', env)).playUntil();
    expect(env.sent().find((line) => line.type === 'extension_ui_response')).to.deep.include({
      value: 'fake-code#fake-state',
    });
    expect(env.card('anthropic')?.dataset.state).to.equal('failed');
    expect(env.inCard('anthropic', '[part="state"]')?.textContent).to.equal(
      'Sign-in failed: OAuth state mismatch',
    );
    expect(env.announced()).to.contain('Sign in to Anthropic: Sign-in failed: OAuth state mismatch');
    // The API-key login of the transcript is not this element's: no card for it.
    expect(env.card('openai')).to.equal(null);
  });

  it('oh-my-pi open_url (login.jsonl): the link, the instructions and the launch address; Dismiss only', async () => {
    const { peer, card, inCard, settle, $$, root } = await mount();
    const records = await transcript('omp-18.2.3/login.jsonl');
    peer.write(`${from(records, 'open_url')}\n`);
    await settle();
    const key = '15e3cfab462248b6';
    expect(nameOf(card(key))).to.deep.equal(['group', 'Sign-in page']);
    expect(inCard(key, '[part="instructions"]')?.textContent).to.equal(
      'Complete login in your browser. If the browser cannot reach this machine, paste the final redirect URL or authorization code when prompted.',
    );
    const link = inCard<HTMLAnchorElement>(key, 'a[part="link"]');
    expect([link?.host, link?.target, link?.rel]).to.deep.equal([
      'claude.ai',
      '_blank',
      'noopener noreferrer',
    ]);
    const launch = inCard<HTMLAnchorElement>(key, 'a[part="launch-link"]');
    expect(launch?.href).to.equal('http://localhost:54545/launch');
    expect(launch?.textContent).to.equal('http://localhost:54545/launch');
    expect([launch?.target, launch?.rel]).to.deep.equal(['_blank', 'noopener noreferrer']);
    expect($$('[part="copy-button"]').map((b) => b.textContent?.trim())).to.deep.equal([
      'Copy link',
      'Copy local address',
    ]);
    // The log is there before its first message (to be heard), taking no room.
    const log = inCard(key, '[part="messages"]') as HTMLElement;
    expect([log.getAttribute('role'), getComputedStyle(log).display, log.offsetHeight]).to.deep.equal([
      'log',
      'block',
      0,
    ]);
    // No provider: nothing to cancel; no state line.
    expect(inCard(key, '[part="cancel-button"]')).to.equal(null);
    expect(inCard(key, '[part="state"]')).to.equal(null);
    const dismiss = inCard<HTMLButtonElement>(key, '[part="dismiss-button"]');
    dismiss?.focus();
    dismiss?.click();
    await settle();
    expect(card(key)).to.equal(null);
    expect(root().querySelector('[part="base"]')).to.equal(null);
  });

  it('never makes a link of an address that is not http or https, and never navigates by itself', async () => {
    const opened: unknown[] = [];
    const open = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    const clicks: string[] = [];
    const onClick = (event: Event) => clicks.push(String((event.composedPath()[0] as Element).localName));
    document.addEventListener('click', onClick, true);
    const before = location.href;
    try {
      const { peer, settle, $$, inCard } = await mount();
      const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
      peer.writeMessage(
        request('open_url', {
          id: 'js',
          url: 'javascript:alert(1)',
          launchUrl: 'data:text/html,hi',
          instructions: evil,
        }),
      );
      peer.writeMessage(request('open_url', { id: 'rel', url: '/relative/path' }));
      peer.writeMessage(request('open_url', { id: 'ws', url: ' java\nscript:alert(2)' }));
      peer.writeMessage({
        type: 'extension_ui_request',
        id: 'info',
        method: 'oauth_info',
        provider: 'p',
        loginId: 'p',
        message: evil,
        links: [
          { url: 'javascript:alert(3)', label: 'Docs' },
          { url: 'https://example.com/help', label: 'https://good.example' },
          { url: 'file:///etc/passwd' },
        ],
      });
      await settle();
      for (const key of ['js', 'rel', 'ws']) {
        expect(inCard(key, 'a'), key).to.equal(null);
        expect(inCard(key, '[part="note"]')?.textContent, key).to.equal(
          'Not offered as a link: only http and https addresses are.',
        );
        // Not offered for copying either.
        expect(inCard(key, '[part="copy-button"]'), key).to.equal(null);
      }
      expect(inCard('js', '[part="url"]')?.textContent).to.equal('javascript:alert(1)');
      expect(inCard('js', '[part="instructions"]')?.textContent).to.equal(evil);
      expect(inCard('p', '[part="message"] .text')?.textContent).to.equal(evil);
      // Every link of the panel is http(s); a label is followed by the real host.
      const links = $$<HTMLAnchorElement>('a');
      expect(links.map((a) => [a.protocol, a.textContent])).to.deep.equal([
        ['https:', 'https://good.example (example.com)'],
      ]);
      expect(inCard('p', '[part="url"]')?.textContent).to.equal('Docs (javascript:alert(3))');
      expect($$('img, script, iframe, meta').length).to.equal(0);
      // Barriers: an injected <img src=x onerror> has failed, and run, once one of ours has; and
      // anything the panel would do by itself on rendering has been done by the next frame.
      await imageSettled();
      await nextFrame();
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
      expect(opened).to.deep.equal([]);
      expect(clicks).to.deep.equal([]);
      expect(location.href).to.equal(before);
    } finally {
      window.open = open;
      document.removeEventListener('click', onClick, true);
    }
  });

  it('copies the address and the device code, says "Copied", and says so when the clipboard refuses', async () => {
    const { peer, settle, inCard, card } = await mount();
    const records = await transcript('omp-18.2.3/login.jsonl');
    peer.write(`${from(records, 'open_url')}\n`);
    peer.writeMessage(deviceCode('github-copilot', { expiresInSeconds: 900 }));
    await settle();
    const clipboard = holdClipboard();
    try {
      const key = '15e3cfab462248b6';
      const [link, launch] = [
        ...(card(key)?.querySelectorAll<HTMLButtonElement>('[part="copy-button"]') ?? []),
      ];
      link?.focus();
      await press('Enter');
      await settle();
      const status = link?.parentElement?.querySelector('[part="copy-status"]');
      expect(status?.getAttribute('role')).to.equal('status');
      expect(status?.textContent?.trim()).to.equal('Copied');
      expect(clipboard.copied[0]).to.match(/^https:\/\/claude\.ai\/oauth\/authorize\?client_id=/);
      launch?.click();
      await settle();
      expect(clipboard.copied[1]).to.equal('http://localhost:54545/launch');
      inCard<HTMLButtonElement>('github-copilot', '[part="copy-button"]')?.click();
      await settle();
      expect(clipboard.copied[2]).to.equal('ABCD-1234');
      clipboard.refuse = true;
      link?.click();
      await settle();
      expect(status?.textContent?.trim()).to.equal('Could not copy: select the text and copy it yourself.');
      expect(clipboard.copied).to.have.length(3);
    } finally {
      clipboard.restore();
    }
  });

  it('a device code (atomic oauth_device_code): the code large and copyable, its page a link, its time left counted and announced at thresholds', async () => {
    const clock = new FakeClock(0);
    const { peer, settle, inCard, announced, $ } = await mount({ clock });
    // Not started here: the card comes with its code and a message (said by the panel's region).
    peer.writeMessage(deviceCode('github-copilot', { expiresInSeconds: 900 }));
    peer.writeMessage(info('github-copilot', 'Waiting for you to enter the code…', []));
    await settle();
    const code = inCard('github-copilot', '[part="code"]') as HTMLElement;
    expect(code.textContent).to.equal('ABCD-1234');
    const size = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
    expect(size(code)).to.be.greaterThan(
      1.5 * size(inCard('github-copilot', '[part="code-hint"]') as Element),
    );
    expect(getComputedStyle(code).direction).to.equal('ltr');
    const link = inCard<HTMLAnchorElement>('github-copilot', '[part="device"] a[part="link"]');
    expect([link?.href, link?.textContent]).to.deep.equal([
      'https://github.com/login/device',
      'Open the page for the code (github.com)',
    ]);
    const expiry = () => inCard('github-copilot', '[part="expiry"]')?.textContent?.trim();
    expect(expiry()).to.equal('Expires in 15:00');
    expect(announced()).to.contain('Sign in to github-copilot: enter the code ABCD-1234.');
    expect(announced()).to.contain('Waiting for you to enter the code…');
    const tick = async (ms: number) => {
      clock.advance(ms);
      await settle();
    };
    // Whole seconds left, rounded up, as the dialogs count.
    await tick(999);
    expect(expiry()).to.equal('Expires in 15:00');
    await tick(1);
    expect(expiry()).to.equal('Expires in 14:59');
    const before = announced();
    await tick(1000);
    expect(expiry()).to.equal('Expires in 14:58');
    // Not announced every second.
    expect(announced()).to.equal(before);
    await tick(598_000);
    expect(expiry()).to.equal('Expires in 5:00');
    expect(announced()).to.contain('Sign in to github-copilot: Time left to enter the code: 5 min');
    await tick(240_000);
    expect(announced()).to.contain('Time left to enter the code: 1 min');
    await tick(59_000);
    expect(expiry()).to.equal('Expires in 0:01');
    await tick(1000);
    expect(expiry()).to.equal('The code has expired.');
    expect(announced()).to.contain('Sign in to github-copilot: The code has expired.');
    expect(clock.pending).to.equal(0);
    // Info links: a labelled link names its host.
    peer.writeMessage(
      info('github-copilot', 'Trouble?', [{ url: 'https://docs.github.com/device', label: 'Help' }]),
    );
    await settle();
    expect($('a[part="message-link"]')?.textContent).to.equal('Help (docs.github.com)');
    // Over: no code, no time left (nothing counts).
    peer.writeMessage({
      type: 'response',
      command: 'login_provider',
      success: true,
      data: { provider: 'github-copilot', cancelled: false },
    });
    await settle();
    expect(inCard('github-copilot', '[part="state"]')?.textContent).to.equal('Signed in.');
    expect(inCard('github-copilot', '[part="code"]')).to.equal(null);
    expect(clock.pending).to.equal(0);
  });

  it('a device code without expiresInSeconds shows no time left', async () => {
    const { peer, settle, inCard } = await mount();
    peer.writeMessage(deviceCode('openai-codex'));
    await settle();
    expect(inCard('openai-codex', '[part="code"]')?.textContent).to.equal('ABCD-1234');
    expect(inCard('openai-codex', '[part="expiry"]')).to.equal(null);
  });

  it('starts a login from the keyboard: the provider list, then Sign in (login_provider, authType oauth)', async () => {
    const { el, sent, $, root, settle, card } = await mount({
      providers: 'anthropic, openai-codex,github-copilot',
    });
    expect(el.providers).to.deep.equal(['anthropic', 'openai-codex', 'github-copilot']);
    const select = $<HTMLSelectElement>('select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).to.deep.equal([
      'anthropic',
      'openai-codex',
      'github-copilot',
    ]);
    expect(await findNode((n) => n.role === 'form' && n.name === 'Sign in to a provider')).to.exist;
    // A native select: a combobox named by its label; WebKitGTK's is a pop-up button, named by
    // its label and then its value.
    const provider = engine === 'webkit' ? ['button', 'Provider anthropic'] : ['combobox', 'Provider'];
    expect(await findNode((n) => n.role === provider[0] && n.name === provider[1])).to.exist;
    document.getElementById('before')?.focus();
    await press('Tab');
    expect(root().activeElement).to.equal(select);
    await press('ArrowDown');
    await press('ArrowDown');
    expect(select.value).to.equal('github-copilot');
    await press('Tab');
    expect(root().activeElement).to.equal($('[part="start-button"]'));
    expect(getComputedStyle(root().activeElement as Element).outlineStyle).to.equal('solid');
    await press('Enter');
    await settle();
    expect(sent()).to.deep.equal([
      {
        type: 'login_provider',
        id: sent()[0]?.id,
        provider: 'github-copilot',
        authType: 'oauth',
        loginId: 'github-copilot',
      },
    ]);
    expect(card('github-copilot')?.dataset.state).to.equal('running');
    // Again while it runs: no second login, focus goes to its card.
    await press('Enter');
    await settle();
    expect(sent()).to.have.length(1);
    expect(root().activeElement).to.equal(card('github-copilot')?.querySelector('button'));
    // The property takes a list too; an empty one: no form.
    el.providers = [];
    await settle();
    expect($('form')).to.equal(null);
  });

  it('every control is reachable with Tab, in order, with a visible focus ring', async () => {
    const { peer, settle, root } = await mount({ providers: 'anthropic' });
    peer.write(`${from(await transcript('omp-18.2.3/login.jsonl'), 'open_url')}\n`);
    peer.writeMessage(deviceCode('github-copilot', { expiresInSeconds: 600 }));
    peer.writeMessage(info('github-copilot', 'See', [{ url: 'https://docs.github.com/', label: 'docs' }]));
    await settle();
    document.getElementById('before')?.focus();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await press('Tab');
      const active = root().activeElement as HTMLElement | null;
      if (!active) break;
      expect(getComputedStyle(active).outlineStyle, active.outerHTML).to.equal('solid');
      seen.push(`${active.getAttribute('part') ?? active.localName}:${active.textContent?.trim()}`);
    }
    expect(seen).to.deep.equal([
      'start-button:Sign in to anthropic',
      'link:Open the sign-in page (claude.ai)',
      'address-summary:Show the full address',
      'copy-button:Copy link',
      'launch-link:http://localhost:54545/launch',
      'copy-button:Copy local address',
      'dismiss-button:Dismiss',
      'copy-button:Copy code',
      'link:Open the page for the code (github.com)',
      'message-link:docs (docs.github.com)',
      'cancel-button:Cancel sign-in',
    ]);
    // The disclosure opens from the keyboard.
    document.getElementById('before')?.focus();
    for (let i = 0; i < 3; i++) await press('Tab');
    expect(root().activeElement?.getAttribute('part')).to.equal('address-summary');
    await press('Enter');
    expect(root().querySelector<HTMLDetailsElement>('details')?.open).to.equal(true);
  });

  it('says when a cancel cannot be sent, and sends nothing twice', async () => {
    const { peer, settle, inCard, controller, announced } = await mount({ providers: 'anthropic' });
    controller.logins.start('anthropic');
    await settle();
    peer.end();
    inCard<HTMLButtonElement>('anthropic', '[part="cancel-button"]')?.click();
    await settle();
    expect(inCard('anthropic', '[part="state"]')?.textContent).to.equal(
      'The agent could not be reached. Try again.',
    );
    expect(announced()).to.contain('The agent could not be reached. Try again.');
    expect(inCard('anthropic', '[part="cancel-button"]')?.getAttribute('aria-disabled')).to.equal('false');
  });

  it('takes its strings from the element and from the defaults', async () => {
    const { el, peer, settle, $, inCard } = await mount({ providers: 'anthropic' });
    peer.writeMessage(deviceCode('anthropic'));
    setDefaultStrings({ loginsLabel: 'Anmeldung' });
    el.strings = { loginTitle: 'Anmelden bei {provider}', loginCopyCode: 'Code kopieren' };
    await settle();
    expect($('[part="base"]')?.getAttribute('aria-label')).to.equal('Anmeldung');
    expect(nameOf(inCard('anthropic', ':scope') ?? $('.card'))).to.deep.equal([
      'group',
      'Anmelden bei anthropic',
    ]);
    expect(inCard('anthropic', '[part="copy-button"]')?.textContent?.trim()).to.equal('Code kopieren');
  });

  it('has no motion', async () => {
    const { peer, settle, el } = await mount();
    peer.writeMessage(deviceCode('p', { expiresInSeconds: 60 }));
    await settle();
    expect(el.shadowRoot?.getAnimations()).to.deep.equal([]);
  });

  itWithForcedColors('keeps borders and the focus ring in forced colours', async () => {
    const { peer, settle, $ } = await mount();
    peer.writeMessage(deviceCode('p', { expiresInSeconds: 60 }));
    await settle();
    await emulateMedia({ forcedColors: 'active' });
    try {
      const card = $('.card') as HTMLElement;
      expect(getComputedStyle(card).borderInlineStartStyle).to.equal('solid');
      expect(getComputedStyle(card).borderTopStyle).to.equal('solid');
      const button = $('[part="copy-button"]') as HTMLElement;
      expect(getComputedStyle(button).borderTopStyle).to.equal('solid');
    } finally {
      await emulateMedia({ forcedColors: '' });
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`its text and links are readable on its own surface (${scheme})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const page =
        scheme === 'dark' ? 'background: white; color: black' : 'background: #1e1e1e; color: #e4e4e4';
      const { peer, settle, $ } = await mount({ style: page });
      peer.write(`${from(await transcript('omp-18.2.3/login.jsonl'), 'open_url')}\n`);
      await settle();
      const background = channels(getComputedStyle($('.card') as Element).backgroundColor);
      for (const selector of [
        '[part="title"]',
        '[part="instructions"]',
        'a[part="link"]',
        '[part="launch-hint"]',
        'button',
      ]) {
        const color = channels(getComputedStyle($(selector) as Element).color);
        expect(contrast(color, background), `${selector} (${scheme})`).to.be.at.least(4.5);
      }
    });
  }

  for (const [scheme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`has no axe violations (${scheme}, ${dir})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const background = scheme === 'dark' ? 'background: #1e1e1e; color: #e4e4e4' : '';
      const env = await mount({ providers: PROVIDERS, style: background, dir });
      const { peer, settle, wrapper, $ } = env;
      const replay = await AtomicReplay.load('oauth-providers-loopback.jsonl', env);
      await replay.playUntil((raw) => raw.includes('"l-kimi-coding"'));
      peer.write(`${from(await transcript('omp-18.2.3/login.jsonl'), 'open_url')}\n`);
      peer.writeMessage(request('open_url', { url: 'javascript:alert(1)', instructions: 'تحذير: ٣ ملفات' }));
      peer.writeMessage(deviceCode('github-copilot', { expiresInSeconds: 900 }));
      peer.writeMessage(
        info('github-copilot', 'Open the page', [
          { url: 'https://github.com/login/device', label: 'GitHub' },
        ]),
      );
      await settle();
      $<HTMLDetailsElement>('details')?.setAttribute('open', '');
      if (dir === 'rtl') expect(getComputedStyle($('.card') as Element).direction).to.equal('rtl');
      await expect(wrapper).to.be.accessible();
    });
  }
});
