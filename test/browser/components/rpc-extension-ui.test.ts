import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { RpcConnectionEvent } from '../../../src/components/events/connection-event.js';
import type { RpcEditorTextEvent } from '../../../src/components/events/editor-text-event.js';
import type { RpcStopEvent } from '../../../src/components/events/stop-event.js';
import type { RpcTitleEvent } from '../../../src/components/events/title-event.js';
import type { RpcExtensionUI } from '../../../src/components/extension-ui/rpc-extension-ui.js';
import type { RpcLogin } from '../../../src/components/login/rpc-login.js';
import type { RpcNotifications } from '../../../src/components/notifications/rpc-notifications.js';
import { notificationsEnglish, noteText } from '../../../src/components/strings/notification-strings.js';
import type { NotificationEntry } from '../../../src/controller/types.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { BaseTransport, type ConnectionState } from '../../../src/transport/transport.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { animationsDone } from '../../support/animations.js';
import { itWithForcedColors } from '../../support/engine.js';
import { setViewport, viewportSize } from '../../support/viewport.js';
import { keyDown, keyUp, press, typeText } from '../../support/keys.js';
import { emulateMedia } from '../../support/media.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

/** A transport whose state the test moves by hand. */
class ManualTransport extends BaseTransport {
  constructor() {
    super('connecting');
  }
  move(state: ConnectionState): void {
    this.setState(state);
  }
  deliver(message: object): void {
    this.receive(InboundMessage.fromText(JSON.stringify(message)));
  }
  send(): void {}
  close(): void {
    this.setState('closed');
  }
}

type Updating = Element & { updateComplete?: Promise<unknown> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Poll until `check` holds, or fail naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

let serial = 0;
const request = (method: string, fields: Record<string, unknown> = {}) => ({
  type: 'extension_ui_request',
  id: `r${++serial}`,
  method,
  ...fields,
});
const confirm = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'extension_ui_request',
  id,
  method: 'confirm',
  title: `Confirm ${id}?`,
  message: 'Really?',
  ...extra,
});

/** A host state store that refuses a state over 100,000 characters, as a full quota does. */
function smallStore() {
  const store = {
    state: {} as unknown,
    getState: () => store.state,
    setState: (next: unknown) => {
      if (JSON.stringify(next).length > 100_000) throw new DOMException('Full', 'QuotaExceededError');
      store.state = next;
    },
  };
  return store;
}

/** An element bound to a memory transport, around a slotted "Message" textarea. */
async function mount(attributes: Readonly<Record<string, string>> = {}, style = '') {
  const memory = createMemoryTransport();
  const wrapper = await fixture<HTMLDivElement>(html`<div style="padding: 16px; ${style}"></div>`);
  const el = document.createElement('rpc-extension-ui');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.transport = memory.transport;
  const textarea = document.createElement('textarea');
  textarea.id = 'message';
  textarea.setAttribute('aria-label', 'Message');
  el.append(textarea);
  wrapper.append(el);
  const peer = memory.peer;
  return { el, wrapper, textarea, peer, transport: memory.transport, ...helpers(el, peer) };
}

function helpers(el: RpcExtensionUI, peer: MemoryPeer) {
  const part = (name: string) => el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
  const dialog = () =>
    part('dialogs')?.shadowRoot?.querySelector<HTMLElement>(
      'rpc-confirm, rpc-select, rpc-input, rpc-editor',
    ) ?? null;
  const settle = async () => {
    await frame();
    await el.updateComplete;
    for (const child of el.shadowRoot?.querySelectorAll<Updating>('*') ?? []) await child.updateComplete;
    await (dialog() as Updating | null)?.updateComplete;
  };
  // What the page sent for the user; its own question about the agent's models is apart (`asked`).
  const all = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
  const ownQuestion = (line: Record<string, unknown>) =>
    line.type === 'get_available_models' || line.type === 'get_state';
  const sent = () => all().filter((line) => !ownQuestion(line));
  const asked = () => all().filter(ownQuestion);
  return { part, dialog, settle, sent, asked };
}

describe('rpc-extension-ui', () => {
  afterEach(() => sessionStorage.clear());

  it('renders dialogs, status, notifications and widgets around the slotted composer', async () => {
    const { el, peer, part, dialog, settle, textarea } = await mount();
    peer.writeMessage(request('setWidget', { widgetKey: 'a', widgetLines: ['above'] }));
    peer.writeMessage(
      request('setWidget', { widgetKey: 'b', widgetLines: ['below'], widgetPlacement: 'belowEditor' }),
    );
    peer.writeMessage(request('setStatus', { statusKey: 'git', statusText: 'main' }));
    peer.writeMessage(request('notify', { message: 'Hello there', notifyType: 'info' }));
    peer.writeMessage(confirm('c1'));
    await settle();
    const above = part('widgets-above');
    const below = part('widgets-below');
    expect(above?.shadowRoot?.textContent).to.contain('above');
    expect(below?.shadowRoot?.textContent).to.contain('below');
    expect(textarea.assignedSlot?.closest('[part="composer"]')).to.equal(part('composer'));
    const box = textarea.getBoundingClientRect();
    expect(above?.getBoundingClientRect().bottom).to.be.at.most(box.top);
    expect(below?.getBoundingClientRect().top).to.be.at.least(box.bottom);
    expect(part('status-bar')?.shadowRoot?.querySelector('.item')?.textContent?.trim()).to.equal('main');
    expect(part('notifications')?.shadowRoot?.querySelector('.message')?.textContent).to.equal('Hello there');
    expect(dialog()?.tagName).to.equal('RPC-CONFIRM');
    expect(dialog()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm c1?');
    expect(el.controller.dialogs).to.have.length(1);
  });

  it('editor-target fills the textarea and fires rpc-editor-text', async () => {
    const { el, peer, textarea } = await mount({ 'editor-target': '#message' });
    const seen: string[] = [];
    el.addEventListener('rpc-editor-text', (event: RpcEditorTextEvent) => seen.push(event.detail.text));
    peer.writeMessage(request('set_editor_text', { text: 'fix the bug' }));
    expect(textarea.value).to.equal('fix the bug');
    expect(seen).to.deep.equal(['fix the bug']);
  });

  /** The offer of the agent's text beside a draft, by its parts. */
  const offer = (el: RpcExtensionUI) => ({
    shown: () => el.shadowRoot?.querySelector('[part="editor-offer"]') ?? null,
    text: () => el.shadowRoot?.querySelector('[part="editor-offer-text"]')?.textContent ?? '',
    use: () => el.shadowRoot?.querySelector<HTMLButtonElement>('[part="editor-offer-use"]'),
    keep: () => el.shadowRoot?.querySelector<HTMLButtonElement>('[part="editor-offer-keep"]'),
  });

  it("editor-target never replaces the user's draft: leaving the field keeps it; the agent's text is offered", async () => {
    const { el, peer, textarea, settle } = await mount({ 'editor-target': '#message' });
    const seen: boolean[] = [];
    el.addEventListener('rpc-editor-text', (event: RpcEditorTextEvent) => seen.push(event.detail.deferred));
    textarea.focus();
    await typeText('my half-written prompt');
    peer.writeMessage(request('set_editor_text', { text: '/test --all' }));
    await settle();
    expect(seen).to.deep.equal([true]);
    // Tab away to Send, as the user did: the draft stays.
    textarea.blur();
    await settle();
    expect(textarea.value).to.equal('my half-written prompt');
    expect(offer(el).text()).to.equal('/test --all');
    // A group named by what it says, which is also announced (a status).
    const group = offer(el).shown();
    const label = el.shadowRoot?.getElementById(group?.getAttribute('aria-labelledby') ?? '');
    expect(group?.getAttribute('role')).to.equal('group');
    expect(label?.getAttribute('role')).to.equal('status');
    expect(label?.textContent).to.equal(
      'The agent suggests this text for your message. Yours is kept until you choose.',
    );
    await expect(el).to.be.accessible();
    offer(el).keep()?.click();
    await settle();
    expect(offer(el).shown()).to.equal(null);
    expect(textarea.value).to.equal('my half-written prompt');
    expect(document.activeElement).to.equal(textarea);
  });

  it("editor-target: Use puts the agent's text in; a newer text replaces the offer; an empty field takes it at once", async () => {
    const { el, peer, textarea, settle } = await mount({ 'editor-target': '#message' });
    textarea.focus();
    await typeText('mine');
    peer.writeMessage(request('set_editor_text', { text: 'first' }));
    peer.writeMessage(request('set_editor_text', { text: 'second' }));
    await settle();
    expect(offer(el).text()).to.equal('second');
    offer(el).use()?.click();
    await settle();
    expect(textarea.value).to.equal('second');
    expect(offer(el).shown()).to.equal(null);
    // The agent's own text, untouched, is not a draft: the next one goes in at once.
    peer.writeMessage(request('set_editor_text', { text: 'third' }));
    expect(textarea.value).to.equal('third');
    textarea.value = '';
    peer.writeMessage(request('set_editor_text', { text: 'fourth' }));
    expect(textarea.value).to.equal('fourth');
  });

  it("editor-target: the agent's own text is not a draft, whatever the field made of its line breaks", async () => {
    const { el, peer, textarea, settle } = await mount({ 'editor-target': '#message' });
    peer.writeMessage(request('set_editor_text', { text: 'one\r\ntwo\rthree' }));
    expect(textarea.value).to.equal('one\ntwo\nthree');
    peer.writeMessage(request('set_editor_text', { text: 'next' }));
    await settle();
    expect(textarea.value).to.equal('next');
    expect(offer(el).shown()).to.equal(null);
  });

  it('editor-target: a draft is kept while a question has focus, and after it, wherever focus went', async () => {
    const { el, peer, textarea, settle, wrapper } = await mount({ 'editor-target': '#message' });
    const other = document.createElement('button');
    other.textContent = 'Other';
    wrapper.append(other);
    textarea.focus();
    await typeText('my prompt');
    other.focus();
    peer.writeMessage(confirm('c1'));
    await settle();
    peer.writeMessage(request('set_editor_text', { text: 'agent text' }));
    await press('Escape');
    await settle();
    await until("the agent's text is offered beside the draft", () => offer(el).text() === 'agent text');
    expect(textarea.value).to.equal('my prompt');
    expect(offer(el).text()).to.equal('agent text');
  });

  it('without editor-target only fires rpc-editor-text', async () => {
    const { el, peer, textarea } = await mount();
    const seen: string[] = [];
    el.addEventListener('rpc-editor-text', (event: RpcEditorTextEvent) => seen.push(event.detail.text));
    peer.writeMessage(request('set_editor_text', { text: 'x' }));
    expect(textarea.value).to.equal('');
    expect(seen).to.deep.equal(['x']);
  });

  it('title-target="document" sets document.title (throttled) and fires rpc-title', async () => {
    const before = document.title;
    try {
      const { el, peer } = await mount({ 'title-target': 'document' });
      const seen: string[] = [];
      el.addEventListener('rpc-title', (event: RpcTitleEvent) => seen.push(event.detail.text));
      peer.writeMessage(request('setTitle', { title: '\u001b[1mpi\u001b[0m: one' }));
      peer.writeMessage(request('setTitle', { title: 'pi: two' }));
      expect(document.title).to.equal('pi: one');
      await until('the trailing title', () => document.title === 'pi: two', 1000);
      expect(seen).to.deep.equal(['pi: one', 'pi: two']);
    } finally {
      document.title = before;
    }
  });

  it('without title-target leaves document.title alone', async () => {
    const before = document.title;
    const { el, peer } = await mount();
    const seen: string[] = [];
    el.addEventListener('rpc-title', (event: RpcTitleEvent) => seen.push(event.detail.text));
    peer.writeMessage(request('setTitle', { title: 'agent' }));
    // A barrier, not a guess: a title write is at once or on a timer of at most 250 ms (the
    // throttle's window), and a timer of the page never fires before one set earlier that is as
    // short or shorter; so by the end of this one any write has come, however slow the machine.
    await sleep(300);
    expect(document.title).to.equal(before);
    expect(seen).to.deep.equal(['agent']);
  });

  it('reflects the connection state and fires rpc-connection on each change', async () => {
    const { el, peer, part, settle } = await mount();
    const states: string[] = [];
    el.addEventListener('rpc-connection', (event: RpcConnectionEvent) => states.push(event.detail.state));
    await settle();
    expect(el.getAttribute('connection')).to.equal('connected');
    expect(el.connection).to.equal('connected');
    const pill = part('connection');
    expect(pill?.getAttribute('role')).to.equal('status');
    expect(pill?.textContent?.trim()).to.equal('Connected');
    peer.end();
    await settle();
    expect(el.getAttribute('connection')).to.equal('closed');
    expect(pill?.textContent?.trim()).to.equal('Disconnected');
    expect(states).to.deep.equal(['closed']);
  });

  it('maps every transport state, announcing changes only, with a dot that respects reduced motion', async () => {
    const { el, part, settle } = await mount();
    const transport = new ManualTransport();
    const states: string[] = [];
    el.addEventListener('rpc-connection', (event: RpcConnectionEvent) => states.push(event.detail.state));
    el.transport = transport;
    await settle();
    const label = () => part('connection')?.textContent?.trim();
    const dot = () => getComputedStyle(part('connection-indicator') as HTMLElement);
    expect(label()).to.equal('Connecting…');
    expect(dot().animationName).to.equal('pulse');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(dot().animationName).to.equal('none');
    await emulateMedia({ reducedMotion: 'no-preference' });
    transport.move('open');
    await settle();
    expect(label()).to.equal('Connected');
    transport.move('reconnecting');
    await settle();
    expect(label()).to.equal('Reconnecting…');
    expect(el.getAttribute('connection')).to.equal('reconnecting');
    transport.move('open');
    transport.move('closed');
    await settle();
    expect(label()).to.equal('Disconnected');
    expect(states).to.deep.equal(['connecting', 'connected', 'reconnecting', 'connected', 'closed']);
  });

  itWithForcedColors('keeps the connection state outlined in forced colours', async () => {
    const { el, part, settle } = await mount();
    el.transport = new ManualTransport();
    await settle();
    await emulateMedia({ forcedColors: 'active' });
    try {
      expect(getComputedStyle(part('connection') as HTMLElement).borderTopStyle).to.equal('solid');
    } finally {
      await emulateMedia({ forcedColors: '' });
    }
  });

  it('lays out right to left and takes overridden strings', async () => {
    const { el, part, settle } = await mount({ dir: 'rtl' });
    el.strings = { connectionConnected: 'Verbunden' };
    await settle();
    expect(part('connection')?.textContent?.trim()).to.equal('Verbunden');
    const pill = part('connection')?.getBoundingClientRect();
    const header = part('header')?.getBoundingClientRect();
    expect(pill?.left).to.be.closeTo(header?.left ?? 0, 1);
  });

  it('takes the colour scheme set on it into every part, the dialogs too', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const { peer, part, dialog, settle } = await mount({ style: 'color-scheme: dark' });
    // pi's warning yellow, as its dark theme writes it: readable as sent in the dark scheme.
    peer.writeMessage(
      request('setStatus', { statusKey: 'w', statusText: '\u001b[38;2;255;255;0mwarn\u001b[39m' }),
    );
    peer.writeMessage(confirm('c-dark'));
    await settle();
    const span = part('status-bar')?.shadowRoot?.querySelector('.ansi');
    expect(getComputedStyle(span as Element).color).to.equal('rgb(255, 255, 0)');
    const shown = dialog()?.shadowRoot?.querySelector('dialog');
    expect(getComputedStyle(shown as Element).backgroundColor).to.equal('rgb(37, 37, 38)');
  });

  it('re-attaches when the transport changes, without closing the host transport', async () => {
    const { el, transport, settle } = await mount();
    const next = createMemoryTransport();
    el.transport = next.transport;
    next.peer.writeMessage(confirm('n1'));
    await settle();
    expect(transport.state).to.equal('open');
    expect(el.controller.dialogs.map((d) => d.request.id)).to.deep.equal(['n1']);
    el.remove();
    expect(next.transport.state).to.equal('open');
  });

  it('stop() answers every pending dialog cancelled, then sends abort', async () => {
    const { el, peer, settle, sent, dialog } = await mount();
    peer.writeMessage(confirm('a'));
    peer.writeMessage(confirm('b'));
    await settle();
    const events: RpcStopEvent[] = [];
    el.addEventListener('rpc-stop', (event: RpcStopEvent) => events.push(event));
    expect(el.stop()).to.equal(true);
    await settle();
    expect(sent()).to.deep.equal([
      { type: 'extension_ui_response', id: 'a', cancelled: true },
      { type: 'extension_ui_response', id: 'b', cancelled: true },
      { type: 'abort' },
    ]);
    expect(events.map((event) => event.detail)).to.deep.equal([{ abort: true }]);
    expect(events[0]?.cancelable).to.equal(true);
    expect(dialog()).to.equal(null);
  });

  it('stop({ abort: false }) only cancels the dialogs', async () => {
    const { el, peer, sent } = await mount();
    peer.writeMessage(confirm('a'));
    el.stop({ abort: false });
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', cancelled: true }]);
  });

  it('sends nothing when rpc-stop is cancelled', async () => {
    const { el, peer, sent } = await mount();
    peer.writeMessage(confirm('a'));
    el.addEventListener('rpc-stop', (event) => event.preventDefault());
    expect(el.stop()).to.equal(false);
    expect(sent()).to.deep.equal([]);
    expect(el.controller.dialogs).to.have.length(1);
  });

  it('closes a dialog locally on rpc_ui_dialog_closed, sending nothing, and says it was answered in another tab', async () => {
    const { el, peer, settle, sent, dialog } = await mount();
    peer.writeMessage(confirm('a'));
    await settle();
    expect(dialog()).not.to.equal(null);
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'a', reason: 'answered' });
    await settle();
    expect(dialog()).to.equal(null);
    expect(el.controller.dialogs).to.have.length(0);
    expect(sent()).to.deep.equal([]);
    expect(el.controller.notifications.map((n) => [n.notifyType, worded(n)])).to.deep.equal([
      ['info', '“\u2068Confirm a?\u2069” was answered in another tab.'],
    ]);
  });

  it('while a page-modal dialog is open, what the page announces is said inside it (the rest is inert to screen readers)', async () => {
    const { peer, settle, dialog } = await mount();
    peer.writeMessage(confirm('a'));
    await settle();
    expect(dialog()).not.to.equal(null);
    const heard = async (text: string) =>
      (await findNode((node) => node.name?.includes(text) ?? false)) !== undefined;
    // Only text inside the modal dialog is in the accessibility tree now.
    peer.writeMessage(request('notify', { message: 'disk full', notifyType: 'error' }));
    peer.writeMessage(request('setStatus', { statusKey: 'build', statusText: 'failing' }));
    await settle();
    await until('the relayed notification', () => heard('Error: disk full'));
    await until('the relayed status', () => heard('failing'));
  });

  it('notification-duration sets how long info and warnings stay (0: until dismissed)', async () => {
    const { el, part, settle } = await mount({ 'notification-duration': '0' });
    await settle();
    const notifications = part('notifications') as RpcNotifications;
    expect(notifications.duration).to.equal(0);
    el.setAttribute('notification-duration', '20000');
    await settle();
    expect(notifications.duration).to.equal(20000);
  });

  it('an answer that could not be sent in time is said once: not again when the bridge drops it late', async () => {
    const transport = new ManualTransport();
    const el = document.createElement('rpc-extension-ui');
    el.transport = transport;
    await fixture(html`<div></div>`).then((wrapper) => wrapper.append(el));
    transport.move('open');
    transport.deliver(confirm('late', { timeout: 300 }));
    transport.move('reconnecting');
    expect(el.controller.respond('late', { confirmed: true })).to.equal('sent');
    const notice = () =>
      el.shadowRoot?.querySelector('rpc-dialogs')?.shadowRoot?.querySelector('[role="status"]');
    const said = 'could not be sent before the agent stopped waiting';
    await until('the deadline passes and the notice says so', () => !!notice()?.textContent?.includes(said));
    expect(notice()?.textContent).to.contain(said);
    // Back: the outbox goes out, and the bridge says the answer came after the deadline.
    transport.move('open');
    transport.deliver({ type: 'rpc_ui_dialog_closed', id: 'late', reason: 'expired' });
    await el.updateComplete;
    expect(el.controller.notifications).to.deep.equal([]);
  });

  it('warns the developer of an unreadable line, and of each unknown method once', async () => {
    const warned: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warned.push(message);
    try {
      const { peer, settle } = await mount();
      peer.write('{"type":"extension_ui_request","id":"x",\n');
      for (let i = 0; i < 3; i++) peer.writeMessage(request('setWorkingIndicator', { text: 'busy' }));
      await settle();
    } finally {
      console.warn = original;
    }
    expect(warned.map((message) => message.replace(/ \(.*/, ''))).to.deep.equal([
      'rpc-extension-ui: An extension UI request is not valid JSON',
      'rpc-extension-ui: Unknown extension UI method "setWorkingIndicator"; the request was ignored and not answered.',
    ]);
  });

  it('in a small viewport the notifications stay in the flow: they never cover the composer', async () => {
    const { peer, settle, textarea } = await mount(
      {},
      'position: absolute; inset-block-end: 0; inset-inline: 0',
    );
    // As narrow as WebKitGTK's MiniBrowser goes (its toolbar keeps it 447 px wide at least).
    const before = viewportSize();
    await setViewport({ width: 480, height: 256 });
    try {
      for (const type of ['info', 'warning', 'error'])
        peer.writeMessage(request('notify', { message: `a ${type} notification`, notifyType: type }));
      await settle();
      textarea.focus();
      const box = textarea.getBoundingClientRect();
      for (const [x, y] of [
        [box.left + 4, box.top + 4],
        [box.right - 4, box.bottom - 4],
        [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
      ] as const)
        expect(document.elementFromPoint(x, y)?.localName, `at ${x}, ${y}`).to.equal('textarea');
    } finally {
      await setViewport(before);
    }
  });

  it('says when the bridge did not take an answer given here: another tab came first, or it came too late', async () => {
    const { el, peer, settle, dialog } = await mount();
    const notes = () => el.controller.notifications.map((n) => [n.notifyType, worded(n)]);
    for (const id of ['raced', 'late', 'gone']) {
      peer.writeMessage(confirm(id));
      await settle();
      el.controller.respond(id, { confirmed: true });
    }
    await settle();
    expect(dialog()).to.equal(null);
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'raced', reason: 'answered' });
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'late', reason: 'expired' });
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'gone', reason: 'agent-exit' });
    // Said once, however often the bridge says it.
    peer.writeMessage({ type: 'rpc_ui_dialog_closed', id: 'late', reason: 'expired' });
    await settle();
    expect(notes()).to.deep.equal([
      ['warning', 'Another tab answered “\u2068Confirm raced?\u2069” first: your answer was not used.'],
      [
        'warning',
        'Your answer to “\u2068Confirm late?\u2069” arrived after the agent stopped waiting: it went on with its default.',
      ],
    ]);
    const shown = el.shadowRoot?.querySelector('rpc-notifications')?.shadowRoot?.textContent ?? '';
    expect(shown).to.contain('your answer was not used');
  });

  it('drops on rpc_ui_hello what the bridge no longer lists (ended while away), sending nothing', async () => {
    const { el, peer, settle, sent, part, dialog } = await mount();
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true });
    peer.writeMessage(confirm('answered-elsewhere'));
    peer.writeMessage(confirm('still-open'));
    peer.writeMessage(request('setStatus', { statusKey: 'build', statusText: 'running' }));
    peer.writeMessage(request('setStatus', { statusKey: 'git', statusText: 'main' }));
    peer.writeMessage(request('setWidget', { widgetKey: 'w', widgetLines: ['stale widget'] }));
    await settle();
    expect(dialog()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm answered-elsewhere?');
    // Reconnected: the bridge lists what is live, then replays it.
    peer.writeMessage({
      type: 'rpc_ui_hello',
      agent: 'pi',
      session: 's1',
      running: true,
      dialogs: ['still-open'],
      statuses: ['git'],
      widgets: [],
    });
    peer.writeMessage(request('setStatus', { statusKey: 'git', statusText: 'main' }));
    peer.writeMessage(confirm('still-open'));
    await settle();
    expect(dialog()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm still-open?');
    expect(el.controller.dialogs.map((d) => d.request.id)).to.deep.equal(['still-open']);
    expect(part('status-bar')?.shadowRoot?.textContent).to.contain('main');
    expect(part('status-bar')?.shadowRoot?.textContent).not.to.contain('running');
    expect(part('widgets-above')?.shadowRoot?.textContent).not.to.contain('stale widget');
    expect(sent()).to.deep.equal([]);
    // An older bridge names no agent process: this tab cannot tell it is the same one, so its
    // dialogs go (nothing is sent), and the replay brings back what is live. It lists no statuses:
    // they are kept.
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true });
    await settle();
    expect(el.controller.dialogs).to.have.length(0);
    peer.writeMessage(confirm('still-open'));
    await settle();
    expect(el.controller.dialogs).to.have.length(1);
    expect(el.controller.statuses).to.have.length(1);
    expect(sent()).to.deep.equal([]);
  });

  it('answers a dialog with bad fields cancelled and tells the user and the console', async () => {
    const { peer, settle, sent, part, dialog } = await mount();
    await settle();
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      // What pi writes for an extension's ctx.ui.confirm('Proceed?') without a message.
      peer.writeMessage({ type: 'extension_ui_request', id: 'bad', method: 'confirm', title: 'Proceed?' });
      await settle();
    } finally {
      console.warn = original;
    }
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'bad', cancelled: true }]);
    expect(dialog()).to.equal(null);
    const shown = part('notifications')?.shadowRoot;
    expect(shown?.querySelector('[part~="notification-error"]')?.textContent).to.contain(
      'The agent asked a confirm that cannot be shown (wrong or missing: message): it was answered as cancelled.',
    );
    await until('the alert', () =>
      Boolean(shown?.querySelector('[role="alert"]')?.textContent?.includes('answered as cancelled')),
    );
    expect(String(warnings[0]?.[0])).to.contain('rpc-extension-ui: Invalid confirm request');
  });

  it('sends the cancel of a dialog with bad fields again, once, when the bridge replays it', async () => {
    const { peer, settle, sent } = await mount();
    const hello = { type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true };
    const bad = { type: 'extension_ui_request', id: 'bad', method: 'confirm', title: 'Proceed?' };
    const original = console.warn;
    console.warn = () => undefined;
    try {
      peer.writeMessage(hello);
      peer.writeMessage(bad);
      // The cancel was lost with the connection: the bridge replays the dialog, once and again.
      peer.writeMessage(hello);
      peer.writeMessage(bad);
      peer.writeMessage(bad);
      await settle();
    } finally {
      console.warn = original;
    }
    const cancel = { type: 'extension_ui_response', id: 'bad', cancelled: true };
    expect(sent()).to.deep.equal([cancel, cancel]);
  });

  it('shows the agent exit with its code and stderr, and closes dialogs locally', async () => {
    const { el, peer, settle, sent, part, dialog } = await mount();
    const states: string[] = [];
    el.addEventListener('rpc-connection', (event: RpcConnectionEvent) => states.push(event.detail.state));
    peer.writeMessage(confirm('a'));
    await settle();
    expect(part('exit')).to.equal(null);
    peer.writeMessage({
      type: 'rpc_ui_agent_exit',
      code: 3,
      signal: null,
      stderr: ['Error: boom', '    at main (agent.js:1:1)'],
    });
    await settle();
    expect(part('exit-message')?.textContent).to.equal('Agent exited (code 3)');
    const details = part('exit-details') as HTMLDetailsElement;
    expect(details.open).to.equal(false);
    expect(part('exit-summary')?.textContent).to.equal('Last error output (2 lines)');
    expect(part('stderr')?.textContent).to.equal('Error: boom\n    at main (agent.js:1:1)');
    expect(el.getAttribute('connection')).to.equal('agent-exited');
    expect(part('connection')?.textContent?.trim()).to.equal('Agent exited');
    expect(states).to.deep.equal(['agent-exited']);
    expect(dialog()).to.equal(null);
    expect(sent()).to.deep.equal([]);
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', running: true });
    await settle();
    expect(part('exit')).to.equal(null);
    expect(el.getAttribute('connection')).to.equal('connected');
  });

  it('offers to start the agent again after it exited, through the bridge; a new hello clears the exit', async () => {
    const { el, peer, settle, sent, part } = await mount();
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true });
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null, stderr: [] });
    await settle();
    const restart = part('restart') as HTMLButtonElement;
    expect(restart.textContent).to.equal('Start the agent again');
    restart.focus();
    await press('Enter');
    expect(sent()).to.deep.equal([{ type: 'rpc_ui_restart_agent' }]);
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's2', running: true });
    await settle();
    expect(part('exit')).to.equal(null);
    expect(el.getAttribute('connection')).to.equal('connected');
  });

  it('once the bridge itself is gone after the exit, says the connection is, and offers no dead restart', async () => {
    const { el, peer, settle, part, transport } = await mount();
    peer.writeMessage({ type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true });
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 0, signal: null, stderr: [] });
    await settle();
    expect(part('restart')).to.not.equal(null);
    // The bridge stopped: its agent's exit came first, then the connection closed.
    transport.close();
    await settle();
    expect(el.getAttribute('connection')).to.equal('closed');
    expect(part('connection')?.textContent?.trim()).to.equal('Disconnected');
    expect(part('exit-message')?.textContent).to.equal('Agent exited (code 0)');
    expect(part('restart')).to.equal(null);
  });

  it('an element written in the page with its url opens one WebSocket, not a first one dropped at once', async () => {
    const Real = window.WebSocket;
    const opened: string[] = [];
    window.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(String(url));
      }
    };
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    try {
      // Parsed into a page that is already there: upgraded while connected, attributes first.
      wrapper.insertAdjacentHTML(
        'beforeend',
        '<rpc-extension-ui url="ws://127.0.0.1:9/rpc"></rpc-extension-ui>',
      );
      const el = wrapper.querySelector('rpc-extension-ui') as RpcExtensionUI;
      await el.updateComplete;
      expect(opened).to.deep.equal(['ws://127.0.0.1:9/rpc']);
      el.remove();
    } finally {
      window.WebSocket = Real;
    }
  });

  it('offers no restart without the bridge (its exit came from a host of its own)', async () => {
    const { peer, settle, part } = await mount();
    peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null, stderr: [] });
    await settle();
    expect(part('exit-message')?.textContent).to.equal('Agent exited (code 1)');
    expect(part('restart')).to.equal(null);
  });

  describe('persist="session"', () => {
    it('a pending dialog survives removing and re-adding, with its remaining time', async () => {
      const key = `rpc-test-${++serial}`;
      const first = await mount({ persist: 'session', 'persist-key': key });
      const asked = performance.now();
      first.peer.writeMessage(confirm('p1', { timeout: 10_000 }));
      await first.settle();
      await frame();
      expect(sessionStorage.getItem(key)).to.contain('p1');
      // Time is the stimulus: the remaining time restored must have gone down by the time away.
      await sleep(300);
      first.el.remove();
      // The same element comes back with its dialog.
      first.wrapper.append(first.el);
      await first.settle();
      expect(first.dialog()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm p1?');
      first.el.remove();

      // A new element, with a fresh controller and transport, restores it from sessionStorage.
      const second = await mount({ persist: 'session', 'persist-key': key });
      await second.settle();
      const [restored] = second.el.controller.dialogs;
      expect(restored?.request.id).to.equal('p1');
      const remaining = restored ? second.el.controller.remaining(restored) : undefined;
      // At least the 300 ms waited have gone; at most the time since it was asked (however slow
      // the machine), less a little for the clocks' rounding.
      const away = performance.now() - asked;
      expect(remaining).to.be.within(10_000 - away - 50, 9800);
      expect(second.dialog()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm p1?');
      // It can still be answered, through the new transport.
      second.el.controller.respond('p1', { confirmed: true });
      expect(second.sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'p1', confirmed: true }]);
    });

    it('the text typed in an editor or input dialog comes back after a reload', async () => {
      const key = `rpc-test-${++serial}`;
      const first = await mount({ persist: 'session', 'persist-key': key });
      first.peer.writeMessage(request('editor', { id: 'e1', title: 'Release notes', prefill: '## 0.2.0\n' }));
      first.peer.writeMessage(request('input', { id: 'i1', title: 'Name?' }));
      await first.settle();
      await typeText('- Faster');
      await frame();
      first.el.remove(); // the page goes (it saves on the way out)

      const second = await mount({ persist: 'session', 'persist-key': key });
      await second.settle();
      const field = () => second.dialog()?.shadowRoot?.querySelector<HTMLTextAreaElement>('#field');
      expect(field()?.value).to.equal('## 0.2.0\n- Faster');
      expect(field()?.selectionStart).to.equal(field()?.value.length); // the caret at the end, as on open
      await typeText(' ✓');
      await keyDown('Control');
      await press('Enter');
      await keyUp('Control');
      await second.settle();
      await typeText('Ada');
      await frame();
      second.el.remove();

      const third = await mount({ persist: 'session', 'persist-key': key });
      await third.settle();
      expect(third.dialog()?.shadowRoot?.querySelector<HTMLInputElement>('#field')?.value).to.equal('Ada');
      expect(second.sent()).to.deep.equal([
        { type: 'extension_ui_response', id: 'e1', value: '## 0.2.0\n- Faster ✓' },
      ]);
    });

    for (const [label, stored] of [
      ['not a snapshot', JSON.stringify({ version: 2, dialogs: 'no' })],
      ['not JSON', '{"version":1,'],
    ] as const) {
      it(`ignores, reports once and clears a corrupt stored value (${label})`, async () => {
        const key = `rpc-test-${++serial}`;
        sessionStorage.setItem(key, stored);
        const warnings: unknown[][] = [];
        const warn = console.warn;
        console.warn = (...args: unknown[]) => warnings.push(args);
        try {
          const { el, peer, settle } = await mount({ persist: 'session', 'persist-key': key });
          expect(sessionStorage.getItem(key)).to.equal(null);
          await settle();
          expect(warnings).to.have.length(1);
          expect(el.controller.dialogs).to.have.length(0);
          // Then the element's own, valid state is stored.
          const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { version?: number } | null;
          expect(saved?.version).to.equal(2);
          peer.writeMessage(confirm('ok'));
          await settle();
          expect(el.controller.dialogs).to.have.length(1);
        } finally {
          console.warn = warn;
        }
      });
    }

    // The bridge names its agent process, and lists the dialogs it still waits on.
    const hello = { type: 'rpc_ui_hello', agent: 'pi', session: 's1', running: true, dialogs: [] };
    const replaying = { ...hello, dialogs: ['lost'] };

    /** A page storing its state under a fresh key that got the bridge's hello and answered confirm "lost". */
    async function answeredPage(confirmed: boolean) {
      const key = `rpc-test-${++serial}`;
      const page = await mount({ persist: 'session', 'persist-key': key });
      page.peer.writeMessage(hello);
      page.peer.writeMessage(confirm('lost'));
      await page.settle();
      page.el.controller.respond('lost', { confirmed });
      return { key, ...page };
    }

    it('sends an answer lost in a reload once, when the bridge replays its dialog', async () => {
      const first = await answeredPage(false);
      const { key } = first;
      await frame();
      // The page goes away before the answer leaves (it sat in a socket's outbox, say).
      first.el.remove();

      const second = await mount({ persist: 'session', 'persist-key': key });
      await second.settle();
      expect(second.sent()).to.deep.equal([]);
      second.peer.writeMessage(replaying);
      second.peer.writeMessage(confirm('lost'));
      second.peer.writeMessage(confirm('lost'));
      await second.settle();
      expect(second.sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'lost', confirmed: false }]);
      expect(second.dialog()).to.equal(null);

      // Nor does a further reload bring it back.
      await frame();
      second.el.remove();
      const third = await mount({ persist: 'session', 'persist-key': key });
      third.peer.writeMessage(replaying);
      third.peer.writeMessage(confirm('lost'));
      await third.settle();
      expect(third.sent()).to.deep.equal([]);
    });

    it('stores the answers and the smaller notifications beside a notification of megabytes', async () => {
      const first = await answeredPage(true);
      const { key } = first;
      first.peer.writeMessage(request('notify', { message: 'kept', notifyType: 'error' }));
      first.peer.writeMessage(request('notify', { message: 'x'.repeat(6_000_000), notifyType: 'error' }));
      await first.settle();
      first.el.remove();

      const second = await mount({ persist: 'session', 'persist-key': key });
      await second.settle();
      const notes = second.part('notifications');
      const messages = [...(notes?.shadowRoot?.querySelectorAll('.message') ?? [])].map((m) => m.textContent);
      expect(messages).to.deep.equal(['kept']);
      second.peer.writeMessage(replaying);
      second.peer.writeMessage(confirm('lost'));
      await second.settle();
      expect(second.sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'lost', confirmed: true }]);
    });

    it('keeps the answers when the notifications do not fit in the store', async () => {
      const store = smallStore();
      const first = await mount();
      first.el.stateStore = store;
      first.peer.writeMessage(hello);
      first.peer.writeMessage(confirm('lost'));
      first.el.controller.respond('lost', { confirmed: false });
      first.peer.writeMessage(request('notify', { message: 'x'.repeat(150_000), notifyType: 'error' }));
      first.el.remove();
      expect(JSON.stringify(store.state)).to.contain(
        '"answers":[{"response":{"type":"extension_ui_response","id":"lost"',
      );
    });

    it('keeps the dialogs when an editor text of megabytes does not fit in the store', async () => {
      const store = smallStore();
      const first = await mount();
      first.el.stateStore = store;
      first.peer.writeMessage(request('set_editor_text', { text: 'x'.repeat(150_000) }));
      first.peer.writeMessage(confirm('kept'));
      first.el.remove();
      expect(JSON.stringify(store.state)).to.contain('"id":"kept"');
    });

    it('keeps the dialogs, without their drafts, when a draft of megabytes does not fit in the store', async () => {
      const store = smallStore();
      const first = await mount();
      first.el.stateStore = store;
      first.peer.writeMessage(request('editor', { id: 'big', title: 'Paste here' }));
      first.peer.writeMessage(confirm('kept'));
      first.el.controller.setDraft('big', 'x'.repeat(150_000));
      first.el.remove();
      const stored = JSON.stringify(store.state);
      expect(stored).to.contain('"id":"kept"').and.to.contain('"id":"big"');
      expect(stored).to.not.contain('xxxxxxxx');
    });

    it('does not bring back dismissed notifications', async () => {
      const key = `rpc-test-${++serial}`;
      const first = await mount({ persist: 'session', 'persist-key': key });
      const notes = first.part('notifications') as RpcNotifications;
      notes.duration = 50;
      first.peer.writeMessage(request('notify', { message: 'gone by itself' }));
      await first.settle();
      await until('the first note goes by itself', () => first.el.controller.notifications.length === 0);
      first.peer.writeMessage(request('notify', { message: 'dismissed', notifyType: 'error' }));
      first.peer.writeMessage(request('notify', { message: 'stays', notifyType: 'error' }));
      await first.settle();
      notes.shadowRoot?.querySelectorAll<HTMLButtonElement>('.close')[1]?.click();
      await first.settle();
      first.el.remove();

      const second = await mount({ persist: 'session', 'persist-key': key });
      await second.settle();
      const shown = second.part('notifications')?.shadowRoot?.querySelectorAll('.message') ?? [];
      expect([...shown].map((m) => m.textContent)).to.deep.equal(['stays']);
    });

    it('keeps the snapshot in a host state store, beside the host state', async () => {
      let state: unknown = { host: 'kept' };
      const store = { getState: () => state, setState: (next: unknown) => (state = next) };
      const first = await mount();
      first.el.stateStore = store;
      first.peer.writeMessage(confirm('s1'));
      first.el.remove();
      expect((state as { host: string }).host).to.equal('kept');
      expect(JSON.stringify(state)).to.contain('s1');
      const second = await mount();
      second.el.remove();
      second.el.stateStore = store;
      second.wrapper.append(second.el);
      expect(second.el.controller.dialogs.map((d) => d.request.id)).to.deep.equal(['s1']);
    });
  });

  describe('with a url', () => {
    const server = {
      port: async () => (await executeServerCommand<{ port: number }, undefined>('ws-server-info')).port,
      send: (path: string, text: string) =>
        executeServerCommand<{ sent: number }, object>('ws-send', { path, text }),
      connections: (path: string) =>
        executeServerCommand<{ open: number; total: number }, object>('ws-connections', { path }),
      reset: (path: string) => executeServerCommand<boolean, object>('ws-reset', { path }),
    };

    it('connects, shows "Connected", receives requests and closes its socket when removed', async () => {
      const path = `/t/extension-ui-${Date.now().toString(36)}`;
      const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
      const el = document.createElement('rpc-extension-ui');
      const states: string[] = [];
      el.addEventListener('rpc-connection', (event: RpcConnectionEvent) => states.push(event.detail.state));
      el.url = `ws://127.0.0.1:${await server.port()}${path}`;
      wrapper.append(el);
      const { part, settle } = helpers(el, createMemoryTransport().peer);
      try {
        await until('connected', () => el.getAttribute('connection') === 'connected');
        await settle();
        expect(part('connection')?.textContent?.trim()).to.equal('Connected');
        expect(states).to.deep.equal(['connecting', 'connected']);
        await server.send(path, JSON.stringify(confirm('w1')));
        await until('the dialog', () => el.controller.dialogs.length === 1);
        el.remove();
        await until('the socket closed', async () => (await server.connections(path)).open === 0);
        expect(states.at(-1)).to.equal('connected');
      } finally {
        el.remove();
        await server.reset(path);
      }
    });
  });

  it('shows the login panel above the widgets, with login-providers passed through', async () => {
    const { el, peer, part, settle, sent } = await mount({ 'login-providers': 'anthropic, openai-codex' });
    await settle();
    const login = part('login') as RpcLogin;
    expect(login.localName).to.equal('rpc-login');
    expect(el.loginProviders).to.deep.equal(['anthropic', 'openai-codex']);
    expect(login.providers).to.deep.equal(['anthropic', 'openai-codex']);
    const button = login.shadowRoot?.querySelector<HTMLButtonElement>('[part="start-button"]');
    button?.click();
    expect(sent().at(-1)).to.deep.include({
      type: 'login_provider',
      provider: 'anthropic',
      authType: 'oauth',
    });
    peer.writeMessage(request('setWidget', { widgetKey: 'a', widgetLines: ['above'] }));
    peer.writeMessage(
      request('open_url', {
        url: 'https://claude.ai/oauth/authorize?x=1',
        launchUrl: 'http://localhost:54545/launch',
      }),
    );
    await settle();
    await login.updateComplete;
    const cards = login.shadowRoot?.querySelectorAll('.card') ?? [];
    expect(cards).to.have.length(2);
    const above = part('widgets-above') as HTMLElement;
    expect(login.getBoundingClientRect().bottom).to.be.at.most(above.getBoundingClientRect().top);
    expect(login.shadowRoot?.querySelector('a[part="link"]')?.getAttribute('href')).to.equal(
      'https://claude.ai/oauth/authorize?x=1',
    );
    // Without a login or providers it shows nothing.
    el.loginProviders = [];
    el.controller.logins.clear();
    await settle();
    await login.updateComplete;
    expect(login.shadowRoot?.querySelector('[part="base"]')).to.equal(null);
    expect(login.getBoundingClientRect().height).to.equal(0);
  });

  it('asks the agent for its models once it is connected, offers the providers it names by its names, and Stop ends a sign-in cancelled', async () => {
    const { el, peer, part, settle, sent, asked } = await mount();
    await settle();
    expect(asked().map((line) => line.type)).to.deep.equal(['get_available_models']);
    peer.writeMessage({
      type: 'response',
      id: asked()[0]?.id,
      command: 'get_available_models',
      success: true,
      data: {
        models: [],
        oauthProviders: [
          { id: 'anthropic', name: 'Anthropic' },
          { id: 'openai-codex', name: 'OpenAI Codex' },
        ],
      },
    });
    await settle();
    const login = part('login') as RpcLogin;
    await login.updateComplete;
    const options = [...(login.shadowRoot?.querySelectorAll('option') ?? [])];
    expect(options.map((option) => [option.value, option.textContent])).to.deep.equal([
      ['anthropic', 'Anthropic'],
      ['openai-codex', 'OpenAI Codex'],
    ]);
    login.shadowRoot?.querySelector<HTMLButtonElement>('[part="start-button"]')?.click();
    peer.writeMessage(request('oauth_manual_code', { provider: 'anthropic', loginId: 'anthropic' }));
    await settle();
    el.stop();
    await settle();
    // The sign-in is cancelled, once; its question is not answered (an empty code would fail it).
    expect(sent().map((line) => line.type)).to.deep.equal([
      'login_provider',
      'cancel_login_provider',
      'abort',
    ]);
    peer.writeMessage({
      type: 'response',
      id: sent()[0]?.id,
      command: 'login_provider',
      success: true,
      data: { provider: 'anthropic', cancelled: true },
    });
    await settle();
    await login.updateComplete;
    const card = login.shadowRoot?.querySelector<HTMLElement>('.card');
    expect(card?.querySelector('[part="title"]')?.textContent).to.equal('Sign in to Anthropic');
    expect(card?.dataset.state).to.equal('cancelled');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no axe violations with a dialog open (${scheme})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      try {
        const background = scheme === 'dark' ? 'background: #1e1e1e; color: #e4e4e4' : '';
        const { peer, settle, dialog, wrapper, el } = await mount({}, background);
        peer.writeMessage(request('setWidget', { widgetKey: 'w', widgetLines: ['widget'] }));
        peer.writeMessage(request('setStatus', { statusKey: 's', statusText: 'status' }));
        peer.writeMessage(request('notify', { message: 'note', notifyType: 'warning' }));
        peer.writeMessage({ type: 'rpc_ui_agent_exit', code: 1, signal: null, stderr: ['oops'] });
        peer.writeMessage(confirm('x'));
        await settle();
        const open = dialog();
        expect(open).not.to.equal(null);
        await animationsDone(open ?? el);
        await animationsDone(el.shadowRoot?.querySelector('rpc-notifications') ?? el);
        await expect(wrapper).to.be.accessible();
      } finally {
        await emulateMedia({ colorScheme: 'light' });
      }
    });
  }
});

/** A notification's text as the notifications element words it. */
function worded(entry: NotificationEntry): string {
  return entry.note ? noteText(entry.note, notificationsEnglish) : entry.message;
}
