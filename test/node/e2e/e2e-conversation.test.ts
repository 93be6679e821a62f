/**
 * A real turn in the page, on every agent: pi 1.6.0, pi 0.73.1, oh-my-pi and atomic, each behind
 * the real bridge and pointed at the stand-in model (no network, no key), the built playground in
 * Debian's Chromium. A prompt typed in the composer streams its reply into the conversation; a
 * prompt sent while the agent works steers it; Stop ends the turn, and the conversation says so; a
 * reload and a second tab bring the conversation back once, from the agent (`get_messages`).
 * Inside a turn, the permission gate of examples/pi-extension asks before the model's
 * `rm -rf ./scratch` runs (No blocks it, Yes runs it in the agent's throwaway folder), and a
 * select asked while a reply streams is answered without stopping the reply.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentName, agentCommand } from '../../../src/bridge/agents/catalog.js';
import { packageRoot } from '../../../src/bridge/default-agent.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { type StandInModel, startStandInModel } from '../../../src/bridge/stand-in-model/server.js';
import { atomicSource } from '../../support/agent.js';
import {
  axeViolations,
  openDialog,
  playgroundInChromium,
  sendMessage,
} from '../../support/playground-page.js';
import { readingPause } from '../../support/reading-pause.js';

const PERMISSION_GATE = join(packageRoot, 'examples', 'pi-extension', 'permission-gate.ts');

const AGENT_WAIT = { timeout: 15_000 };

const site = playgroundInChromium();

/** What the conversation shows: each entry's kind and its text, as a person reads it. */
async function shown(page: Page): Promise<string[]> {
  return page
    .locator('rpc-transcript li.entry')
    .evaluateAll((entries) =>
      entries.map(
        (entry) => `${entry.classList[1]}: ${entry.querySelector('.text')?.textContent?.trim() ?? ''}`,
      ),
    );
}

const reply = (page: Page): Locator => page.locator('rpc-transcript li.assistant').last();

/** Send `prompt` (one the stand-in answers at length) and wait until its reply streams. */
async function streamingReply(page: Page, prompt: string): Promise<void> {
  await sendMessage(page, prompt);
  await expect.poll(() => reply(page).getAttribute('aria-busy'), AGENT_WAIT).toBe('true');
}

/** A card's header as read: its words, spaces made one. */
const words = (text: string | null) => text?.replace(/\s+/g, ' ').trim();

const AGENTS: readonly AgentName[] = ['pi', 'pi-0.73', 'omp', 'atomic'];

describe.each(AGENTS)('%s: a real turn in the playground, on the stand-in model', (name) => {
  let model: StandInModel;
  let bridge: Bridge;
  let cleanup: () => void;
  /** The agent's working folder (a throwaway one), where `scratch` is made to be deleted. */
  let folder: string;

  beforeAll(async () => {
    // Slow enough to see a long reply stream, and to steer or stop it.
    model = await startStandInModel({ chunkDelayMs: 40 });
    const env = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
    const command = await agentCommand(name, {
      install: false,
      env,
      standInModel: model.baseUrl,
      extraArgs: ['-e', PERMISSION_GATE],
    });
    cleanup = command.cleanup;
    // A folder of its own, not its HOME: oh-my-pi runs bash in the system's temp folder when
    // started in HOME.
    folder = mkdtempSync(join(tmpdir(), 'rpc-ui-work-'));
    bridge = await startBridge({
      port: 0,
      agent: { ...command, cwd: folder, label: name },
      staticDir: site.dir,
    });
  }, 60_000);

  afterAll(async () => {
    await bridge?.close();
    cleanup?.();
    await model?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('shows the prompt, then the reply growing as it streams, then whole; Send steers meanwhile', async () => {
    const page = await site.open(bridge.url);
    await expect.poll(() => page.locator('#agent').textContent(), AGENT_WAIT).toMatch(/^Agent: /);
    await expect(page.locator('rpc-transcript [part="empty"]').textContent()).resolves.toMatch(
      /Nothing said yet/,
    );
    await sendMessage(page, 'a long answer, please');
    await expect
      .poll(() => page.locator('rpc-transcript li.user').first().textContent(), AGENT_WAIT)
      .toContain('a long answer, please');
    await expect.poll(() => reply(page).getAttribute('aria-busy'), AGENT_WAIT).toBe('true');
    const early = (await reply(page).locator('.text').textContent()) ?? '';
    await expect.poll(() => page.locator('#send').textContent()).toBe('Steer');
    expect(await page.locator('#follow-up').isVisible()).toBe(true);
    await expect
      .poll(async () => ((await reply(page).locator('.text').textContent()) ?? '').length)
      .toBeGreaterThan(early.length + 40);
    const later = (await reply(page).locator('.text').textContent()) ?? '';
    expect(later.startsWith(early)).toBe(true);
    await expect.poll(() => reply(page).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await reply(page).locator('.text').textContent()).toMatch(/Sentence 40 of a long reply[^]*$/);
    await expect.poll(() => page.locator('#send').textContent()).toBe('Send');
    expect(await page.locator('#follow-up').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('a prompt sent while the agent works steers it: the agent takes it in and answers it', async () => {
    const page = await site.open(bridge.url);
    // The conversation so far is read in first (of the bridge, after the page's hello): counted
    // once it is there, so that only what this test says comes after it.
    await expect.poll(() => shown(page), AGENT_WAIT).toContain('user: a long answer, please');
    const before = (await shown(page)).length;
    await sendMessage(page, 'another long answer');
    await expect.poll(() => page.locator('#send').textContent(), AGENT_WAIT).toBe('Steer');
    await sendMessage(page, 'hello again');
    await expect
      .poll(() => shown(page), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining(['user: hello again', expect.stringMatching(/^assistant: .*hello again/)]),
      );
    const entries = (await shown(page)).slice(before);
    expect(entries.filter((entry) => entry.startsWith('user: '))).toEqual([
      'user: another long answer',
      'user: hello again',
    ]);
    await expect.poll(() => page.locator('#send').textContent(), { timeout: 30_000 }).toBe('Send');
    await page.close();
  }, 60_000);

  it('Stop (Ctrl+.) ends a streaming reply, and the conversation says it was stopped', async () => {
    const page = await site.open(bridge.url);
    await streamingReply(page, 'a long one to stop');
    await page.keyboard.press('Control+Period');
    await expect.poll(() => reply(page).getAttribute('aria-busy'), AGENT_WAIT).toBe('false');
    await expect
      .poll(async () => (await shown(page)).at(-1), AGENT_WAIT)
      .toBe('notice: Stopped: the agent ended this turn early.');
    expect(await reply(page).locator('.text').textContent()).not.toContain('Sentence 40');
    await page.close();
  }, 60_000);

  it('a reload and a second tab bring the whole conversation back, once', async () => {
    const page = await site.open(bridge.url);
    await expect.poll(async () => (await shown(page)).length, AGENT_WAIT).toBeGreaterThan(5);
    const conversation = await shown(page);
    expect(conversation.filter((entry) => entry.startsWith('user: '))).toEqual([
      'user: a long answer, please',
      'user: another long answer',
      'user: hello again',
      'user: a long one to stop',
    ]);
    await page.reload();
    await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
    await expect.poll(() => shown(page), AGENT_WAIT).toEqual(conversation);
    const second = await site.open(bridge.url);
    await expect.poll(() => shown(second), AGENT_WAIT).toEqual(conversation);
    // A turn seen from both tabs is in both, once.
    await sendMessage(second, 'hello from the second tab');
    const said = ['user: hello from the second tab', expect.stringMatching(/^assistant: .*second tab/)];
    await expect.poll(() => shown(second), AGENT_WAIT).toEqual([...conversation, ...said]);
    await expect.poll(() => shown(page), AGENT_WAIT).toEqual([...conversation, ...said]);
    await page.close();
    await second.close();
  }, 60_000);

  it('the permission gate asks before rm -rf: No blocks it, and the conversation shows it blocked', async () => {
    const scratch = join(folder, 'scratch');
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, 'notes.txt'), 'keep me');
    const page = await site.open(bridge.url);
    await sendMessage(page, 'run: rm -rf ./scratch');
    await expect
      .poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT)
      .toBe('Run a destructive command?');
    expect(await openDialog(page).textContent()).toContain('rm -rf ./scratch');
    // The turn waits on the question: the tool call shows as running meanwhile.
    expect(words(await page.locator('rpc-transcript li.tool summary').last().textContent())).toBe(
      '… Running bash rm -rf ./scratch',
    );
    await readingPause(page);
    await openDialog(page).getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    const tool = page.locator('rpc-transcript li.tool').last();
    // Blocked, in words: the gate's No, not a command that failed.
    await expect
      .poll(async () => words(await tool.locator('summary').textContent()), AGENT_WAIT)
      .toBe('⊘ Blocked bash rm -rf ./scratch');
    expect(await tool.locator('[part="tool-error"]').textContent()).toContain('Blocked by the user');
    await expect.poll(() => page.locator('#send').textContent(), AGENT_WAIT).toBe('Send');
    expect(existsSync(join(scratch, 'notes.txt'))).toBe(true);
    await page.close();
  }, 60_000);

  it('the permission gate: Yes runs rm -rf in the agent’s throwaway folder', async () => {
    const scratch = join(folder, 'scratch');
    const page = await site.open(bridge.url);
    await sendMessage(page, 'run: rm -rf ./scratch');
    await expect
      .poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT)
      .toBe('Run a destructive command?');
    await readingPause(page);
    await openDialog(page).getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    const tool = page.locator('rpc-transcript li.tool').last();
    await expect
      .poll(async () => words(await tool.locator('summary').textContent()), AGENT_WAIT)
      .toBe('✓ Done bash rm -rf ./scratch');
    await expect.poll(() => page.locator('#send').textContent(), AGENT_WAIT).toBe('Send');
    expect(existsSync(scratch)).toBe(false);
    await page.close();
  }, 60_000);

  it('a select asked while a reply streams is answered, and the reply streams on to its end', async () => {
    const page = await site.open(bridge.url);
    await streamingReply(page, 'a long answer while I pick');
    // An extension's command runs at once, in the middle of the turn.
    await sendMessage(page, '/probe [{"call":"select","args":["Pick one",["alpha","beta"]]}]');
    await expect.poll(() => openDialog(page).getByRole('heading').textContent(), AGENT_WAIT).toBe('Pick one');
    expect(await reply(page).getAttribute('aria-busy')).toBe('true');
    await readingPause(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const notifications = page.locator('rpc-extension-ui rpc-notifications');
    await expect
      .poll(() => notifications.evaluate((el) => el.shadowRoot?.textContent ?? ''), AGENT_WAIT)
      .toMatch(/UI_PROBE_RESULT .*"beta"/);
    await expect.poll(() => reply(page).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await reply(page).locator('.text').textContent()).toMatch(/Sentence 40 of a long reply/);
    await page.close();
  }, 60_000);
});
