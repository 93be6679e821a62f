/**
 * <rpc-sessions> on a memory transport. The bridge's side is written here from its messages
 * (src/protocol/sessions.ts, as test/node/bridge/bridge-kept-session.test.ts sees the real bridge
 * send them on four agents); the element's questions are answered under the ids it sent.
 * e2e-sessions runs it against the real bridge and agent.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcSessions } from '../../../src/components/sessions/rpc-sessions.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import type { SessionSummary } from '../../../src/protocol/sessions.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { findNode, focusedNode, startAccessibility } from '../../support/a11y.js';
import { itWithForcedColors } from '../../support/engine.js';
import { combo, press, typeText } from '../../support/keys.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { panelQueries } from '../../support/panel-queries.js';

before(startAccessibility);

const minutes = (count: number) => Date.now() - count * 60_000;

/** Made for each test: "2 minutes ago" stays so however long the tests before it took. */
const sessionsNow = (): SessionSummary[] => [
  { id: 's-3', firstPrompt: 'Fix the flaky upload test', modified: minutes(2), messages: 12 },
  {
    id: 's-2',
    name: 'Release notes',
    firstPrompt: 'Write the notes for 2.1',
    modified: minutes(90),
    messages: 4,
  },
  { id: 's-1', firstPrompt: 'Bump the dependencies', modified: minutes(60 * 24 * 3), messages: 30 },
];

async function mount(options: { dir?: string; style?: string; lang?: string } = {}) {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${options.dir ?? 'ltr'} lang=${options.lang ?? 'en'} style="padding: 16px; ${options.style ?? ''}">
      <button id="before">before</button>
      <rpc-sessions .controller=${controller}></rpc-sessions>
    </div>
  `);
  const el = wrapper.querySelector('rpc-sessions') as RpcSessions;
  await el.updateComplete;
  return { el, wrapper, peer, controller, ...queries(el, peer) };
}

function queries(el: RpcSessions, peer: MemoryPeer) {
  const { $, $$, sent, sentOf, text, options, activeOption } = panelQueries(el, peer);
  const hello = (session = 'p1') =>
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true, session });
  /** Answer the element's last list question with `sessions`. */
  const list = async (sessions: readonly SessionSummary[], current?: string, after = 0) => {
    const asked = await sentOf('rpc_ui_list_sessions', after);
    peer.writeMessage({ type: 'rpc_ui_sessions', id: asked.id, sessions, ...(current ? { current } : {}) });
    await waitUntil(() => options().length === sessions.length, 'the list is not shown');
    await el.updateComplete;
  };
  return { $, $$, sent, sentOf, text, options, hello, list, activeOption };
}

let SESSIONS: SessionSummary[];

describe('rpc-sessions', () => {
  beforeEach(() => {
    SESSIONS = sessionsNow();
  });
  afterEach(resetMedia);

  it('says that sessions need the bridge, and sends nothing, before a bridge greets it', async () => {
    const { text, sent, $ } = await mount();
    expect(text('[part="note"]')).to.equal(
      'Sessions are listed when the page is connected through the rpc-ui bridge.',
    );
    expect($('[part="new-button"]')?.getAttribute('aria-disabled')).to.equal('true');
    expect(sent()).to.deep.equal([]);
  });

  it('lists the sessions newest first, each with its name or first prompt, time and size, the current one said', async () => {
    const { hello, list, options, text, $ } = await mount();
    hello();
    await list(SESSIONS, 's-2');
    const rows = options().map((option) => option.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).to.deep.equal([
      'Fix the flaky upload test 2 minutes ago · 12 messages',
      'Release notes 1 hour ago · 4 messages · Current',
      'Bump the dependencies 3 days ago · 30 messages',
    ]);
    expect(options()[1]?.getAttribute('aria-current')).to.equal('true');
    expect(options()[0]?.hasAttribute('aria-current')).to.equal(false);
    expect(text('[part="current"]')).to.equal('Current: Release notes');
    // The current one is active: one tab stop, on it.
    expect(options().map((option) => option.tabIndex)).to.deep.equal([-1, 0, -1]);
    expect($('#list')?.getAttribute('aria-label')).to.equal('Sessions of this project, newest first');
  });

  it('opens a session with the keyboard: arrows, Home/End, type-ahead, Enter; by its id', async () => {
    const { hello, list, options, sentOf, activeOption, peer, text, sent } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    options()[0]?.focus();
    await press('ArrowDown');
    await waitUntil(() => activeOption()?.dataset.key === 's-2');
    expect(options()[1]?.getAttribute('aria-selected')).to.equal('true');
    await press('End');
    await waitUntil(() => activeOption()?.dataset.key === 's-1');
    await press('Home');
    await waitUntil(() => activeOption()?.dataset.key === 's-3');
    await typeText('r');
    await waitUntil(() => activeOption()?.dataset.key === 's-2', 'type-ahead did not find "Release notes"');
    const before = sent().length;
    await press('Enter');
    const open = await sentOf('rpc_ui_open_session', before);
    expect(open.session).to.equal('s-2');
    await waitUntil(() => text('[part="status"]') === 'Opening “Release notes”…');
    // A second Enter while it opens sends nothing more.
    await press('Enter');
    expect(sent().filter((line) => line.type === 'rpc_ui_open_session')).to.have.length(1);
    peer.writeMessage({ type: 'rpc_ui_session_done', id: open.id, ok: true });
    await waitUntil(() => text('[part="status"]') === 'Opened “Release notes”.');
    // The bridge greets every tab on the session opened; the list is asked again and says so.
    const asked = sent().length;
    hello('p1-2');
    await list(SESSIONS, 's-2', asked);
    await waitUntil(() => options()[1]?.getAttribute('aria-current') === 'true');
    expect(activeOption()?.dataset.key, 'focus stays in the list').to.equal('s-2');
  });

  it('comes back to the current session, and selects none while focus is elsewhere', async () => {
    const { hello, list, options, activeOption, peer, sent, $ } = await mount();
    const selected = () => options().map((option) => option.getAttribute('aria-selected'));
    hello();
    await list(SESSIONS, 's-2');
    // Orca moves its focus to an option a list box newly selects, focused or not: none is, yet.
    expect(selected()).to.deep.equal(['false', 'false', 'false']);
    $<HTMLButtonElement>('[part="fork-button"]')?.focus();
    await press('Tab');
    await waitUntil(() => selected()[1] === 'true', 'the current session is not selected with focus on it');
    await press('ArrowDown');
    await waitUntil(() => activeOption()?.dataset.key === 's-1');
    // Focus leaves: nothing is selected, and the session arrowed to is forgotten.
    await combo(['Shift'], 'Tab');
    await waitUntil(() => selected().every((value) => value === 'false'), 'an option stays selected');
    expect(options().map((option) => option.tabIndex)).to.deep.equal([-1, 0, -1]);
    // Another tab opens the first one: still none selected; Tab comes back to it, the current one.
    const before = sent().length;
    peer.writeMessage({ type: 'rpc_ui_sessions_changed' });
    await list(SESSIONS, 's-3', before);
    expect(selected()).to.deep.equal(['false', 'false', 'false']);
    await press('Tab');
    await waitUntil(() => selected()[0] === 'true' && activeOption()?.dataset.key === 's-3');
  });

  it('opens a session with a click, and says why not when the bridge refuses', async () => {
    const { hello, list, options, sentOf, peer, text } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    options()[2]?.click();
    const open = await sentOf('rpc_ui_open_session');
    expect(open.session).to.equal('s-1');
    peer.writeMessage({
      type: 'rpc_ui_session_done',
      id: open.id,
      ok: false,
      error: 'The agent is busy: try again when this turn ends.',
    });
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal(
      'Could not open the session: The agent is busy: try again when this turn ends.',
    );
    expect(text('[part="status"]')).to.equal('');
  });

  it('starts a new session', async () => {
    const { hello, list, $, sentOf, peer, text } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    $('[part="new-button"]')?.click();
    const started = await sentOf('rpc_ui_new_session');
    peer.writeMessage({ type: 'rpc_ui_session_done', id: started.id, ok: true });
    await waitUntil(() => text('[part="status"]') === 'Started a new session.');
  });

  it('names the current session in a modal dialog that gives focus back', async () => {
    const { hello, list, $, sentOf, peer, text, el, sent } = await mount();
    hello();
    await list(SESSIONS, 's-2');
    const rename = $<HTMLButtonElement>('[part="rename-button"]');
    rename?.focus();
    await press('Enter');
    const dialog = $<HTMLDialogElement>('#rename');
    await waitUntil(() => dialog?.open === true, 'the dialog did not open');
    const input = $<HTMLInputElement>('[part="name-input"]');
    await waitUntil(() => el.shadowRoot?.activeElement === input);
    expect(input?.value, 'prefilled with its name').to.equal('Release notes');
    const node = await findNode((n) => n.role === 'dialog');
    expect(node?.name).to.equal('Name this session');
    // Modal to the person, though shown with show() (session-dialogs.ts says why): said to be
    // modal, and a backdrop of its own over the page takes the pointer.
    expect(dialog?.getAttribute('aria-modal')).to.equal('true');
    const backdrop = $<HTMLElement>('[part="backdrop"]');
    expect(backdrop?.hidden).to.equal(false);
    expect(el.shadowRoot?.elementFromPoint(1, 1)).to.equal(backdrop);
    // Tab stays inside; Escape closes and gives focus back, sending nothing.
    for (let i = 0; i < 4; i++) await press('Tab');
    expect(dialog?.contains(el.shadowRoot?.activeElement ?? null)).to.equal(true);
    await press('Escape');
    await waitUntil(() => dialog?.open === false);
    await waitUntil(() => el.shadowRoot?.activeElement === rename);
    await waitUntil(() => backdrop?.hidden === true, 'the backdrop stays');
    expect(sent().some((line) => line.type === 'rpc_ui_name_session')).to.equal(false);
    // Again: a blank name is no name (said, nothing sent); then a name, Enter.
    await press('Enter');
    await waitUntil(() => el.shadowRoot?.activeElement === input);
    await combo(['Control'], 'a');
    await typeText('   ');
    await press('Enter');
    expect(input?.getAttribute('aria-invalid')).to.equal('true');
    expect(dialog?.open).to.equal(true);
    await combo(['Control'], 'a');
    await typeText('  Notes for 2.1  ');
    const before = sent().length;
    await press('Enter');
    const named = await sentOf('rpc_ui_name_session', before);
    expect(named.name).to.equal('Notes for 2.1');
    await waitUntil(() => dialog?.open === false);
    peer.writeMessage({ type: 'rpc_ui_session_done', id: named.id, ok: true });
    await waitUntil(() => text('[part="status"]') === 'Named the session “Notes for 2.1”.');
    // The bridge tells every tab; each lists again, once.
    peer.writeMessage({ type: 'rpc_ui_sessions_changed' });
    await sentOf('rpc_ui_list_sessions', before + 1);
    expect(
      sent()
        .slice(before)
        .filter((line) => line.type === 'rpc_ui_list_sessions'),
    ).to.have.length(1);
  });

  it('forks from a prompt the agent lists (pi: get_fork_messages), the last one active', async () => {
    const { hello, list, $, $$, sentOf, peer, text, el } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    $<HTMLButtonElement>('[part="fork-button"]')?.click();
    const asked = await sentOf('get_fork_messages');
    await waitUntil(() => $<HTMLDialogElement>('#fork')?.open === true);
    expect(text('#fork [role="status"]')).to.equal('Asking the agent for its prompts…');
    peer.writeMessage({
      type: 'response',
      id: asked.id,
      command: 'get_fork_messages',
      success: true,
      data: {
        messages: [
          { entryId: 'a1', text: 'Fix the flaky upload test' },
          { entryId: 'b2', text: 'Now run it 100 times' },
        ],
      },
    });
    await waitUntil(() => $$('[part="fork-point"]').length === 2);
    await waitUntil(() => (el.shadowRoot?.activeElement as HTMLElement | null)?.dataset.index === '1');
    await press('ArrowUp');
    await waitUntil(() => (el.shadowRoot?.activeElement as HTMLElement | null)?.dataset.index === '0');
    await press('Enter');
    const fork = await sentOf('rpc_ui_fork_session');
    expect(fork.entryId).to.equal('a1');
    await waitUntil(() => $<HTMLDialogElement>('#fork')?.open === false);
    expect(el.shadowRoot?.activeElement).to.equal($('[part="fork-button"]'));
    peer.writeMessage({ type: 'rpc_ui_session_done', id: fork.id, ok: true });
    await waitUntil(
      () => text('[part="status"]') === 'Forked from “Fix the flaky upload test”: this is a new session.',
    );
  });

  it('asks oh-my-pi for its branch messages to fork from', async () => {
    const { peer, list, $, sentOf } = await mount();
    peer.writeMessage({
      type: 'rpc_ui_hello',
      agent: 'omp',
      identity: { name: 'omp' },
      running: true,
      session: 'o1',
    });
    await list(SESSIONS, 's-3');
    $<HTMLButtonElement>('[part="fork-button"]')?.click();
    await sentOf('get_branch_messages');
  });

  it('says that a command was not answered when the connection drops, and that sessions need the bridge again', async () => {
    const { hello, list, options, peer, text, $ } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    options()[2]?.click();
    await waitUntil(() => text('[part="status"]') === 'Opening “Bump the dependencies”…');
    peer.end();
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal(
      'The connection dropped before the bridge answered: the list says what happened once it is back.',
    );
    expect(text('[part="note"]')).to.equal(
      'Sessions are listed when the page is connected through the rpc-ui bridge.',
    );
    expect(options()).to.have.length(0);
    expect($('[part="new-button"]')?.getAttribute('aria-disabled')).to.equal('true');
  });

  it('says a command was not sent while the bridge is not there, and sends nothing', async () => {
    const { $, text, sent, hello, list, peer } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    const before = sent().length;
    peer.end();
    await waitUntil(() => text('[part="note"]') !== '');
    $('[part="new-button"]')?.click();
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal('Not sent: the page is not connected. Try again once it is.');
    expect(sent().length).to.equal(before);
  });

  it('closes the rename dialog when the bridge greets the page again (another tab moved the agent)', async () => {
    const { $, hello, list, el, sent } = await mount();
    hello();
    await list(SESSIONS, 's-2');
    $<HTMLButtonElement>('[part="rename-button"]')?.click();
    const dialog = $<HTMLDialogElement>('#rename');
    await waitUntil(() => dialog?.open === true);
    hello('p1-moved');
    await waitUntil(() => dialog?.open === false, 'the dialog stayed open on the last conversation');
    await waitUntil(() => el.shadowRoot?.activeElement === $('[part="rename-button"]'));
    expect(sent().some((line) => line.type === 'rpc_ui_name_session')).to.equal(false);
  });

  it('says why the prompts to fork from did not come', async () => {
    const { $, hello, list, sentOf, peer, text } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    $<HTMLButtonElement>('[part="fork-button"]')?.click();
    const asked = await sentOf('get_fork_messages');
    peer.writeMessage({
      type: 'response',
      id: asked.id,
      command: 'get_fork_messages',
      success: false,
      error: 'Command get_fork_messages is not allowed by this bridge.',
    });
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal(
      'Could not fork the session: Command get_fork_messages is not allowed by this bridge.',
    );
    expect(text('#fork [role="status"]')).to.equal('This session has no prompt to fork from yet.');
  });

  it('leaves Ctrl+Space and Alt+ArrowDown to the page', async () => {
    const { hello, list, options, sent, activeOption } = await mount();
    hello();
    await list(SESSIONS, 's-3');
    options()[0]?.focus();
    const before = sent().length;
    await combo(['Control'], ' ');
    await combo(['Alt'], 'ArrowDown');
    expect(sent().length).to.equal(before);
    expect(activeOption()?.dataset.key).to.equal('s-3');
  });

  it('is named for a screen reader: the region, the list box, the options with their state', async () => {
    const { hello, list, options } = await mount();
    hello();
    await list(SESSIONS, 's-2');
    options()[1]?.focus();
    const focused = await waitUntilFocused('option');
    expect(focused?.name).to.equal('Release notes 1 hour ago · 4 messages · Current');
    expect(focused?.selected).to.equal(true);
    const listbox = await findNode((n) => n.role === 'listbox');
    expect(listbox?.name).to.equal('Sessions of this project, newest first');
  });

  it('speaks German', async () => {
    const { hello, list, options, text } = await mount({ lang: 'de' });
    const { de } = await import('../../../src/components/strings/locales/de.js');
    const { setLocaleStrings } = await import('../../../src/components/strings/locales.js');
    setLocaleStrings('de', de);
    hello();
    await list(SESSIONS, 's-2');
    await waitUntil(() => text('[part="title"]') === 'Sitzungen');
    expect(options()[1]?.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'Release notes vor 1 Stunde · 4 Nachrichten · Aktuell',
    );
  });

  for (const [scheme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`has no axe violations (${scheme}, ${dir}), with the fork dialog open`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const background = scheme === 'dark' ? 'background: #1e1e1e; color: #e4e4e4' : '';
      const { hello, list, wrapper, $, sentOf, peer, $$, el } = await mount({ dir, style: background });
      hello();
      await list(SESSIONS, 's-2');
      await expect(wrapper).to.be.accessible();
      $<HTMLButtonElement>('[part="fork-button"]')?.click();
      const asked = await sentOf('get_fork_messages');
      peer.writeMessage({
        type: 'response',
        id: asked.id,
        command: 'get_fork_messages',
        success: true,
        data: { messages: [{ entryId: 'a1', text: 'Write the notes for 2.1' }] },
      });
      await waitUntil(() => $$('[part="fork-point"]').length === 1);
      if (dir === 'rtl') expect(getComputedStyle($('#list') as Element).direction).to.equal('rtl');
      await expect(el.shadowRoot?.querySelector('#fork')).to.be.accessible();
    });
  }

  itWithForcedColors('keeps the current session and the active one visible in forced colours', async () => {
    const { hello, list, options } = await mount();
    hello();
    await list(SESSIONS, 's-2');
    options()[0]?.focus();
    await waitUntil(() => options()[0]?.getAttribute('aria-selected') === 'true');
    await emulateMedia({ forcedColors: 'active' });
    const current = getComputedStyle(options()[1] as Element);
    expect(current.borderInlineStartStyle).to.equal('solid');
    expect(current.borderInlineStartColor).to.not.equal(
      getComputedStyle(options()[2] as Element).borderInlineStartColor,
    );
  });
});

/** The focused node, once it has this role (Firefox and WebKit say focus a moment later). */
async function waitUntilFocused(role: string) {
  const end = performance.now() + 3000;
  let node = await focusedNode();
  while (node?.role !== role && performance.now() < end) node = await focusedNode();
  return node;
}
