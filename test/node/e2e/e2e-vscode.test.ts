/**
 * End to end in a real VS Code: code-server (installed into the cache by `npm test`, see
 * test/support/vscode/install.ts) with examples/vscode linked in unchanged, the real pi agent
 * behind it (the example's settings name the catalog's command line), the workbench in Debian's
 * Chromium, driven by keyboard like a person. One code-server for the whole file; its whole
 * process group is ended at the end.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmCommand, run } from '../../../src/bridge/agents/cache.js';
import { type AgentCommand, agentCommand } from '../../../src/bridge/agents/catalog.js';
import { UNUSED_MS } from '../../../examples/vscode/src/keeper-protocol.js';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { readingPause } from '../../support/reading-pause.js';
import { until } from '../../support/bridge-tab.js';
import { processesNaming } from '../../support/processes.js';
import { installCodeServer } from '../../support/vscode/install.js';
import { type RunningCodeServer, startCodeServer } from '../../support/vscode/server.js';
import {
  kitFrames,
  openWorkbench,
  probeResults,
  recordProbes,
  runCommand,
  type Workbench,
  workbenchStored,
} from '../../support/vscode/workbench.js';

const example = fileURLToPath(new URL('../../../examples/vscode/', import.meta.url));

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
  const violations = [...(workbench?.violations ?? [])];
  await browser?.close();
  await server?.stop();
  // The whole process group ended (extension host, watcher), and no home folder was written.
  expect(server?.running()).toBe(false);
  expect(HOME_WRITES.filter((path) => existsSync(path))).toEqual(homeWritesBefore);
  // The agents' keepers, which outlive a window on purpose, end once no window came back to them.
  const keepers = () => processesNaming('/dist/agent-keeper.js');
  await until(
    'the keepers to end',
    () => (keepers().length === 0 ? true : undefined),
    UNUSED_MS + 15_000,
  ).catch(() => {
    const left = keepers();
    for (const line of left) process.kill(Number.parseInt(line, 10), 'SIGKILL');
    expect(left).toEqual([]);
  });
  agent?.cleanup();
  // No Content Security Policy violation in any webview, from the first test (which clears its
  // own deliberate one) to the last.
  expect(violations).toEqual([]);
}, UNUSED_MS + 30_000);

const dialog = (): ReturnType<Frame['locator']> => frame.locator('dialog[open]');
const heading = () => dialog().getByRole('heading');
const composer = () => frame.getByRole('textbox', { name: 'Message' });

/**
 * Type `text` into the composer and press Enter, as a person would: once no dialog covers it (one
 * that stays open fails here, named, not as a click that never lands).
 */
async function send(text: string): Promise<void> {
  await expect
    .poll(() => dialog().count(), {
      message: `a dialog still covers the composer, so “${text}” cannot be sent`,
    })
    .toBe(0);
  await composer().click();
  await composer().fill(text);
  await composer().press('Enter');
}

/**
 * Run `/probe` with `calls`; resolves with their results once the agent reported them (in the
 * frame of the moment: a webview shown again is a new page, which records from none).
 */
async function probe(calls: unknown[]): Promise<() => Promise<unknown[]>> {
  const asked = frame;
  const before = (await probeResults(frame)).length;
  await send(`/probe ${JSON.stringify(calls)}`);
  return async () => {
    const index = frame === asked ? before : 0;
    await expect.poll(async () => (await probeResults(frame)).length, { timeout: 15_000 }).toBe(index + 1);
    return ((await probeResults(frame))[index] ?? []).map((result) =>
      result.type === 'undefined' ? undefined : result.value,
    );
  };
}

/** The countdown in the open dialog as read now: its seconds, and when they were read. */
async function countdownNow(): Promise<{ seconds: number; at: number }> {
  const text =
    (await dialog()
      .getByText(/^\d+ s left$/)
      .textContent()) ?? '';
  return { seconds: Number.parseInt(text, 10), at: Date.now() };
}

/**
 * The countdown went down by the time that passed between two reads, a second either way (each
 * shows whole seconds, and reading takes a moment): it ran on, and was not restarted or stopped.
 */
function expectCountdownFollowed(
  before: { seconds: number; at: number },
  after: { seconds: number; at: number },
) {
  const passed = (after.at - before.at) / 1000;
  expect(before.seconds - after.seconds).toBeGreaterThanOrEqual(Math.floor(passed) - 1);
  expect(before.seconds - after.seconds).toBeLessThanOrEqual(Math.ceil(passed) + 1);
}

/**
 * The picture of the kit in VS Code: in .test-results/, and in examples/vscode/ (its README shows
 * it) when RPC_UI_UPDATE_SCREENSHOT=1.
 */
async function screenshot(): Promise<void> {
  const picture = await page.screenshot();
  mkdirSync('.test-results', { recursive: true });
  writeFileSync(join('.test-results', 'vscode-example.png'), picture);
  if (process.env.RPC_UI_UPDATE_SCREENSHOT === '1') writeFileSync(join(example, 'screenshot.png'), picture);
}

/**
 * The kit's frame that says `text` in an alert, other than those in `except` (while the window
 * loads, VS Code may replace a webview's frame: each is looked at again until one says it).
 */
async function frameSaying(on: Page, text: string, except: readonly Frame[] = []): Promise<Frame> {
  let found: Frame | undefined;
  const says = async (): Promise<boolean> => {
    for (const candidate of await kitFrames(on)) {
      if (except.includes(candidate)) continue;
      if ((await candidate.getByRole('alert').filter({ hasText: text }).count()) > 0) found = candidate;
    }
    return found !== undefined;
  };
  await expect.poll(says, { timeout: 20_000 }).toBe(true);
  if (!found) throw new Error(`No webview says “${text}”.`);
  return found;
}

/** Find the kit's frame (again: a new page), connected, and record the probes from it. */
async function newFrame(): Promise<void> {
  const old = frame;
  const connected = async (): Promise<boolean> => {
    for (const candidate of await kitFrames(page)) {
      if (candidate === old) continue;
      if ((await candidate.locator('rpc-extension-ui[connection="connected"]').count()) === 0) continue;
      frame = candidate;
      return true;
    }
    return false;
  };
  await expect.poll(connected, { timeout: 30_000 }).toBe(true);
  await recordProbes(frame);
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
    await newFrame();
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
    expect(await focused()).toMatch(/^option alpha/);
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

  it('follows the workbench theme, light, dark and high contrast, switched in the settings with a dialog open', async () => {
    const results = await probe([{ call: 'confirm', args: ['Themed?', 'Look at me'] }]);
    await expect.poll(() => dialog().count()).toBe(1);
    const seen = new Set<string>();
    for (const [theme, kind] of [
      ['Light 2026', 'vscode-light'],
      ['Default High Contrast', 'vscode-high-contrast'],
      ['Dark Modern', 'vscode-dark'],
    ] as const) {
      server.writeWorkspaceSettings({ 'workbench.colorTheme': theme });
      await expect
        .poll(() => frame.evaluate(() => document.body.className), { timeout: 15_000 })
        .toContain(kind);
      // The dialog and its primary button take the theme's own colours, as VS Code's widgets do.
      const look = async () => ({
        surface: await dialog().evaluate((element) => getComputedStyle(element).backgroundColor),
        button: await dialog()
          .getByRole('button', { name: 'Yes' })
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      });
      const expected = await frame.evaluate(() => {
        const resolve = (variable: string): string => {
          const probe = document.createElement('div');
          probe.style.backgroundColor = `var(${variable})`;
          document.body.append(probe);
          const colour = getComputedStyle(probe).backgroundColor;
          probe.remove();
          return colour;
        };
        return {
          surface: resolve('--vscode-editorWidget-background'),
          button: resolve('--vscode-button-background'),
        };
      });
      await expect.poll(look).toEqual(expected);
      seen.add(JSON.stringify(expected));
    }
    expect(seen.size).toBe(3);
    expect(await dialog().getByRole('heading').textContent()).toBe('Themed?');
    await dialog().getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    expect(await results()).toEqual([true]);
  });

  it('lets the keys it does not handle reach VS Code, and takes the keyboard back when the view is focused', async () => {
    const results = await probe([{ call: 'select', args: ['Still here?', ['yes', 'no']] }]);
    await expect.poll(() => dialog().count()).toBe(1);
    await readingPause(page);
    const palette = page.getByLabel('Type the name of a command to run.').and(page.locator('input'));
    /** F1 from inside the webview, then the command that focuses the view, by keyboard alone. */
    const backToTheView = async () => {
      await page.keyboard.press('F1');
      await palette.waitFor();
      await palette.fill('>rpc-ui-kit: Show agent in the side bar');
      await page.getByRole('option', { name: /^rpc-ui-kit: Show agent in the side bar/ }).waitFor();
      await page.keyboard.press('Enter');
      await palette.waitFor({ state: 'hidden' });
    };
    // Escape gives the keyboard to the editor (VS Code's design); the dialog stays open.
    await page.keyboard.press('F1');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    expect(await dialog().count()).toBe(1);
    // Focusing the view again puts the keyboard back in the dialog, on the list it left.
    await backToTheView();
    await expect.poll(focused, { timeout: 5000 }).toMatch(/^option /);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await results()).toEqual(['no']);
    // And in the composer, after the answer gave focus back to it.
    await expect.poll(focused).toBe('textarea Message');
    await backToTheView();
    await expect.poll(focused, { timeout: 5000 }).toBe('textarea Message');
    await page.keyboard.type('still typing');
    expect(await composer().inputValue()).toBe('still typing');
    await composer().fill('');
  });

  it('keeps a pending dialog, its countdown and what was typed when the view is hidden and shown', async () => {
    const results = await probe([{ call: 'input', args: ['Keep me', 'placeholder'], timeout: 60_000 }]);
    await expect.poll(() => dialog().count()).toBe(1);
    await readingPause(page);
    await page.keyboard.type('half typed');
    const before = await countdownNow();
    const hidden = frame;
    await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
    // VS Code throws the webview's page away (the example keeps no context while hidden).
    await expect.poll(() => hidden.isDetached()).toBe(true);
    await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
    await newFrame();
    await expect.poll(() => dialog().getByRole('heading').textContent()).toBe('Keep me');
    expect(await dialog().getByRole('textbox').inputValue()).toBe('half typed');
    // The countdown ran on while no page showed it: down by the time that passed, not restarted.
    expectCountdownFollowed(before, await countdownNow());
    await dialog().getByRole('textbox').press('End');
    await page.keyboard.type(' ✓');
    await page.keyboard.press('Enter');
    expect(await results()).toEqual(['half typed ✓']);
  });

  it('keeps a pending dialog, its countdown, what was typed, the statuses and widgets when the window reloads', async () => {
    const results = await probe([{ call: 'input', args: ['Asked before the reload'], timeout: 60_000 }]);
    await expect.poll(() => dialog().count()).toBe(1);
    await readingPause(page);
    await page.keyboard.type('typed before');
    expect(await dialog().getByRole('textbox').inputValue()).toBe('typed before');
    const before = await countdownNow();
    // VS Code's web workbench writes the webview's state to its storage every few seconds, and a
    // reload restores what was written: one sooner loses what was typed since.
    await expect.poll(() => workbenchStored(page, 'typed before'), { timeout: 20_000 }).toBe(true);
    // The extension host restarts; the agent lives on in its keeper, which the view finds again.
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.part.statusbar').waitFor();
    await newFrame();
    await expect.poll(() => heading().textContent(), { timeout: 20_000 }).toBe('Asked before the reload');
    expect(await dialog().getByRole('textbox').inputValue()).toBe('typed before');
    expectCountdownFollowed(before, await countdownNow());
    await dialog().getByRole('textbox').press('End');
    await page.keyboard.type(' ✓');
    await page.keyboard.press('Enter');
    expect(await results()).toEqual(['typed before ✓']);
    // What the agent set before is there too, once the dialog is out of the way: its status and its widget.
    await frame
      .getByRole('region', { name: 'Extension status' })
      .getByText('status from the agent')
      .waitFor();
    await frame.getByText('widget above ✓').waitFor();

    // The picture for the README: the demo extension's widget, status and select.
    for (const command of ['/demo-widget', '/demo-status', '/demo-select']) await send(command);
    await expect.poll(() => heading().textContent()).toBe('Which branch?');
    await readingPause(page);
    await screenshot();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('says in the view and the panel when the agent cannot start, and where to choose another', {
    timeout: 90_000,
  }, async () => {
    server.writeSettings(settings({ 'rpcUiKit.agent.command': 'rpc-ui-kit-no-such-agent' }));
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.part.statusbar').waitFor();
    const failure = 'The agent could not start: "rpc-ui-kit-no-such-agent" was not found on PATH.';
    const sideBar = await frameSaying(page, failure);
    await runCommand(page, 'rpc-ui-kit: Open agent UI');
    const panel = await frameSaying(page, failure, [sideBar]);
    await panel
      .getByRole('alert')
      .filter({ hasText: failure })
      .getByRole('button', { name: 'Choose the agent' })
      .click();
    // The Settings editor, whose scopes are tabs.
    await page.getByRole('tab', { name: 'User' }).waitFor();
  });
});
