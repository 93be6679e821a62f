/**
 * The main job in Firefox and in WebKit, end to end, driven by keyboard through each engine's
 * own WebDriver (BiDi for Debian's Firefox, WebKitWebDriver for WebKitGTK's MiniBrowser): the
 * playground on the real pi 1.6.0, every dialog type answered, Escape, a timeout, a queue of
 * three, Stop (Ctrl+.), and a reload that keeps a dialog and what was typed in it; and the README's
 * one-tag page on its own origin, let in by the token the bridge's page gave the browser.
 * Chromium does the same in e2e-agents.test.ts and readme-page.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { folderName } from '../../../src/bridge/folder-name.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { strayInput } from '../../../src/components/dialog/stray-input.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { type Engine, type EnginePage, waitFor } from '../../support/engines/engine-page.js';
import { launchFirefox } from '../../support/engines/firefox.mjs';
import { launchWebKit } from '../../support/engines/webkit.mjs';
import { buildPlayground } from '../../support/playground.js';
import { buildReadmePage } from '../../support/readme-page.js';
import { serveDirectory } from '../../support/static-server.js';

let playground: Awaited<ReturnType<typeof buildPlayground>>;
let bridge: Bridge;
let observer: Tab;
let cleanup: () => void;
/** The folder the agent works in, as the page names it. */
let folder: string;
let readmeDir: string;
let readmeSite: Awaited<ReturnType<typeof serveDirectory>>;
const toAgent: OutboundMessage[] = [];

/** The moment a person takes to read a dialog before answering (the stray-input guard). */
const readingPause = () => new Promise((resolve) => setTimeout(resolve, strayInput.guardMs));

beforeAll(async () => {
  playground = await buildPlayground();
  readmeDir = await mkdtemp(join(tmpdir(), 'rpc-ui-engines-readme-'));
  readmeSite = await serveDirectory(join(readmeDir, 'dist'));
  const command = await agentCommand('pi', { install: false });
  cleanup = command.cleanup;
  folder = folderName(command.cwd);
  bridge = await startBridge({
    port: 0,
    agent: command,
    staticDir: playground.dir,
    extraOrigins: [readmeSite.url.replace(/\/$/, '')],
  });
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    toAgent.push(message);
    send(message);
  };
  observer = await Tab.open(bridge.url);
  await buildReadmePage(readmeDir, `ws://127.0.0.1:${bridge.port}/rpc`);
}, 90_000);

afterAll(async () => {
  observer?.close();
  await bridge?.close();
  cleanup?.();
  await readmeSite?.close();
  playground?.remove();
  if (readmeDir) await rm(readmeDir, { recursive: true, force: true });
}, 30_000);

/** Send `text` from the playground's composer by keyboard, as a person would. */
async function send(page: EnginePage, text: string): Promise<void> {
  await page.evaluate(`(document.querySelector('#message').focus(), true)`);
  await page.type(text);
  await page.press('Enter');
}

/** Run `/probe` with these calls from the page; the observer's mark to read the results after. */
async function probe(page: EnginePage, calls: unknown[]): Promise<number> {
  const mark = observer.received.length;
  await send(page, `/probe ${JSON.stringify(calls)}`);
  return mark;
}

const dialogTitled = (page: EnginePage, title: string) =>
  waitFor(page, `the dialog "${title}"`, (state) => state.dialog === title);
const noDialog = (page: EnginePage) => waitFor(page, 'no dialog', (state) => state.dialog === null);
const values = async (mark: number) => (await observer.resultAfter(mark, 20_000)).map((r) => r.value);

describe.each([
  { name: 'firefox', launch: launchFirefox },
  { name: 'webkit', launch: launchWebKit },
])('the playground on pi 1.6.0 in $name, by keyboard', ({ launch }) => {
  let engine: Engine;
  let page: EnginePage;

  beforeAll(async () => {
    engine = await launch();
    page = await engine.newPage();
    await page.goto(bridge.url);
    await waitFor(page, 'the connection', (state) => state.connection === 'connected', 30_000);
  }, 60_000);
  afterAll(async () => {
    await page?.close();
    await engine?.close();
  }, 30_000);

  it('names the agent, takes the token out of the address, and answers every dialog type', async () => {
    await waitFor(
      page,
      'the agent named, and its folder',
      (state) => state.agent === `Agent: pi 1.6.0 · in ${folder}`,
    );
    expect(await page.url()).toBe(bridge.url.replace(/\?token=.*/, ''));
    const mark = await probe(page, [
      { call: 'select', args: ['Pick one', ['alpha', 'beta ✓', 'gamma']] },
      { call: 'confirm', args: ['Proceed?', 'Two\nlines'] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit', 'line 1'] },
    ]);
    let state = await dialogTitled(page, 'Pick one');
    expect(state.focus).toBe('div#option-0');
    await readingPause();
    await page.press('ArrowDown');
    await page.press('Enter');
    state = await dialogTitled(page, 'Proceed?');
    expect(state.focus).toMatch(/^button/);
    await readingPause();
    await page.press('Enter', ['Control']);
    state = await dialogTitled(page, 'Your name');
    expect(state.focus).toBe('input#field');
    await readingPause();
    await page.type('Ada ✓');
    await page.press('Enter');
    state = await dialogTitled(page, 'Edit');
    expect(state.focus).toBe('textarea#field');
    await readingPause();
    await page.type(' end');
    await page.press('Enter', ['Control']);
    expect(await values(mark)).toEqual(['beta ✓', true, 'Ada ✓', 'line 1 end']);
    // Focus is back in the composer it left.
    await noDialog(page);
    expect((await waitFor(page, 'focus back', (s) => s.focus === 'textarea#message')).focus).toBe(
      'textarea#message',
    );
  }, 60_000);

  it('Escape cancels, a timeout expires visibly, a queue of three, Stop (Ctrl+.) unblocks', async () => {
    let mark = await probe(page, [{ call: 'confirm', args: ['Cancel me', 'm'] }]);
    await dialogTitled(page, 'Cancel me');
    await page.press('Escape');
    expect(await values(mark)).toEqual([false]);

    mark = await probe(page, [{ call: 'select', args: ['Too slow', ['a', 'b']], timeout: 1500 }]);
    await dialogTitled(page, 'Too slow');
    expect((await observer.resultAfter(mark, 20_000))[0]?.type).toBe('undefined');
    await waitFor(page, 'the timeout said', (s) =>
      s.text.includes('timed out: the agent went on with its default.'),
    );
    await noDialog(page);

    mark = await probe(page, [
      { call: 'confirm', args: ['First', 'm'] },
      { call: 'input', args: ['Second'] },
      { call: 'select', args: ['Third', ['x', 'y']] },
    ]);
    await waitFor(page, '1 of 3', (s) => s.dialog === 'First' && s.position === '1 of 3');
    await readingPause();
    await page.press('Escape');
    await waitFor(page, '1 of 2', (s) => s.dialog === 'Second' && s.position === '1 of 2');
    await readingPause();
    await page.type('typed');
    await page.press('Enter');
    await dialogTitled(page, 'Third');
    await page.press('.', ['Control']);
    expect(await values(mark)).toEqual([false, 'typed', undefined]);
    await noDialog(page);
    expect(toAgent.filter((m) => m.type === 'abort').length).toBeGreaterThan(0);
  }, 60_000);

  it('a reload keeps a pending dialog and what was typed in it', async () => {
    const mark = await probe(page, [{ call: 'input', args: ['Survives a reload'] }]);
    await dialogTitled(page, 'Survives a reload');
    await readingPause();
    await page.type('half-typed');
    await waitFor(page, 'the text typed', (s) => s.field === 'half-typed');
    await page.reload();
    const back = await waitFor(
      page,
      'the dialog back',
      (s) => s.dialog === 'Survives a reload' && s.field === 'half-typed',
    );
    expect(back.focus).toBe('input#field');
    await page.press('End');
    await page.type(' and done');
    await readingPause();
    await page.press('Enter');
    expect(await values(mark)).toEqual(['half-typed and done']);
    // Answered, focus goes to the notice region, not to the page's body.
    const after = await noDialog(page);
    expect(after.focus).not.toBe('body');
  }, 60_000);

  it("the README's page on its own origin connects with the token the bridge's page gave, and sends what is typed", async () => {
    await page.goto(readmeSite.url);
    await waitFor(page, 'the connection', (state) => state.connection === 'connected', 30_000);
    const before = toAgent.length;
    await page.evaluate(`(document.querySelector('#message').focus(), true)`);
    await page.type('/demo-confirm');
    await page.press('Enter');
    await until('the prompt at the agent', () =>
      toAgent.slice(before).find((m) => m.type === 'prompt' && m.message === '/demo-confirm'),
    );
    await dialogTitled(page, 'Delete build output?');
    await readingPause();
    await page.press('Escape');
    await until('the answer at the agent', () =>
      toAgent.slice(before).find((m) => m.type === 'extension_ui_response' && m.cancelled === true),
    );
    await page.goto(bridge.url.replace(/\?token=.*/, ''));
  }, 60_000);
});
