import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import {
  createMemoryTransport,
  type MemoryPeer,
  type MemoryTransport,
} from '../../../src/transport/memory.js';
import { BaseTransport, type OutboundMessage } from '../../../src/transport/transport.js';
import { FakeClock } from '../../support/fake-clock.js';

let clock: FakeClock;
let transport: MemoryTransport;
let peer: MemoryPeer;
let controller: ExtensionUIController;

function request(id: string, method: string, fields: Record<string, unknown> = {}): void {
  peer.writeMessage({ type: 'extension_ui_request', id, method, ...fields });
}
const select = (id: string, extra: Record<string, unknown> = {}) =>
  request(id, 'select', { title: `select ${id}`, options: ['a', 'b'], ...extra });
const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
const ids = () => controller.dialogs.map((d) => d.request.id);

beforeEach(() => {
  clock = new FakeClock();
  ({ transport, peer } = createMemoryTransport());
  controller = new ExtensionUIController({ transport, clock });
});

describe('dialog queue', () => {
  it('keeps dialogs first in, first out; the first is current', () => {
    select('a');
    request('b', 'confirm', { title: 'B', message: 'm' });
    request('c', 'input', { title: 'C' });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(controller.current?.request.id).toBe('a');
    controller.respond('b', { confirmed: true });
    expect(ids()).toEqual(['a', 'c']);
  });

  it('ignores a repeated id, open or already answered; says so only for an answered one', () => {
    const reports: string[] = [];
    controller.on('invalid', (r) => reports.push(r.reason));
    select('a');
    select('a');
    expect(ids()).toEqual(['a']);
    controller.respond('a', { value: 'a' });
    select('a');
    expect(ids()).toEqual([]);
    expect(reports).toEqual(['duplicate-id']);
    expect(sent()).toHaveLength(1);
  });

  it('takes the bridge’s replay of a pending dialog silently, keeping the earlier deadline', () => {
    const reports: string[] = [];
    controller.on('invalid', (r) => reports.push(r.reason));
    const expired: string[] = [];
    controller.on('expire', (e) => expired.push(e.dialog.request.id));
    select('a', { timeout: 10_000 });
    select('b');
    clock.advance(3000);
    // After a reconnect the bridge replays both with the time the agent still waits.
    select('a', { timeout: 2000 });
    select('b', { timeout: 5000 });
    expect(controller.dialogs.map((d) => controller.remaining(d))).toEqual([2000, 5000]);
    // The controller keeps the deadline (elements count down to it); the arrival stays as it was.
    const a = controller.dialogs[0] ?? never();
    expect(a.deadline).toBe(clock.now() + 2000);
    expect(a.receivedAt).toBe(clock.now() - 3000);
    // A later deadline never extends the wait.
    select('a', { timeout: 60_000 });
    expect(controller.remaining(controller.dialogs[0] ?? never())).toBe(2000);
    expect(reports).toEqual([]);
    clock.advance(2000);
    expect(expired).toEqual(['a']);
    expect(clock.pending).toBe(1);
    clock.advance(3000);
    expect(expired).toEqual(['a', 'b']);
    expect(sent()).toEqual([]);
  });

  it('returns the same array until the queue changes', () => {
    select('a');
    expect(controller.dialogs).toBe(controller.dialogs);
    const before = controller.dialogs;
    select('b');
    expect(controller.dialogs).not.toBe(before);
  });
});

describe('answers', () => {
  it('sends exactly one answer per dialog', () => {
    select('a');
    expect(controller.respond('a', { value: 'b' })).toBe('sent');
    expect(controller.respond('a', { value: 'a' })).toBe('not-pending');
    expect(controller.respond('a', { cancelled: true })).toBe('not-pending');
    expect(peer.received).toEqual(['{"type":"extension_ui_response","id":"a","value":"b"}\n']);
  });

  it('returns false for an unknown id and sends nothing', () => {
    expect(controller.respond('nope', { value: 'x' })).toBe('not-pending');
    expect(peer.received).toEqual([]);
  });

  it('throws for an answer of the wrong kind and keeps the dialog', () => {
    request('c', 'confirm', { title: 'T', message: 'm' });
    expect(() => controller.respond('c', { value: 'yes' })).toThrow(TypeError);
    expect(ids()).toEqual(['c']);
    expect(peer.received).toEqual([]);
  });

  it('cannot answer twice even when the send re-enters the controller', () => {
    select('a');
    const inner: string[] = [];
    peer.on('line', () => inner.push(controller.respond('a', { value: 'b' })));
    expect(controller.respond('a', { value: 'a' })).toBe('sent');
    expect(inner).toEqual(['not-pending']);
    expect(peer.received).toHaveLength(1);
  });

  it('keeps the dialog and reports when the answer cannot be sent', () => {
    select('a');
    const errors: string[] = [];
    controller.on('error', (e) => errors.push(e.message));
    transport.close();
    expect(controller.respond('a', { value: 'a' })).toBe('send-failed');
    expect(errors).toEqual(['The memory transport is closed.']);
    expect(ids()).toEqual(['a']);
  });

  it('emits an answer event with the exact response', () => {
    const answers: unknown[] = [];
    controller.on('answer', (e) => answers.push(e.response));
    request('e', 'editor', { title: 'E', prefill: 'x' });
    controller.respond('e', { value: '' });
    expect(answers).toEqual([{ type: 'extension_ui_response', id: 'e', value: '' }]);
  });
});

describe('deadlines', () => {
  it('expire a dialog at its deadline, counted from receipt, and send nothing', () => {
    const expired: unknown[] = [];
    controller.on('expire', ({ dialog, reason }) =>
      expired.push([dialog.request.title, reason, (dialog.deadline ?? 0) - dialog.receivedAt]),
    );
    clock.advance(500);
    select('a', { timeout: 10_000 });
    clock.advance(9_999);
    expect(ids()).toEqual(['a']);
    expect(controller.remaining(controller.dialogs[0] ?? never())).toBe(1);
    clock.advance(1);
    expect(ids()).toEqual([]);
    expect(expired).toEqual([['select a', 'timeout', 10_000]]);
    expect(controller.respond('a', { value: 'a' })).toBe('not-pending');
    expect(peer.received).toEqual([]);
  });

  it('expire a queued dialog too, not only the current one', () => {
    select('first');
    select('queued', { timeout: 300 });
    const expired: string[] = [];
    controller.on('expire', (e) => expired.push(e.dialog.request.id));
    clock.advance(300);
    expect(expired).toEqual(['queued']);
    expect(ids()).toEqual(['first']);
  });

  it('never count down for timeout 0, a missing timeout, or an editor', () => {
    select('zero', { timeout: 0 });
    select('none');
    request('ed', 'editor', { title: 'E', timeout: 5 });
    clock.advance(1e9);
    expect(ids()).toEqual(['zero', 'none', 'ed']);
    expect(controller.dialogs.map((d) => d.deadline)).toEqual([undefined, undefined, undefined]);
    expect(clock.pending).toBe(0);
  });

  it('clear the timer once answered', () => {
    select('a', { timeout: 1000 });
    controller.respond('a', { value: 'a' });
    expect(clock.pending).toBe(0);
  });
});

describe('cancel', () => {
  it('cancel(id) closes locally without sending', () => {
    select('a');
    const dismissed: string[] = [];
    controller.on('dismiss', (e) => dismissed.push(e.dialog.request.id));
    expect(controller.cancel('a')).toBe(true);
    expect(controller.cancel('a')).toBe(false);
    expect(dismissed).toEqual(['a']);
    expect(peer.received).toEqual([]);
  });

  it('cancelAll() closes every dialog locally', () => {
    select('a');
    select('b', { timeout: 50 });
    expect(controller.cancelAll()).toBe(2);
    expect(ids()).toEqual([]);
    expect(peer.received).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('cancelAll({ respond: true }) sends cancelled for each pending dialog, in order (Stop)', () => {
    select('a');
    request('b', 'confirm', { title: 'B', message: 'm' });
    expect(controller.cancelAll({ respond: true })).toBe(2);
    expect(sent()).toEqual([
      { type: 'extension_ui_response', id: 'a', cancelled: true },
      { type: 'extension_ui_response', id: 'b', cancelled: true },
    ]);
  });
});

describe('fire-and-forget state', () => {
  it('keeps statuses sorted by key as pi’s footer does (localeCompare), and clears one when its text is missing', () => {
    request('1', 'setStatus', { statusKey: 'zeta', statusText: 'Z' });
    request('2', 'setStatus', { statusKey: 'alpha', statusText: 'A' });
    request('3', 'setStatus', { statusKey: 'Beta', statusText: 'B' });
    expect(controller.statuses).toEqual([
      { key: 'alpha', text: 'A' },
      { key: 'Beta', text: 'B' },
      { key: 'zeta', text: 'Z' },
    ]);
    request('4', 'setStatus', { statusKey: 'alpha' });
    expect(controller.statuses.map((s) => s.key)).toEqual(['Beta', 'zeta']);
    request('5', 'setStatus', { statusKey: 'C', statusText: 'c' });
    request('6', 'setStatus', { statusKey: 'a', statusText: 'a' });
    request('7', 'setStatus', { statusKey: 'b', statusText: 'b' });
    expect(controller.statuses.map((s) => s.key)).toEqual(['a', 'b', 'Beta', 'C', 'zeta']);
  });

  it('moves a widget when its placement changes, and clears it without lines', () => {
    request('1', 'setWidget', { widgetKey: 'w', widgetLines: ['a', '  b'] });
    expect(controller.widgetsFor('aboveEditor')).toEqual([
      { key: 'w', lines: ['a', '  b'], placement: 'aboveEditor' },
    ]);
    request('2', 'setWidget', { widgetKey: 'w', widgetLines: ['c'], widgetPlacement: 'belowEditor' });
    expect(controller.widgetsFor('aboveEditor')).toEqual([]);
    expect(controller.widgetsFor('belowEditor').map((w) => w.lines)).toEqual([['c']]);
    request('3', 'setWidget', { widgetKey: 'w', widgetPlacement: 'belowEditor' });
    expect(controller.widgets).toEqual([]);
  });

  it('reports the title and every editor text, even a repeated one', () => {
    const texts: string[] = [];
    controller.on('editorText', (t) => texts.push(t));
    request('1', 'setTitle', { title: 'pi — x' });
    request('2', 'set_editor_text', { text: 'same' });
    request('3', 'set_editor_text', { text: 'same' });
    expect(controller.title).toBe('pi — x');
    expect(texts).toEqual(['same', 'same']);
    expect(controller.editorText).toBe('same');
  });

  it('keeps a bounded notification history', () => {
    controller = new ExtensionUIController({ transport, clock, notificationLimit: 3 });
    for (let i = 1; i <= 5; i++)
      request(`n${i}`, 'notify', { message: `m${i}`, ...(i === 5 ? { notifyType: 'error' } : {}) });
    expect(controller.notifications.map((n) => [n.message, n.notifyType])).toEqual([
      ['m2', 'info'],
      ['m3', 'info'],
      ['m4', 'info'],
      ['m5', 'error'],
    ]);
  });

  it('keeps the newest errors (shown until dismissed) and the newest others: a flood of one keeps the other', () => {
    controller = new ExtensionUIController({ transport, clock, notificationLimit: 3 });
    request('e1', 'notify', { message: 'disk full', notifyType: 'error' });
    for (let i = 1; i <= 100; i++) request(`n${i}`, 'notify', { message: `m${i}` });
    expect(controller.notifications.map((n) => n.message)).toEqual(['disk full', 'm98', 'm99', 'm100']);
    for (let i = 2; i <= 100; i++) request(`e${i}`, 'notify', { message: `error ${i}`, notifyType: 'error' });
    expect(controller.notifications.map((n) => n.message)).toEqual([
      'm98',
      'm99',
      'm100',
      'error 98',
      'error 99',
      'error 100',
    ]);
  });

  it('never answers a fire-and-forget request', () => {
    request('1', 'notify', { message: 'hi' });
    request('2', 'setTitle', { title: 't' });
    expect(controller.respond('1', { value: 'ack' })).toBe('not-pending');
    expect(peer.received).toEqual([]);
  });
});

describe('bad input', () => {
  it('reports malformed lines, unknown methods and wrong fields, and answers none of them but a dialog', () => {
    const reports: string[] = [];
    controller.on('invalid', (r) => reports.push(r.reason));
    peer.write('{"type":"extension_ui_request","id":"x",\n');
    peer.write('this is not json\n');
    request('u', 'open_panel', { url: 'x' });
    request('s', 'setStatus', { statusKey: 7 });
    request('', 'confirm', { title: 'no usable id' });
    select('ok');
    expect(reports).toEqual(['malformed-json', 'unknown-method', 'invalid-fields', 'missing-id']);
    expect(ids()).toEqual(['ok']);
    expect(peer.received).toEqual([]);
    // The unreadable extension UI request may have been a dialog the agent now waits on: the user
    // is told; the line that is not JSON at all is the agent's output (see below).
    expect(controller.notifications.map((n) => [n.notifyType, n.note?.kind])).toEqual([
      ['error', 'unreadable-request'],
    ]);
  });

  it('answers a dialog with bad fields cancelled, exactly once, so the agent does not wait forever', () => {
    const reports: { reason: string; message: string; cancelled?: true }[] = [];
    controller.on('invalid', ({ reason, message, cancelled }) =>
      reports.push({ reason, message, cancelled }),
    );
    // What pi writes for ctx.ui.confirm('Proceed?') without a message, and a select with numbers.
    request('c', 'confirm', { title: 'Proceed?' });
    request('s', 'select', { title: 'Pick', options: [1, 2] });
    request('c', 'confirm', { title: 'Proceed?' });
    expect(sent()).toEqual([
      { type: 'extension_ui_response', id: 'c', cancelled: true },
      { type: 'extension_ui_response', id: 's', cancelled: true },
    ]);
    expect(ids()).toEqual([]);
    // Another question under a used id is another question: it is asked.
    request('s', 'select', { title: 'Pick', options: ['1', '2'] });
    expect(ids()).toEqual(['s']);
    expect(reports[0]).toEqual({
      reason: 'invalid-fields',
      message: 'Invalid confirm request: "message" is missing. It was answered as cancelled.',
      cancelled: true,
    });
    expect(reports.map((r) => [r.reason, r.cancelled])).toEqual([
      ['invalid-fields', true],
      ['invalid-fields', true],
      ['invalid-fields', undefined],
    ]);
    // The user reads it among the notifications, as an error (worded by the elements).
    expect(controller.notifications.map((n) => [n.id, n.notifyType, n.note])).toEqual([
      [
        'c',
        'error',
        {
          kind: 'invalid-dialog',
          method: 'confirm',
          fields: ['message'],
        },
      ],
      [
        's',
        'error',
        {
          kind: 'invalid-dialog',
          method: 'select',
          fields: ['options.0', 'options.1'],
        },
      ],
    ]);
  });

  it('clips a huge malformed line in its report', () => {
    let raw = '';
    controller.on('invalid', (r) => {
      raw = r.raw;
    });
    peer.write(`{"type":"extension_ui_request",${'x'.repeat(50_000)}\n`);
    expect(raw.length).toBeLessThan(10_100);
    expect(raw).toMatch(/… \(50031 characters\)$/);
  });
});

describe('other lines', () => {
  it('pass through to the host unchanged', () => {
    const seen: string[] = [];
    controller.on('message', (m) => seen.push(m.text));
    const lines = [
      '{"id":"p1","type":"response","command":"prompt","success":true}',
      '{"type":"message_update","message":{"text":"日本 \u2028"}}',
      '{"type":"agent_end"}',
    ];
    peer.write(`${lines.join('\n')}\n`);
    expect(seen).toEqual(lines);
  });

  it('are not parsed when nobody listens, so a broken event costs nothing and reports nothing', () => {
    const reports: string[] = [];
    controller.on('invalid', (r) => reports.push(r.message));
    peer.write('{"type":"message_update","broken\n');
    expect(reports).toEqual([]);
  });

  it('let the host send its own commands over the same transport', () => {
    controller.send({ type: 'abort' });
    expect(peer.received).toEqual(['{"type":"abort"}\n']);
  });
});

describe('connection', () => {
  it('follows the transport state and keeps dialogs when it closes', () => {
    const states: string[] = [];
    controller.on('state', (s) => states.push(s));
    select('a', { timeout: 1000 });
    peer.end();
    expect(states).toEqual(['closed']);
    expect(controller.connectionState).toBe('closed');
    expect(ids()).toEqual(['a']);
  });

  it('stops reading after dispose and leaves no timers', () => {
    select('a', { timeout: 1000 });
    controller.dispose();
    select('b');
    expect(ids()).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('dispose tells bound elements the dialogs are gone (a `change`), then drops every listener', () => {
    const changes: string[] = [];
    controller.on('change', (kind) => changes.push(kind));
    controller.on('dialogs', () => undefined);
    select('a');
    changes.length = 0;
    controller.dispose();
    expect(changes).toEqual(['dialogs']);
    expect(controller.listenerCount).toBe(0);
  });

  it('does not send an answer once the deadline has passed, even when the timer is late', () => {
    let now = 0;
    const late = { now: () => now, setTimeout: () => 1, clearTimeout: () => undefined };
    controller = new ExtensionUIController({ transport, clock: late });
    const expired: string[] = [];
    controller.on('expire', (e) => expired.push(e.dialog.request.id));
    select('a', { timeout: 1000 });
    now = 5000; // a throttled background tab: the timer has not run yet
    expect(controller.respond('a', { value: 'a' })).toBe('expired');
    expect(sent()).toEqual([]);
    expect(expired).toEqual(['a']);
    expect(ids()).toEqual([]);
  });
});

describe('retain (what the bridge says is still live after a reconnect)', () => {
  it('closes dialogs and removes statuses and widgets that ended meanwhile, sending nothing', () => {
    select('gone');
    select('kept');
    request('1', 'setStatus', { statusKey: 'old', statusText: 'o' });
    request('2', 'setStatus', { statusKey: 'live', statusText: 'l' });
    request('3', 'setWidget', { widgetKey: 'w', widgetLines: ['x'] });
    const seen: string[] = [];
    controller.on('dismiss', (e) => seen.push(`dismiss:${e.dialog.request.id}`));
    controller.on('statuses', (list) => seen.push(`statuses:${list.map((e) => e.key).join()}`));
    controller.on('widgets', (list) => seen.push(`widgets:${list.length}`));
    controller.retain({ dialogs: ['kept', 'not-here'], statuses: ['live'], widgets: [] });
    expect(ids()).toEqual(['kept']);
    expect(seen).toEqual(['dismiss:gone', 'statuses:live', 'widgets:0']);
    // Lists left out (an older bridge) keep everything; nothing changed, nothing emitted.
    seen.length = 0;
    controller.retain({});
    controller.retain({ statuses: ['live'] });
    expect(seen).toEqual([]);
    expect(ids()).toEqual(['kept']);
    expect(sent()).toEqual([]);
  });
});

describe('snapshot and restore', () => {
  // Wall-clock time only moves when a test says so.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the wall-clock time away between snapshot and restore', () => {
    select('a', { timeout: 10_000 });
    select('b', { timeout: 30_000 });
    clock.advance(2000);
    const saved = JSON.parse(JSON.stringify(controller.snapshot())) as unknown;
    vi.advanceTimersByTime(20_000); // the page was gone for 20 s; the agent gave up on "a"
    const later = new ExtensionUIController({ clock: new FakeClock(0) });
    const expired: string[] = [];
    later.on('expire', (e) => expired.push(e.dialog.request.id));
    later.restore(saved);
    expect(expired).toEqual(['a']);
    expect(later.dialogs.map((d) => [d.request.id, later.remaining(d), d.receivedAt])).toEqual([
      ['b', 8000, -22_000],
    ]);
  });

  it('emits the typed events for what restore brought back (not editorText: it would overwrite the composer)', () => {
    request('s', 'setStatus', { statusKey: 'k', statusText: 'v' });
    request('w', 'setWidget', { widgetKey: 'w', widgetLines: ['l'] });
    request('t', 'setTitle', { title: 'T' });
    request('e', 'set_editor_text', { text: 'draft' });
    const saved = controller.snapshot();
    const fresh = new ExtensionUIController({ clock });
    const seen: string[] = [];
    fresh.on('statuses', (s) => seen.push(`statuses:${s.map((e) => e.key).join()}`));
    fresh.on('widgets', (w) => seen.push(`widgets:${w.map((e) => e.key).join()}`));
    fresh.on('title', (t) => seen.push(`title:${t}`));
    fresh.on('editorText', (t) => seen.push(`editorText:${t}`));
    fresh.restore(saved);
    expect(seen).toEqual(['statuses:k', 'widgets:w', 'title:T']);
    expect(fresh.editorText).toBe('draft');
  });

  it('keeps what the user typed in a pending dialog across a reload, and drops it when the dialog ends', () => {
    request('i', 'input', { title: 'Name?' });
    request('e', 'editor', { title: 'Notes', prefill: 'p' });
    const changes: string[] = [];
    controller.on('change', (kind) => changes.push(kind));
    controller.setDraft('i', 'Ada');
    controller.setDraft('i', 'Ada'); // the same text: nothing changed
    controller.setDraft('e', 'p and more');
    controller.setDraft('gone', 'x'); // not a pending dialog
    expect(changes).toEqual(['drafts', 'drafts']);
    expect(controller.draft('gone')).toBe(undefined);
    const saved = JSON.parse(JSON.stringify(controller.snapshot())) as unknown;

    const restored = new ExtensionUIController({ clock });
    restored.restore(saved);
    expect([restored.draft('i'), restored.draft('e')]).toEqual(['Ada', 'p and more']);
    restored.cancelAll();
    expect([restored.draft('i'), restored.draft('e')]).toEqual([undefined, undefined]);
    controller.respond('i', { value: 'Ada' });
    expect(controller.draft('i')).toBe(undefined);
    expect(controller.snapshot().dialogs.map((d) => [d.request.id, d.draft])).toEqual([['e', 'p and more']]);
  });

  it('carry dialogs with their remaining time across a reload', () => {
    select('a', { timeout: 10_000 });
    request('e', 'editor', { title: 'E', prefill: 'p' });
    request('s', 'setStatus', { statusKey: 'k', statusText: 'v' });
    request('w', 'setWidget', { widgetKey: 'w', widgetLines: ['l'], widgetPlacement: 'belowEditor' });
    request('t', 'setTitle', { title: 'T' });
    request('n', 'notify', { message: 'N', notifyType: 'warning' });
    select('done');
    controller.respond('done', { value: 'a' });
    clock.advance(4000);
    const saved = JSON.parse(JSON.stringify(controller.snapshot())) as unknown;

    const later = new FakeClock(50_000);
    const { transport: t2, peer: p2 } = createMemoryTransport();
    const restored = new ExtensionUIController({ transport: t2, clock: later });
    restored.restore(saved);
    expect(restored.dialogs.map((d) => [d.request.id, restored.remaining(d)])).toEqual([
      ['a', 6000],
      ['e', undefined],
    ]);
    expect(restored.statuses).toEqual([{ key: 'k', text: 'v' }]);
    expect(restored.widgetsFor('belowEditor').map((w) => w.key)).toEqual(['w']);
    expect(restored.title).toBe('T');
    expect(restored.notifications.map((n) => n.message)).toEqual(['N']);

    // A replay of an answered dialog does not reopen it.
    const repeats: string[] = [];
    restored.on('repeat', ({ request }) => repeats.push(request.id));
    p2.writeMessage({
      type: 'extension_ui_request',
      id: 'done',
      method: 'select',
      title: 'select done',
      options: ['a', 'b'],
    });
    expect(restored.dialogs.map((d) => d.request.id)).toEqual(['a', 'e']);
    expect(repeats).toEqual(['done']);

    const expired: string[] = [];
    restored.on('expire', (e) => expired.push(e.dialog.request.id));
    later.advance(6000);
    expect(expired).toEqual(['a']);
  });

  it('expires at once a dialog whose time ran out while away', () => {
    select('a', { timeout: 100 });
    const saved = controller.snapshot();
    const fresh = new ExtensionUIController({ clock });
    const expired: string[] = [];
    fresh.on('expire', (e) => expired.push(e.dialog.request.id));
    fresh.restore({ ...saved, dialogs: saved.dialogs.map((d) => ({ ...d, remainingMs: 0 })) });
    clock.advance(0);
    expect(expired).toEqual(['a']);
  });

  it('refuses data that is not a snapshot', () => {
    expect(() => controller.restore({ version: 2 })).toThrow(TypeError);
    expect(() => controller.restore(null)).toThrow('Not a controller snapshot');
    const bad = {
      ...controller.snapshot(),
      dialogs: [{ request: { method: 'notify' }, ageMs: 0, remainingMs: null }],
    };
    expect(() => controller.restore(bad)).toThrow('dialogs.0.request is not a dialog request');
  });
});

function never(): never {
  throw new Error('missing');
}

/** A transport that, like a reconnecting WebSocket, keeps what is sent while not open. */
class OutboxTransport extends BaseTransport {
  readonly outbox: string[] = [];
  readonly sent: string[] = [];
  constructor() {
    super('open');
  }
  send(message: OutboundMessage): void {
    (this.state === 'open' ? this.sent : this.outbox).push(JSON.stringify(message));
  }
  close(): void {
    this.setState('closed');
  }
  drop(): void {
    this.setState('reconnecting');
  }
  reconnect(): void {
    this.sent.push(...this.outbox.splice(0));
    this.setState('open');
  }
  request(fields: Record<string, unknown>): void {
    this.receive(InboundMessage.fromText(JSON.stringify({ type: 'extension_ui_request', ...fields })));
  }
}

describe('an answer given while the connection is down', () => {
  const confirm = { id: 'c', method: 'confirm', title: 'Deploy?', message: 'm', timeout: 5000 };

  it('expires visibly when the connection is not back before the deadline', () => {
    const outbox = new OutboxTransport();
    const ui = new ExtensionUIController({ transport: outbox, clock });
    const expired: [string, string][] = [];
    ui.on('expire', ({ dialog, reason }) => expired.push([dialog.request.id, reason]));
    outbox.request(confirm);
    outbox.drop();
    clock.advance(1000);
    expect(ui.respond('c', { confirmed: true })).toBe('sent');
    expect(ui.dialogs).toEqual([]);
    clock.advance(3999);
    expect(expired).toEqual([]);
    clock.advance(1);
    expect(expired).toEqual([['c', 'undelivered']]);
    // It still goes when the connection is back (the bridge drops it); nothing more is said.
    outbox.reconnect();
    clock.advance(10_000);
    expect(expired).toHaveLength(1);
    expect(outbox.sent).toHaveLength(1);
  });

  it('says nothing when the connection is back in time, or when the dialog has no deadline', () => {
    const outbox = new OutboxTransport();
    const ui = new ExtensionUIController({ transport: outbox, clock });
    const expired: string[] = [];
    ui.on('expire', ({ dialog }) => expired.push(dialog.request.id));
    outbox.request(confirm);
    outbox.request({ id: 'e', method: 'editor', title: 'Notes' });
    outbox.drop();
    ui.respond('c', { confirmed: false });
    ui.respond('e', { value: 'text' });
    clock.advance(4000);
    outbox.reconnect();
    clock.advance(60_000);
    expect(expired).toEqual([]);
    expect(outbox.sent.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(['c', 'e']);
  });
});
