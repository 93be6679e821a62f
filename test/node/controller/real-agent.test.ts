/**
 * End to end on the real agent: pi 0.73.1 in RPC mode, offline, with the project's demo extension,
 * driven through the stream transport over the child's stdio. No fakes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogRequest } from '../../../src/protocol/types.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import type { AgentProcess } from '../../../src/bridge/agent-process.js';
import { spawnAgent } from '../../support/agent.js';

interface ProbeResult {
  type: string;
  value?: unknown;
  elapsedMs: number;
}

let agent: AgentProcess;
let controller: ExtensionUIController;
const sent: OutboundMessage[] = [];
let promptCount = 0;

beforeAll(async () => {
  agent = await spawnAgent();
  const send = agent.transport.send.bind(agent.transport);
  agent.transport.send = (message) => {
    sent.push(message);
    send(message);
  };
  controller = new ExtensionUIController({ transport: agent.transport });
});

afterAll(async () => {
  // Closing stdin ends the agent cleanly.
  expect(await agent.stop()).toEqual({ code: 0, signal: null });
  expect(agent.stderrTail().join('\n')).not.toMatch(/Error/);
});

/** Run `/probe` with these calls; `onDialog` answers each dialog as it opens. */
function probe(calls: unknown[], onDialog?: (request: DialogRequest) => void): Promise<ProbeResult[]> {
  return new Promise((resolve, reject) => {
    const stops = [
      controller.on('notify', (entry) => {
        if (!entry.message.startsWith('UI_PROBE_RESULT ')) return;
        for (const stop of stops) stop();
        const body = JSON.parse(entry.message.slice('UI_PROBE_RESULT '.length)) as {
          results?: ProbeResult[];
          error?: string;
        };
        if (body.results) resolve(body.results);
        else reject(new Error(body.error));
      }),
      controller.on('dialogs', (dialogs) => {
        const newest = dialogs[dialogs.length - 1];
        if (newest && onDialog) queueMicrotask(() => onDialog(newest.request));
      }),
    ];
    controller.send({
      type: 'prompt',
      id: `probe-${++promptCount}`,
      message: `/probe ${JSON.stringify(calls)}`,
    });
  });
}

function waitFor(predicate: () => boolean, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (predicate()) resolve();
      else if (Date.now() - started > ms) reject(new Error('timed out waiting'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

describe('the real agent', () => {
  it('shows every fire-and-forget method in the controller state', async () => {
    const results = await probe([
      { call: 'setStatus', args: ['b-key', 'second ✓'] },
      { call: 'setStatus', args: ['a-key', 'first'] },
      { call: 'setWidget', args: ['w-above', ['above 1', '  indented'], { placement: 'aboveEditor' }] },
      { call: 'setWidget', args: ['w-below', ['below'], { placement: 'belowEditor' }] },
      { call: 'setWidget', args: ['w-default', ['no placement']] },
      { call: 'setTitle', args: ['pi — e2e ✓'] },
      { call: 'setEditorText', args: ['line 1\nline 2\u2028same line'] },
      { call: 'notify', args: ['a warning', 'warning'] },
      { call: 'notify', args: ['no type given'] },
    ]);
    expect(results).toHaveLength(9);
    expect(controller.statuses).toEqual([
      { key: 'a-key', text: 'first' },
      { key: 'b-key', text: 'second ✓' },
    ]);
    expect(controller.widgetsFor('aboveEditor').map((w) => w.key)).toEqual(['w-above', 'w-default']);
    expect(controller.widgetsFor('belowEditor')).toEqual([
      { key: 'w-below', lines: ['below'], placement: 'belowEditor' },
    ]);
    expect(controller.widgets[0]?.lines).toEqual(['above 1', '  indented']);
    expect(controller.title).toBe('pi — e2e ✓');
    expect(controller.editorText).toBe('line 1\nline 2\u2028same line');
    const notes = controller.notifications.slice(-3, -1).map((n) => [n.message, n.notifyType]);
    expect(notes).toEqual([
      ['a warning', 'warning'],
      ['no type given', 'info'],
    ]);

    await probe([
      { call: 'setStatus', args: ['a-key', null] },
      { call: 'setWidget', args: ['w-above', null] },
      { call: 'setWidget', args: ['w-default', ['moved'], { placement: 'belowEditor' }] },
    ]);
    expect(controller.statuses.map((s) => s.key)).toEqual(['b-key']);
    expect(controller.widgetsFor('aboveEditor')).toEqual([]);
    expect(controller.widgetsFor('belowEditor').map((w) => w.key)).toEqual(['w-below', 'w-default']);
    expect(sent.filter((m) => m.type === 'extension_ui_response')).toEqual([]);
  });

  it('answers each dialog and the extension receives exactly that answer', async () => {
    const prefill = 'héllo\n\ttab  \u2028LS 🚀\n';
    const results = await probe(
      [
        { call: 'select', args: ['Pick', ['a', 'b', 'b', ' spaced ']] },
        { call: 'confirm', args: ['Sure?', 'line 1\nline 2'] },
        { call: 'input', args: ['Name', 'placeholder'] },
        { call: 'editor', args: ['Edit', prefill] },
      ],
      (request) => {
        if (request.method === 'select') controller.respond(request.id, { value: ' spaced ' });
        if (request.method === 'confirm') controller.respond(request.id, { confirmed: true });
        if (request.method === 'input') controller.respond(request.id, { value: '' });
        if (request.method === 'editor')
          controller.respond(request.id, { value: `${request.prefill ?? ''}more` });
      },
    );
    expect(results.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'string', value: ' spaced ' },
      { type: 'boolean', value: true },
      { type: 'string', value: '' },
      { type: 'string', value: `${prefill}more` },
    ]);
    expect(controller.dialogs).toEqual([]);
  });

  it('cancels each dialog: undefined for values, false for confirm', async () => {
    const results = await probe(
      [
        { call: 'select', args: ['Pick', ['a']] },
        { call: 'confirm', args: ['Sure?', 'm'] },
        { call: 'input', args: ['Name'] },
        { call: 'editor', args: ['Edit'] },
      ],
      (request) => controller.respond(request.id, { cancelled: true }),
    );
    expect(results.map((r) => r.type === 'undefined' || r.value === false)).toEqual([true, true, true, true]);
  });

  it('expires a dialog at its deadline without sending anything', async () => {
    const expired: unknown[] = [];
    const stop = controller.on('expire', ({ dialog, reason }) =>
      // Rounded: the two are fractional milliseconds, and their difference may not be exact.
      expired.push([dialog.request.title, reason, Math.round((dialog.deadline ?? 0) - dialog.receivedAt)]),
    );
    const before = sent.length;
    const results = await probe([{ call: 'select', args: ['Too slow', ['x', 'y']], timeout: 300 }]);
    // The agent's clock started when it wrote the line, ours when we read it: ours ends a moment later.
    await waitFor(() => expired.length > 0, 1000);
    stop();
    expect(results[0]?.type).toBe('undefined');
    expect(results[0]?.elapsedMs).toBeGreaterThanOrEqual(295);
    expect(expired).toEqual([['Too slow', 'timeout', 300]]);
    expect(sent.slice(before).filter((m) => m.type === 'extension_ui_response')).toEqual([]);
    expect(controller.dialogs).toEqual([]);
  });

  it('keeps concurrent dialogs in a FIFO queue and answers them in any order', async () => {
    const order: string[] = [];
    const results = await probe(
      [
        { call: 'select', args: ['first', ['one', 'two']] },
        { call: 'input', args: ['second'] },
        { call: 'confirm', args: ['third', 'm'] },
      ],
      () => {
        if (controller.dialogs.length < 3) return;
        order.push(...controller.dialogs.map((d) => d.request.title));
        const [select, input, confirm] = controller.dialogs.map((d) => d.request.id);
        controller.respond(confirm ?? '', { confirmed: false });
        controller.respond(input ?? '', { value: 'typed ✓' });
        controller.respond(select ?? '', { value: 'two' });
      },
    );
    expect(order).toEqual(['first', 'second', 'third']);
    expect(results.map((r) => r.value)).toEqual(['two', 'typed ✓', false]);
  });

  it('Stop answers every pending dialog with cancelled, which unblocks the agent', async () => {
    const results = await probe(
      [
        { call: 'confirm', args: ['Allow rm -rf?', 'permission'] },
        { call: 'select', args: ['Pick', ['a', 'b']] },
        { call: 'editor', args: ['Edit', 'x'] },
      ],
      () => {
        if (controller.dialogs.length === 3) expect(controller.cancelAll({ respond: true })).toBe(3);
      },
    );
    expect(results.map((r) => r.value ?? r.type)).toEqual([false, 'undefined', 'undefined']);
  });

  it('sends nothing twice: a second answer and an answer after expiry return false', async () => {
    let second: string | undefined;
    const results = await probe([{ call: 'input', args: ['Once'] }], (request) => {
      expect(controller.respond(request.id, { value: 'first' })).toBe('sent');
      second = controller.respond(request.id, { value: 'second' });
    });
    expect(second).toBe('not-pending');
    expect(results[0]?.value).toBe('first');
    const ids = sent.filter((m) => m.type === 'extension_ui_response').map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('passes other lines through to the host unparsed until asked', async () => {
    const types: string[] = [];
    const stop = controller.on('message', (message) => types.push(message.type ?? '?'));
    controller.send({ type: 'get_state', id: 'state-1' });
    await waitFor(() => types.includes('response'));
    stop();
    expect(types).toContain('response');
  });

  it('the demo commands: a bare /demo-status and /demo-widget show something, `off` clears; a tour cancelled leaves nothing behind', async () => {
    const prompt = (message: string) =>
      controller.send({ type: 'prompt', id: `demo-${++promptCount}`, message });
    prompt('/demo-status');
    prompt('/demo-widget one|two');
    await waitFor(
      () =>
        controller.statuses.some((s) => s.key === 'demo') && controller.widgets.some((w) => w.key === 'demo'),
    );
    expect(controller.widgets.find((w) => w.key === 'demo')?.lines).toEqual(['one', 'two']);
    prompt('/demo-status off');
    prompt('/demo-widget off');
    await waitFor(
      () =>
        !controller.statuses.some((s) => s.key === 'demo') &&
        !controller.widgets.some((w) => w.key === 'demo'),
    );

    prompt('/demo');
    await waitFor(() => controller.dialogs[0]?.request.method === 'select');
    expect(controller.statuses.map((s) => s.key)).toEqual(expect.arrayContaining(['demo', 'model']));
    controller.respond(controller.dialogs[0]?.request.id ?? '', { value: 'Green' });
    await waitFor(() => controller.dialogs[0]?.request.method === 'confirm');
    controller.respond(controller.dialogs[0]?.request.id ?? '', { cancelled: true }); // Escape
    await waitFor(() => controller.notifications.some((n) => n.message.startsWith('Demo stopped')));
    await waitFor(
      () =>
        !controller.statuses.some((s) => s.key === 'demo' || s.key === 'model') &&
        !controller.widgets.some((w) => w.key.startsWith('demo')),
    );
  });
});

describe('a crashed agent', () => {
  it('closes the transport, keeps the open dialog, and refuses to send into the void', async () => {
    const doomed = await spawnAgent();
    const ui = new ExtensionUIController({ transport: doomed.transport });
    const states: string[] = [];
    ui.on('state', (state) => states.push(state));
    ui.send({
      type: 'prompt',
      id: 'crash',
      message: `/probe ${JSON.stringify([{ call: 'confirm', args: ['Still there?', 'm'] }])}`,
    });
    await waitFor(() => ui.dialogs.length === 1);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await waitFor(() => ui.connectionState === 'closed');
    expect(states.at(-1)).toBe('closed');
    const errors: string[] = [];
    ui.on('error', (error) => errors.push(error.message));
    expect(ui.respond(ui.dialogs[0]?.request.id ?? '', { confirmed: true })).toBe('send-failed');
    expect(errors).toEqual(['The stream transport is closed.']);
    expect(ui.dialogs.map((d) => d.request.title)).toEqual(['Still there?']);
  });
});
