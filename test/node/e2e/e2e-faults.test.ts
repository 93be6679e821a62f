/**
 * Faults, end to end: the real pi agent (offline, demo extension) behind the real rpc-ui bridge,
 * the built playground in Debian's Chromium. Each case breaks something (the WebSocket, the
 * agent, a reload while offline, the size of a line, the number of dialogs, the number of
 * connections) and checks what a user would notice: a clear state on the page, and every answer
 * reaching the extension exactly once. What the bridge wrote to the agent's stdin is recorded, so "exactly once" is checked on
 * the wire, not only in the extension's results.
 */
import { createConnection } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Bridge, DEFAULT_MAX_PAYLOAD } from '../../../src/bridge/server.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { type ProbeResult, Tab, until } from '../../support/bridge-tab.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { buildPlayground, startDefaultBridge } from '../../support/playground.js';
import { type Proxy, startProxy } from '../../support/proxy.js';
import { readingPause } from '../../support/reading-pause.js';

/** A bridge on the real agent, with what went into and came out of the agent recorded. */
interface Rig {
  readonly bridge: Bridge;
  /** Every message the bridge wrote to the agent's stdin, in order. */
  readonly toAgent: OutboundMessage[];
  /** The agent's extension UI requests (lines under 1 MB; longer ones only counted). */
  readonly fromAgent: Record<string, unknown>[];
  /** How many agent lines of 1 MB or more were read. */
  hugeLines: number;
  /** What the bridge logged. */
  readonly logs: string[];
}

let playground: Awaited<ReturnType<typeof buildPlayground>>;
let browser: Browser;
/** One bridge for the cases that leave the agent running; the crash case starts its own. */
let shared: Rig;
let proxy: Proxy;
const rigs: Rig[] = [];

/** 32 MiB: room for the 20 MB agent line below, and too-big messages that stay cheap to send. */
const MAX_PAYLOAD = DEFAULT_MAX_PAYLOAD / 8;

/** One token for every bridge here: a bridge replaced at the same address keeps it, as a service does. */
const TOKEN = 'e2e-faults-token';

async function startRig(extraOrigins: readonly string[] = []): Promise<Rig> {
  const logs: string[] = [];
  const bridge = await startDefaultBridge(playground.dir, {
    extraOrigins,
    token: TOKEN,
    maxPayload: MAX_PAYLOAD,
    log: (message) => logs.push(message),
  });
  const rig: Rig = { bridge, toAgent: [], fromAgent: [], hugeLines: 0, logs };
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    rig.toAgent.push(message);
    send(message);
  };
  transport.on('message', (message) => {
    if (message.text.length >= 1_000_000) rig.hugeLines++;
    else if (message.type === 'extension_ui_request')
      rig.fromAgent.push(message.value as Record<string, unknown>);
  });
  rigs.push(rig);
  return rig;
}

beforeAll(async () => {
  playground = await buildPlayground();
  let bridgePort = 0;
  proxy = await startProxy(() => bridgePort);
  [shared, browser] = await Promise.all([startRig([`http://127.0.0.1:${proxy.port}`]), launchChromium()]);
  bridgePort = shared.bridge.port;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all(rigs.map((rig) => rig.bridge.close()));
  playground?.remove();
}, 30_000);

/** Pages still open: closed after each case. */
const pages = new Set<Page>();

/** A page of the playground, its uncaught errors collected in `errors`. */
async function openPage(url: string, errors: string[]): Promise<Page> {
  const page = await browser.newPage();
  pages.add(page);
  page.once('close', () => pages.delete(page));
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.goto(url);
  await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
  return page;
}

/**
 * After each case: close its pages and cancel what it left open on the shared agent (only after
 * a failure), so one failed case does not block the next ones.
 */
afterEach(async () => {
  await Promise.all([...pages].map((page) => page.close()));
  const answered = new Set(shared.toAgent.map((m) => m.id));
  const open = shared.fromAgent.filter((v) => DIALOG_METHODS.has(String(v.method)) && !answered.has(v.id));
  if (open.length === 0) return;
  const tab = await Tab.open(shared.bridge.url);
  for (const { id } of open) tab.send({ type: 'extension_ui_response', id, cancelled: true });
  await until('the leftovers cancelled', () =>
    open.every(({ id }) => answered.has(id) || answersTo(shared, id).length > 0) ? true : undefined,
  ).catch(() => undefined);
  tab.close();
});

const DIALOG_METHODS = new Set(['select', 'confirm', 'input', 'editor']);

/** Record the page's long tasks from now on (see {@link longTasks}). */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
}

/** The durations of the long tasks (over 50 ms) since {@link watchLongTasks}, in ms. */
function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
}

/** Type a command in Message and press Enter, as a user would. */
async function command(page: Page, text: string): Promise<void> {
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(text);
  await message.press('Enter');
}

function probe(page: Page, calls: unknown[]): Promise<void> {
  return command(page, `/probe ${JSON.stringify(calls)}`);
}

/** The next notify from the agent whose message starts with `prefix`, after `mark` requests. */
async function notified(rig: Rig, prefix: string, mark: number, timeoutMs = 15_000): Promise<string> {
  const found = await until(
    `a notify starting with ${prefix}`,
    () =>
      rig.fromAgent
        .slice(mark)
        .find((v) => v.method === 'notify' && typeof v.message === 'string' && v.message.startsWith(prefix)),
    timeoutMs,
  );
  return String(found.message).slice(prefix.length);
}

async function probeResults(rig: Rig, mark: number, timeoutMs?: number): Promise<ProbeResult[]> {
  const body = await notified(rig, 'UI_PROBE_RESULT ', mark, timeoutMs);
  return (JSON.parse(body) as { results: ProbeResult[] }).results;
}

/** The dialog requests the agent wrote after `mark`, with `title`. */
async function requestTitled(rig: Rig, title: string, mark = 0): Promise<Record<string, unknown>> {
  return until(`the request "${title}"`, () => rig.fromAgent.slice(mark).find((v) => v.title === title));
}

/** The answers the bridge wrote to the agent for dialog `id`. */
function answersTo(rig: Rig, id: unknown): OutboundMessage[] {
  return rig.toAgent.filter((m) => m.type === 'extension_ui_response' && m.id === id);
}

const dialog = (page: Page) => page.locator('dialog[open]');
const ui = (page: Page) => page.locator('rpc-extension-ui');
const pill = (page: Page) => ui(page).locator('[part~="connection-label"]');
const heading = (page: Page) => dialog(page).getByRole('heading').textContent();

describe('faults on the real agent, the bridge and the playground', () => {
  it('the WebSocket drops mid-dialog and comes back: the page says so, keeps the dialogs, answers each exactly once', async () => {
    const errors: string[] = [];
    const page = await openPage(`http://127.0.0.1:${proxy.port}/?token=${TOKEN}`, errors);
    const mark = shared.fromAgent.length;
    await probe(page, [
      { call: 'confirm', args: ['Answered as the network dies', 'm'] },
      { call: 'input', args: ['Answered while offline'] },
      { call: 'select', args: ['Still here after the drop', ['red', 'green', 'blue']], timeout: 30_000 },
    ]);
    await expect.poll(() => heading(page)).toBe('Answered as the network dies');
    await expect.poll(() => dialog(page).getByText('1 of 3').count()).toBe(1);
    const confirm = await requestTitled(shared, 'Answered as the network dies', mark);
    const input = await requestTitled(shared, 'Answered while offline', mark);
    const select = await requestTitled(shared, 'Still here after the drop', mark);

    await readingPause(page);
    // The network dies silently: the page still shows Connected and hands its answer to the
    // socket, which never delivers it.
    proxy.stall();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => heading(page)).toBe('Answered while offline');
    expect(await ui(page).getAttribute('connection')).toBe('connected');

    // Then the connection is gone (no close frame), and the first reconnection attempts fail.
    proxy.down = true;
    proxy.cut();
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('reconnecting');
    await expect.poll(() => pill(page).textContent()).toContain('Reconnecting…');
    expect(await heading(page)).toBe('Answered while offline');

    await readingPause(page);
    // The user answers while offline: the answer waits in the outbox, the next dialog shows.
    await page.keyboard.type('typed offline ✓');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Still here after the drop');
    // No window of time: the proxy drops every connection now, so nothing the page sends can
    // reach the agent, however long one waits. That each answer then goes once is checked below.
    expect(answersTo(shared, confirm.id)).toEqual([]);
    expect(answersTo(shared, input.id)).toEqual([]);
    expect(await ui(page).getAttribute('connection')).toBe('reconnecting');

    // The network comes back: the transport reconnects by itself, the outbox goes out once.
    proxy.down = false;
    await expect.poll(() => ui(page).getAttribute('connection'), { timeout: 15_000 }).toBe('connected');
    await expect.poll(() => pill(page).textContent()).toContain('Connected');
    await expect.poll(() => answersTo(shared, input.id).length).toBe(1);
    // The answer lost in the drop is sent again when the bridge replays its dialog.
    await expect.poll(() => answersTo(shared, confirm.id).length).toBe(1);
    // The bridge replayed the pending select with the time it has left; it is still the one shown.
    await page.getByText('Protocol log').click();
    await page.getByRole('searchbox', { name: 'Filter' }).fill('"title":"Still here after the drop"');
    const logged = page.locator('#log li:not([hidden])');
    await expect.poll(() => logged.count()).toBe(2);
    const replay = JSON.parse(((await logged.nth(1).textContent()) ?? '').replace(/^← /, '')) as {
      id: string;
      timeout: number;
    };
    expect(replay.id).toBe(select.id);
    expect(replay.timeout).toBeLessThan(30_000);
    expect(replay.timeout).toBeGreaterThan(10_000);
    expect(await heading(page)).toBe('Still here after the drop');
    expect(await dialog(page).getByText(/ of /).count()).toBe(0);
    // The page kept its own deadline, which agrees with the bridge's: it did not start over.
    const remaining = await ui(page).evaluate((el) => {
      const { controller } = el as unknown as {
        controller: { current: unknown; remaining: (dialog: unknown) => number | undefined };
      };
      return controller.remaining(controller.current);
    });
    expect(remaining).toBeLessThan(replay.timeout + 500);

    await readingPause(page);
    await dialog(page).getByRole('option', { name: 'green' }).click();
    expect((await probeResults(shared, mark)).map((r) => r.value)).toEqual([
      true,
      'typed offline ✓',
      'green',
    ]);
    expect(answersTo(shared, confirm.id)).toEqual([
      { type: 'extension_ui_response', id: confirm.id, confirmed: true },
    ]);
    expect(answersTo(shared, input.id)).toEqual([
      { type: 'extension_ui_response', id: input.id, value: 'typed offline ✓' },
    ]);
    expect(answersTo(shared, select.id)).toEqual([
      { type: 'extension_ui_response', id: select.id, value: 'green' },
    ]);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the page reloads while an answer waits offline: after the reload it reaches the agent once, the other dialog is still there', async () => {
    const errors: string[] = [];
    const page = await openPage(`http://127.0.0.1:${proxy.port}/?token=${TOKEN}`, errors);
    const mark = shared.fromAgent.length;
    await probe(page, [
      { call: 'input', args: ['Answered, then the page reloads'] },
      { call: 'confirm', args: ['Still open after the reload', 'm'] },
    ]);
    await expect.poll(() => heading(page)).toBe('Answered, then the page reloads');
    const input = await requestTitled(shared, 'Answered, then the page reloads', mark);
    const confirm = await requestTitled(shared, 'Still open after the reload', mark);

    // The WebSocket goes down; the page itself can still be loaded.
    proxy.refuseWebSockets = true;
    proxy.cut();
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('reconnecting');
    await readingPause(page);
    await page.keyboard.type('across a reload ✓');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Still open after the reload');
    // The answer waits in the socket's outbox when the page goes away: reload once the page has
    // kept it (its stored state holds the answer).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(sessionStorage).some((key) =>
            sessionStorage.getItem(key)?.includes('across a reload ✓'),
          ),
        ),
      )
      .toBe(true);
    await page.reload();
    // A first connection that fails is retried in "connecting"; the stored dialog is back at once.
    await expect.poll(() => heading(page)).toBe('Still open after the reload');
    expect(await ui(page).getAttribute('connection')).toBe('connecting');
    expect(answersTo(shared, input.id)).toEqual([]);

    // Back online: the bridge replays both dialogs; the page sends its stored answer once and
    // keeps showing the open one.
    proxy.refuseWebSockets = false;
    await expect.poll(() => ui(page).getAttribute('connection'), { timeout: 15_000 }).toBe('connected');
    await expect.poll(() => answersTo(shared, input.id).length).toBe(1);
    expect(await heading(page)).toBe('Still open after the reload');
    await readingPause(page);
    await page.keyboard.press('Control+Enter');
    expect((await probeResults(shared, mark)).map((r) => r.value)).toEqual(['across a reload ✓', true]);
    expect(answersTo(shared, input.id)).toEqual([
      { type: 'extension_ui_response', id: input.id, value: 'across a reload ✓' },
    ]);
    expect(answersTo(shared, confirm.id)).toEqual([
      { type: 'extension_ui_response', id: confirm.id, confirmed: true },
    ]);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('another tab answers a dialog and clears a status and a widget while the page is offline: after the reconnect they are gone here too', async () => {
    const errors: string[] = [];
    const page = await openPage(`http://127.0.0.1:${proxy.port}/?token=${TOKEN}`, errors);
    const other = await Tab.open(shared.bridge.url);
    const mark = shared.fromAgent.length;
    other.sendProbe([
      { call: 'setStatus', args: ['away-status', 'STATUS CLEARED WHILE AWAY'] },
      { call: 'setWidget', args: ['away-widget', ['WIDGET CLEARED WHILE AWAY']] },
      { call: 'select', args: ['Answered in the other tab', ['left', 'right']] },
      { call: 'confirm', args: ['Still pending after the reconnect', 'm'], timeout: 60_000 },
    ]);
    // The bar itself, not its live region (which keeps the last announcement).
    const statusBar = ui(page).locator('rpc-status-bar [part~="bar"]');
    const widgets = ui(page).locator('rpc-widget');
    await expect.poll(() => heading(page)).toBe('Answered in the other tab');
    await expect.poll(() => statusBar.getByText('STATUS CLEARED WHILE AWAY').count()).toBeGreaterThan(0);
    await expect.poll(() => widgets.getByText('WIDGET CLEARED WHILE AWAY').count()).toBeGreaterThan(0);
    const select = await requestTitled(shared, 'Answered in the other tab', mark);
    const confirm = await requestTitled(shared, 'Still pending after the reconnect', mark);

    // The page goes offline; meanwhile the other tab answers and the extension clears.
    proxy.down = true;
    proxy.cut();
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('reconnecting');
    other.send({ type: 'extension_ui_response', id: select.id, value: 'right' });
    await other.resultAfter(
      other.sendProbe([
        { call: 'setStatus', args: ['away-status', null] },
        { call: 'setWidget', args: ['away-widget', null] },
      ]),
    );
    // Nobody could tell the page yet.
    expect(await heading(page)).toBe('Answered in the other tab');
    const cleared = other.received.length;

    proxy.down = false;
    await expect.poll(() => ui(page).getAttribute('connection'), { timeout: 15_000 }).toBe('connected');
    // The answered dialog, the cleared status and widget are gone; the pending dialog stays,
    // alone in the queue, with the deadline it had.
    await expect.poll(() => heading(page)).toBe('Still pending after the reconnect');
    expect(await dialog(page).getByText(/ of /).count()).toBe(0);
    await expect.poll(() => statusBar.getByText('STATUS CLEARED WHILE AWAY').count()).toBe(0);
    await expect.poll(() => widgets.getByText('WIDGET CLEARED WHILE AWAY').count()).toBe(0);
    const remaining = await ui(page).evaluate((el) => {
      const { controller } = el as unknown as {
        controller: { current: unknown; remaining: (dialog: unknown) => number | undefined };
      };
      return controller.remaining(controller.current);
    });
    expect(remaining).toBeGreaterThan(30_000);
    expect(remaining).toBeLessThan(60_000);

    await readingPause(page);
    await page.keyboard.press('Control+Enter');
    expect((await other.resultAfter(cleared)).slice(2).map((r) => r.value)).toEqual(['right', true]);
    expect(answersTo(shared, select.id)).toEqual([
      { type: 'extension_ui_response', id: select.id, value: 'right' },
    ]);
    expect(answersTo(shared, confirm.id)).toEqual([
      { type: 'extension_ui_response', id: confirm.id, confirmed: true },
    ]);
    await expect.poll(() => dialog(page).count()).toBe(0);
    other.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the bridge is replaced by a new one (a restart) while the page is offline and reloads: the old agent’s dialog and status are gone', async () => {
    let target = 0;
    const restartProxy = await startProxy(() => target);
    try {
      const origin = `http://127.0.0.1:${restartProxy.port}`;
      const before = await startRig([origin]);
      target = before.bridge.port;
      const errors: string[] = [];
      const page = await openPage(`${origin}/?token=${TOKEN}`, errors);
      const statusBar = ui(page).locator('rpc-status-bar [part~="bar"]');
      const old = await Tab.open(before.bridge.url);
      old.sendProbe([
        { call: 'setStatus', args: ['old-agent', 'OLD AGENT STATUS'] },
        { call: 'select', args: ['From the old agent', ['x', 'y']] },
      ]);
      await expect.poll(() => heading(page)).toBe('From the old agent');
      await expect.poll(() => statusBar.getByText('OLD AGENT STATUS').count()).toBeGreaterThan(0);

      // The bridge goes away without a word to the page (the network is down), a new one starts
      // at the same address, and the page reloads before its WebSocket gets through.
      restartProxy.down = true;
      restartProxy.cut();
      await expect.poll(() => ui(page).getAttribute('connection')).toBe('reconnecting');
      old.close();
      await before.bridge.close();
      const after = await startRig([origin]);
      target = after.bridge.port;
      restartProxy.refuseWebSockets = true;
      restartProxy.down = false;
      await page.reload();
      // The stored state is back at once, the old agent's dialog with it.
      await expect.poll(() => heading(page)).toBe('From the old agent');
      await expect.poll(() => statusBar.getByText('OLD AGENT STATUS').count()).toBeGreaterThan(0);

      restartProxy.refuseWebSockets = false;
      await expect.poll(() => ui(page).getAttribute('connection'), { timeout: 15_000 }).toBe('connected');
      await expect.poll(() => dialog(page).count()).toBe(0);
      await expect.poll(() => statusBar.getByText('OLD AGENT STATUS').count()).toBe(0);
      expect(after.toAgent.filter((m) => m.type === 'extension_ui_response')).toEqual([]);

      // The new agent's dialogs work as ever.
      const mark = after.fromAgent.length;
      await probe(page, [{ call: 'confirm', args: ['From the new agent', 'm'] }]);
      await expect.poll(() => heading(page)).toBe('From the new agent');
      await readingPause(page);
      await page.keyboard.press('Control+Enter');
      expect((await probeResults(after, mark)).map((r) => r.value)).toEqual([true]);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await restartProxy.close();
    }
  }, 90_000);

  it('an extension asks a dialog with a bad field: the page answers it cancelled once, the agent goes on, the user reads why', async () => {
    const errors: string[] = [];
    const page = await openPage(shared.bridge.url, errors);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const mark = shared.fromAgent.length;
    // ctx.ui.confirm('Proceed?') without its message: nothing type-checks an extension.
    await probe(page, [{ call: 'confirm', args: ['Proceed?'] }]);
    expect((await probeResults(shared, mark)).map((r) => r.value)).toEqual([false]);
    const request = await requestTitled(shared, 'Proceed?', mark);
    expect(answersTo(shared, request.id)).toEqual([
      { type: 'extension_ui_response', id: request.id, cancelled: true },
    ]);
    const shown = ui(page).locator('rpc-notifications [part~="notification-error"]');
    await expect.poll(() => shown.getByText('It was answered as cancelled').count()).toBeGreaterThan(0);
    expect(await dialog(page).count()).toBe(0);
    expect(warnings.some((text) => text.includes('Invalid confirm request: "message" is missing'))).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the agent is killed mid-dialog: the page shows the exit, the dialog closes, no answer goes to the dead agent', async () => {
    const rig = await startRig();
    const errors: string[] = [];
    const page = await openPage(rig.bridge.url, errors);
    await probe(page, [{ call: 'confirm', args: ['Pending when the agent dies', 'm'] }]);
    await expect.poll(() => heading(page)).toBe('Pending when the agent dies');
    const request = await requestTitled(rig, 'Pending when the agent dies');
    const written = rig.toAgent.length;

    await readingPause(page);
    rig.bridge.agent.child.kill('SIGKILL');
    const writtenAtExit = rig.bridge.agent.exited.then(() => rig.toAgent.length);
    // The user answers at that very moment (before anyone can know the agent is gone).
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('agent-exited');
    await expect.poll(() => pill(page).textContent()).toContain('Agent exited');
    await expect.poll(() => ui(page).getByText('Agent exited (signal SIGKILL)').count()).toBe(1);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await rig.bridge.agentExit).toMatchObject({ code: null, signal: 'SIGKILL' });

    // Stop, another command, a reload: nothing reaches the dead agent, the state stays clear.
    await page.getByRole('button', { name: 'Stop' }).click();
    await command(page, '/demo-confirm');
    await page.reload();
    await expect.poll(() => ui(page).getAttribute('connection')).toBe('agent-exited');
    await expect.poll(() => ui(page).getByText('Agent exited (signal SIGKILL)').count()).toBe(1);
    expect(await dialog(page).count()).toBe(0);
    // A window, not a barrier: the bridge drops what a tab sends to an agent that has exited
    // without a word, so nothing later can be ordered after it. It can only miss a late write.
    await page.waitForTimeout(200);
    // Nothing was written once the process had exited; before that, at most the one answer that
    // raced the kill (it went to a process already dying: nobody could know yet).
    expect(rig.toAgent.slice(await writtenAtExit)).toEqual([]);
    const raced = rig.toAgent.slice(written);
    expect(raced.length).toBeLessThanOrEqual(1);
    for (const message of raced)
      expect(message).toEqual({ type: 'extension_ui_response', id: request.id, confirmed: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the agent writes a 20 MB line: the page stays responsive, shows the start with a notice, keeps it all; a dialog right after works', async () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    const page = await openPage(shared.bridge.url, errors);
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().startsWith('rpc-')) warnings.push(message.text());
    });
    await watchLongTasks(page);
    const huge = 20_000_000;
    const mark = shared.fromAgent.length;
    const lines = shared.hugeLines;
    const logged = shared.logs.length;
    await command(page, `/fault-huge ${huge}`);
    await notified(shared, 'UI_FAULT_HUGE_DONE ', mark, 30_000);
    expect(shared.hugeLines).toBe(lines + 1);

    // The notification shows the first characters and says how many are not shown.
    const notification = ui(page).locator('rpc-notifications').locator('[part~="message"]', {
      hasText: 'HUGE-START',
    });
    await expect.poll(() => notification.count(), { timeout: 20_000 }).toBe(1);
    const shown = (await notification.textContent()) ?? '';
    expect(shown).toContain(`… (${(huge - 100_000).toLocaleString('en')} more characters not shown)`);
    expect(shown.length).toBeLessThan(100_100);
    // Nothing lost: the controller holds the whole text, for a host that wants it.
    const kept = await ui(page).evaluate((el) => {
      const notes = (el as unknown as { controller: { notifications: { message: string }[] } }).controller
        .notifications;
      const found = notes.find((n) => n.message.startsWith('HUGE-START'));
      return found ? [found.message.length, found.message.endsWith(' HUGE-END')] : [];
    });
    expect(kept).toEqual([huge, true]);

    // A dialog right after: shown at once, answered, the extension gets exactly that answer.
    const after = shared.fromAgent.length;
    await probe(page, [{ call: 'confirm', args: ['Right after the huge line', 'm'] }]);
    await expect.poll(() => heading(page)).toBe('Right after the huge line');
    const started = Date.now();
    await page.evaluate(() => 0);
    expect(Date.now() - started).toBeLessThan(1000);
    // The state is still kept for a reload (without the notification too big to store).
    const stored = () =>
      page.evaluate(() => {
        const snapshot = JSON.parse(sessionStorage.getItem('rpc-ui-kit') ?? '{}') as {
          dialogs?: { request: { title: string } }[];
        };
        return snapshot.dialogs?.map((d) => d.request.title);
      });
    await expect.poll(stored).toEqual(['Right after the huge line']);
    await readingPause(page);
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    expect((await probeResults(shared, after)).map((r) => r.value)).toEqual([true]);
    const request = await requestTitled(shared, 'Right after the huge line', after);
    expect(answersTo(shared, request.id)).toHaveLength(1);

    // Never frozen: the longest task of the page stayed short (it was about 30 s before).
    expect(Math.max(0, ...(await longTasks(page)))).toBeLessThan(3000);
    expect(shared.logs.slice(logged)).toEqual([]);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('1,000 dialogs at once: the page shows the queue, stays responsive, and each gets exactly one answer', async () => {
    const errors: string[] = [];
    const page = await openPage(shared.bridge.url, errors);
    await watchLongTasks(page);
    const count = 1000;
    const calls = Array.from({ length: count }, (_, i) => ({
      call: 'confirm',
      args: [`Flood ${i + 1}`, 'One of a thousand'],
    }));
    const mark = shared.fromAgent.length;
    const written = shared.toAgent.length;
    await probe(page, calls);
    await expect.poll(() => heading(page), { timeout: 20_000 }).toBe('Flood 1');
    await until('the thousand requests', () =>
      shared.fromAgent.slice(mark).filter((v) => v.method === 'confirm').length === count ? true : undefined,
    );
    await expect
      .poll(() =>
        dialog(page)
          .getByText(`1 of ${count.toLocaleString('en')}`)
          .count(),
      )
      .toBe(1);
    // One dialog in the page, not a thousand.
    expect(await page.locator('rpc-confirm').count()).toBe(1);

    // Answer the first few by keyboard (Ctrl+Enter says yes): the queue moves on each time.
    const byKeyboard = 5;
    for (let i = 1; i <= byKeyboard; i++) {
      await expect.poll(() => heading(page)).toBe(`Flood ${i}`);
      await readingPause(page);
      const started = Date.now();
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => heading(page)).toBe(`Flood ${i + 1}`);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    await expect
      .poll(() =>
        dialog(page)
          .getByText(`1 of ${(count - byKeyboard).toLocaleString('en')}`)
          .count(),
      )
      .toBe(1);

    // Stop answers every other one with cancelled, at once.
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    const results = await probeResults(shared, mark, 30_000);
    expect(results).toHaveLength(count);
    expect(results.slice(0, byKeyboard).map((r) => r.value)).toEqual(Array(byKeyboard).fill(true));
    expect(results.slice(byKeyboard).every((r) => r.value === false)).toBe(true);

    // On the wire: exactly one answer per dialog, none for anything else.
    const ids = shared.fromAgent
      .slice(mark)
      .filter((v) => v.method === 'confirm')
      .map((v) => v.id);
    const answers = shared.toAgent.slice(written).filter((m) => m.type === 'extension_ui_response');
    expect(answers).toHaveLength(count);
    expect(new Set(answers.map((m) => m.id))).toEqual(new Set(ids));
    expect(answers.filter((m) => m.confirmed === true)).toHaveLength(byKeyboard);
    expect(answers.filter((m) => m.cancelled === true)).toHaveLength(count - byKeyboard);
    expect(Math.max(0, ...(await longTasks(page)))).toBeLessThan(3000);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('a flood of connections: the bridge refuses the bad ones with a reason, the page stays connected, the agent answers', async () => {
    const errors: string[] = [];
    const page = await openPage(shared.bridge.url, errors);
    await ui(page).evaluate((el) => {
      const states: string[] = [];
      (window as unknown as { states: string[] }).states = states;
      el.addEventListener('rpc-connection', (event) =>
        states.push((event as CustomEvent<{ state: string }>).detail.state),
      );
    });
    const port = shared.bridge.port;
    const origin = `http://127.0.0.1:${port}`;
    const logged = shared.logs.length;

    const plan: Attempt[] = [
      ...Array.from({ length: 100 }, (_, i): Attempt => (i % 2 ? 'stay' : 'vanish')),
      ...Array.from({ length: 60 }, (): Attempt => 'foreign-origin'),
      ...Array.from({ length: 30 }, (): Attempt => 'no-origin'),
      ...Array.from({ length: 30 }, (): Attempt => 'no-token'),
      ...Array.from({ length: 20 }, (): Attempt => 'wrong-path'),
      ...Array.from({ length: 40 }, (): Attempt => 'not-json'),
      ...Array.from({ length: 10 }, (): Attempt => 'too-big'),
      ...Array.from({ length: 40 }, (): Attempt => 'raw-garbage'),
    ];
    const outcomes = await Promise.all(plan.map((kind) => attempt(kind, port, origin)));
    const of = (kind: Attempt) => outcomes.filter((o) => o.kind === kind);

    // Connections from this origin are welcomed; one closed abruptly leaves nothing behind.
    for (const o of [...of('stay'), ...of('vanish')]) expect(o.result).toBe('hello');
    // The bad ones are refused, each with its reason.
    for (const o of of('foreign-origin'))
      expect(o.result).toBe('403 The origin http://evil.example is not allowed.');
    for (const o of of('no-origin')) expect(o.result).toBe('403 The WebSocket upgrade has no Origin header.');
    for (const o of of('no-token')) expect(o.result).toBe('403 A token is required.');
    for (const o of of('wrong-path')) expect(o.result).toBe('404 WebSockets are served at /rpc only.');
    for (const o of of('not-json'))
      expect(o.result).toBe('closed 1008 Each message must be one JSON object; this one is not JSON.');
    for (const o of of('too-big')) expect(o.result).toMatch(/^closed 1009/);
    for (const o of of('raw-garbage')) expect(o.result).toMatch(/^HTTP\/1\.1 400 /);
    const logs = shared.logs.slice(logged);
    const count = (text: string) => logs.filter((line) => line.includes(text)).length;
    expect(count('refused a WebSocket: The origin http://evil.example is not allowed.')).toBe(60);
    expect(count('refused a WebSocket: The WebSocket upgrade has no Origin header.')).toBe(30);
    expect(count('refused a WebSocket: A token is required.')).toBe(30);
    expect(count('a tab was disconnected: Each message must be one JSON object')).toBe(40);

    // The page never noticed, and the agent runs on: a dialog round trip, seen by the tabs that
    // stayed, closed in them when the page answers.
    expect(await page.evaluate(() => (window as unknown as { states: string[] }).states)).toEqual([]);
    expect(await ui(page).getAttribute('connection')).toBe('connected');
    expect(shared.bridge.agent.child.exitCode).toBeNull();
    const mark = shared.fromAgent.length;
    await probe(page, [{ call: 'select', args: ['After the flood', ['calm', 'storm']] }]);
    await expect.poll(() => heading(page)).toBe('After the flood');
    await readingPause(page);
    await dialog(page).getByRole('option', { name: 'calm' }).click();
    expect((await probeResults(shared, mark)).map((r) => r.value)).toEqual(['calm']);
    const request = await requestTitled(shared, 'After the flood', mark);
    expect(answersTo(shared, request.id)).toHaveLength(1);
    const stayed = of('stay').map((o) => o.socket as WebSocket);
    await until('the dialog closed in every tab that stayed', () =>
      stayed.every((socket) => closedDialogs.get(socket)?.has(String(request.id))) ? true : undefined,
    );
    for (const socket of stayed) socket.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

/** What one connection of the flood does. */
type Attempt =
  | 'stay'
  | 'vanish'
  | 'foreign-origin'
  | 'no-origin'
  | 'no-token'
  | 'wrong-path'
  | 'not-json'
  | 'too-big'
  | 'raw-garbage';

/** The ids of the `rpc_ui_dialog_closed` each flood socket received. */
const closedDialogs = new WeakMap<WebSocket, Set<string>>();

/**
 * Make one connection of kind `kind` and say how it went: `hello` (welcomed), `<status> <body>`
 * (refused at the upgrade), `closed <code> <reason>` (dropped later), or the server's first
 * response line (not WebSocket at all).
 */
function attempt(
  kind: Attempt,
  port: number,
  origin: string,
): Promise<{ kind: Attempt; result: string; socket?: WebSocket }> {
  const done = (result: string, socket?: WebSocket) => ({ kind, result, socket });
  if (kind === 'raw-garbage') {
    return new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.write('\u0000\u00ff GARBAGE /rpc HTTP/9\r\nthis is: not\r\n\r\n');
      });
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(done(text.split('\r\n')[0] ?? '')));
    });
  }
  const path = kind === 'wrong-path' ? '/nope' : '/rpc';
  const headers =
    kind === 'no-origin' ? {} : { origin: kind === 'foreign-origin' ? 'http://evil.example' : origin };
  const query = kind === 'no-token' ? '' : `?token=${TOKEN}`;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}${query}`, headers);
  const closed = new Set<string>();
  closedDialogs.set(socket, closed);
  return new Promise((resolve) => {
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(done(`${response.statusCode ?? '?'} ${body.trim()}`)));
    });
    socket.once('open', () => {
      if (kind === 'not-json') socket.send('this is not JSON');
      if (kind === 'too-big') socket.send('x'.repeat(MAX_PAYLOAD + 1));
    });
    socket.on('message', (data: Buffer) => {
      const value = JSON.parse(data.toString('utf8')) as { type?: string; id?: string };
      if (value.type === 'rpc_ui_dialog_closed' && value.id) closed.add(value.id);
      if (value.type !== 'rpc_ui_hello') return;
      if (kind === 'vanish') socket.terminate();
      if (kind === 'vanish' || kind === 'stay') resolve(done('hello', socket));
    });
    socket.once('close', (code, reason) => resolve(done(`closed ${code} ${reason.toString()}`)));
  });
}
