/**
 * What a screen reader user hears, with a real one: GNOME Orca 43 (Debian's) reading the
 * playground on the real pi 1.6.0, in Debian's Firefox and in WebKitGTK's MiniBrowser, with the
 * dialogs contained in the page's box and page-modal. Driven by real key presses as a person
 * using Orca would (Tab to the composer, type a command, arrows, Enter), and checked against what
 * Orca said (test/support/screen-reader/) and what the agent was sent.
 *
 * What is asserted is what Orca 43 says in both engines today; docs/accessibility.md lists what it
 * does not say yet, and why. Every utterance of a run is kept in
 * .test-results/screen-reader/<engine>-<presentation>.log, so a failure can be read as heard.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { until } from '../../support/bridge-tab.js';
import { buildPlayground } from '../../support/playground.js';
import { pressHeard } from '../../support/screen-reader/heard.js';
import { type ScreenReader, startScreenReader } from '../../support/screen-reader/orca.js';

let playground: Awaited<ReturnType<typeof buildPlayground>>;
let bridge: Bridge;
let cleanup: () => void;
const toAgent: OutboundMessage[] = [];

beforeAll(async () => {
  playground = await buildPlayground();
}, 90_000);

afterAll(() => playground?.remove());

/** A bridge on the real pi 1.6.0 serving the playground, what it sends the agent kept in `toAgent`. */
async function startPi(): Promise<void> {
  const command = await agentCommand('pi', { install: false });
  cleanup = command.cleanup;
  bridge = await startBridge({ port: 0, agent: command, staticDir: playground.dir });
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    toAgent.push(message);
    send(message);
  };
}

/** The answers sent to the agent since `mark`: each one's value, `confirmed` or `cancelled`. */
function answersSince(mark: number): unknown[] {
  return toAgent
    .slice(mark)
    .filter((message) => message.type === 'extension_ui_response')
    .map((message) => {
      const { value, confirmed, cancelled } = message as {
        value?: unknown;
        confirmed?: unknown;
        cancelled?: unknown;
      };
      return value ?? confirmed ?? (cancelled ? 'cancelled' : undefined);
    });
}

const BRANCHES = ['main', 'develop', 'feature/rpc-ui'];

// Not Firefox with page-modal dialogs yet: there Orca says the list again a moment after it opens
// and, in some runs (about one in four), leaves its cursor on the list box itself, so that Down
// goes past the options to the countdown and the buttons (docs/accessibility.md).
describe.each([
  ['firefox', 'contained'],
  ['webkit', 'contained'],
  ['webkit', 'page-modal'],
] as const)('Orca in %s, dialogs %s', (browser, presentation) => {
  let reader: ScreenReader;

  /** Press `key` and wait for what Orca says for it. */
  const press = (key: string) => pressHeard(reader, key);

  beforeAll(async () => {
    // An agent of its own: no question left open by another run is waiting for this one.
    await startPi();
    const address = presentation === 'page-modal' ? `${bridge.url}&dialogs=page-modal` : bridge.url;
    const asked = toAgent.length;
    reader = await startScreenReader(browser, address);
    // Firefox says when the page has loaded. WebKitGTK on this display may say nothing until a key
    // is pressed (MiniBrowser does not always become Orca's active window), but takes the keys.
    if (browser === 'firefox') await reader.speech.waitFor('the page', /Finished loading/, 0, 60_000);
    else await until('the page asking the agent', () => (toAgent.length > asked ? true : undefined), 60_000);
    await reader.speech.settle(1500);
    // Tab to the composer, as a person would, until Orca says it is there.
    let heard = '';
    for (let presses = 0; presses < 20 && !/Message entry/.test(heard); presses++) heard = await press('Tab');
    expect(heard, 'Tab reaches the composer, and Orca says so').toMatch(/Message entry/);
  }, 120_000);

  afterAll(async () => {
    if (reader) {
      mkdirSync('.test-results/screen-reader', { recursive: true });
      const lines = reader.speech.all().map(({ at, kind, text }) => `${at} ${kind} ${text}`);
      writeFileSync(`.test-results/screen-reader/${browser}-${presentation}.log`, `${lines.join('\n')}\n`);
    }
    await reader?.stop();
    await bridge?.close();
    cleanup?.();
  }, 30_000);

  it('a select: the option heard last is the one Enter answers', async () => {
    const { speech } = reader;
    let mark = speech.mark();
    await reader.type('/demo-select');
    await reader.press('Return');
    // The dialog opens on its first option, and Orca says it.
    await speech.waitFor('the first option', /\bmain\b/, mark);
    // A person waits for Orca to finish before pressing a key: so does the test.
    await speech.settle(1500);
    // In Firefox Orca is in browse mode here (it left focus mode as the dialog opened) and moves
    // its own cursor over the options, focusing each; in WebKit the keys reach the list. Either
    // way, the option heard is the active one.
    // Down until Orca names another option, then once more (heard or not: Orca's cursor may
    // leave the list), then Up: Enter must answer the option heard last.
    let last = 'main';
    const optionIn = (said: string) =>
      [...said.matchAll(/(?:^|\| )([\w/-]+)\./g)]
        .map((m) => m[1])
        .filter((word) => BRANCHES.includes(word ?? ''))
        .at(-1);
    for (let presses = 0; presses < 6 && last === 'main'; presses++)
      last = optionIn(await press('Down')) ?? last;
    expect(last, 'Orca names the next option for Down').not.toBe('main');
    for (const key of ['Down', 'Up']) last = optionIn(await press(key)) ?? last;
    mark = speech.mark();
    const sent = toAgent.length;
    await reader.press('Return');
    await until('the answer', () => (answersSince(sent).length > 0 ? true : undefined), 10_000);
    expect(answersSince(sent), 'the answer is the option heard last').toEqual([last]);
    // Firefox says where focus went: back in the composer. (WebKitGTK under Orca 43 says nothing
    // of it: docs/accessibility.md.)
    if (browser === 'firefox' && presentation === 'contained')
      await speech.waitFor('the composer again', /Message entry/, mark);
  }, 90_000);
});
