/**
 * End to end in a real VS Code: code-server (installed into the cache by `npm test`, see
 * test/support/vscode/install.ts) with examples/vscode linked in unchanged, the real pi agent
 * behind it (the example's settings name the catalog's command line), the workbench in Debian's
 * Chromium, driven by keyboard like a person. One code-server for the whole file; its whole
 * process group is ended at the end.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmCommand, run } from '../../src/bridge/agents/cache.js';
import { type AgentCommand, agentCommand } from '../../src/bridge/agents/catalog.js';
import { launchChromium } from '../support/chromium.js';
import { readingPause } from '../support/reading-pause.js';
import { installCodeServer } from '../support/vscode/install.js';
import { type RunningCodeServer, startCodeServer } from '../support/vscode/server.js';
import {
  kitFrame,
  openWorkbench,
  probeResults,
  recordProbes,
  runCommand,
  type Workbench,
} from '../support/vscode/workbench.js';

const example = fileURLToPath(new URL('../../examples/vscode/', import.meta.url));

/** Where code-server writes in a home folder it is let at: none of it may appear in the user's. */
const HOME_WRITES = ['.config/code-server', '.local/share/code-server', '.cache/Microsoft'].map((path) =>
  join(homedir(), path),
);
const homeWritesBefore = HOME_WRITES.filter((path) => existsSync(path));

/** The example's own build: its package.json scripts (esbuild, from the repository's node_modules). */
const buildExample = (): Promise<void> =>
  run(npmCommand(), ['run', '--silent', 'build'], { cwd: example, what: "examples/vscode's build" });

let agent: AgentCommand;
let server: RunningCodeServer;
let browser: Browser;
let workbench: Workbench;
let page: Page;
let frame: Frame;

/** The example's settings for pi from the catalog, and any more. */
const settings = (more: Readonly<Record<string, unknown>> = {}): Record<string, unknown> => ({
  'rpcUiKit.agent.name': 'command',
  'rpcUiKit.agent.command': agent.command,
  'rpcUiKit.agent.args': agent.args,
  ...more,
});

beforeAll(async () => {
  const [codeServer] = await Promise.all([
    installCodeServer((message) => console.error(message)),
    buildExample(),
  ]);
  agent = await agentCommand('pi');
  server = await startCodeServer(codeServer, { extension: example, settings: settings(), env: agent.env });
  browser = await launchChromium();
  workbench = await openWorkbench(browser, server.url);
  page = workbench.page;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  agent?.cleanup();
  // The whole process group ended (extension host, watcher, agent), and no home folder was written.
  expect(server?.running()).toBe(false);
  expect(HOME_WRITES.filter((path) => existsSync(path))).toEqual(homeWritesBefore);
}, 30_000);

const dialog = (): ReturnType<Frame['locator']> => frame.locator('dialog[open]');
const heading = () => dialog().getByRole('heading');
const composer = () => frame.getByRole('textbox', { name: 'Message' });

/** Type `text` into the composer and press Enter, as a person would. */
async function send(text: string): Promise<void> {
  await composer().click();
  await composer().fill(text);
  await composer().press('Enter');
}

/** Run `/probe` with `calls`; resolves with their results once the agent reported them. */
async function probe(calls: unknown[]): Promise<() => Promise<unknown[]>> {
  const before = (await probeResults(frame)).length;
  await send(`/probe ${JSON.stringify(calls)}`);
  return async () => {
    await expect.poll(async () => (await probeResults(frame)).length, { timeout: 15_000 }).toBe(before + 1);
    return ((await probeResults(frame))[before] ?? []).map((result) =>
      result.type === 'undefined' ? undefined : result.value,
    );
  };
}

/** The element (in the kit's shadow DOM) focused in the frame, described. */
const focused = (): Promise<string> =>
  frame.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const role = element?.getAttribute('role') ?? element?.localName ?? '';
    return `${role} ${element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''}`.trim();
  });

// The first command waits for the extensions to register (ten seconds or so on two cores).
describe('the example extension in a real VS Code, on the real pi', { timeout: 60_000 }, () => {
  it('opens the agent view in the side bar from the command palette, connected, CSP-clean', async () => {
    await runCommand(page, 'rpc-ui-kit: Show agent in the side bar');
    frame = await kitFrame(page);
    await expect.poll(() => frame.locator('rpc-extension-ui').getAttribute('connection')).toBe('connected');
    await recordProbes(frame);
    // The detector sees a violation (an inline script the policy blocks), then none of the kit's.
    await frame.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'void 0';
      document.body.append(script);
    });
    await expect.poll(() => workbench.violations.length).toBeGreaterThan(0);
    workbench.violations.length = 0;
  });

  it('answers every dialog type by keyboard alone; focus goes into each and back to the composer', async () => {
    const results = await probe([
      { call: 'select', args: ['Pick one', ['alpha', 'beta ✓', 'gamma']] },
      { call: 'confirm', args: ['Proceed?', 'Two\nlines'] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit', 'line 1\n\tline 2'] },
    ]);
    await expect.poll(heading).toBeDefined();
    await expect.poll(() => heading().textContent()).toBe('Pick one');
    expect(await focused()).toMatch(/^listbox/);
    await readingPause(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading().textContent()).toBe('Proceed?');
    expect(await focused()).toBe('button No');
    await readingPause(page);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => heading().textContent()).toBe('Your name');
    expect(await focused()).toMatch(/^input/);
    await readingPause(page);
    await page.keyboard.type('Ada ✓');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading().textContent()).toBe('Edit');
    await readingPause(page);
    await page.keyboard.type(' end');
    await page.keyboard.press('Control+Enter');
    expect(await results()).toEqual(['beta ✓', true, 'Ada ✓', 'line 1\n\tline 2 end']);
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await focused()).toBe('textarea Message');
  });

  it('Escape cancels, a timeout expires visibly, Stop unblocks a pending dialog', async () => {
    let results = await probe([{ call: 'confirm', args: ['Cancel me', 'm'] }]);
    await expect.poll(() => dialog().count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await results()).toEqual([false]);

    results = await probe([{ call: 'select', args: ['Too slow', ['a', 'b']], timeout: 1500 }]);
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await results()).toEqual([undefined]);
    await expect
      .poll(() =>
        frame.getByText('“\u2068Too slow\u2069” timed out: the agent went on with its default.').count(),
      )
      .toBe(1);
    await expect.poll(() => dialog().count()).toBe(0);

    results = await probe([{ call: 'input', args: ['Blocking permission'] }]);
    await expect.poll(() => dialog().count()).toBe(1);
    // Stop is the view's title-bar action (the workbench's, outside the webview).
    await page.getByRole('button', { name: 'Stop' }).click();
    expect(await results()).toEqual([undefined]);
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('shows the statuses, widgets and notifications the extension set, and its title as the view’s', async () => {
    const results = await probe([
      { call: 'setStatus', args: ['e2e', 'status from the agent'] },
      { call: 'setWidget', args: ['e2e-above', ['widget above ✓']] },
      { call: 'notify', args: ['a warning for you', 'warning'] },
      { call: 'setTitle', args: ['pi — e2e title'] },
    ]);
    await results();
    await frame
      .getByRole('region', { name: 'Extension status' })
      .getByText('status from the agent')
      .waitFor();
    await frame.getByText('widget above ✓').waitFor();
    const notifications = () =>
      frame.locator('rpc-notifications').evaluate((element) => element.shadowRoot?.textContent ?? '');
    await expect.poll(notifications).toMatch(/Warning:\s*a warning for you/);
    await page.getByRole('heading', { name: /pi — e2e title/i }).waitFor();
    expect(workbench.violations).toEqual([]);
  });
});
