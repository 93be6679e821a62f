/**
 * What a screen reader user hears of the console's panels, with a real one: GNOME Orca 43 reading
 * the playground in Debian's Firefox and in WebKitGTK's MiniBrowser, on the real pi 1.6.0 as the
 * offline demo on the stand-in model, its sessions kept (test/support/demo-bridge.ts). Driven by
 * real key presses as an Orca user would: Tab and Shift+Tab between the panels, arrows in their
 * list boxes and radio group, Enter, typing in their dialogs; checked against what Orca said and
 * what the bridge asked the agent. The usage is read in Orca's browse mode (Firefox), line by line.
 *
 * Firefox says live regions (the panels' statuses); WebKitGTK sends Orca no event for them
 * (docs/accessibility.md), so those lines are asserted in Firefox only. Every utterance of a run
 * is kept in .test-results/screen-reader/panels-<engine>.log.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_PROVIDER, STAND_IN_THINKER } from '../../../src/bridge/stand-in-model/server.js';
import type { InboundMessage } from '../../../src/transport/inbound.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { demoPiBridge } from '../../support/demo-bridge.js';
import { buildPlayground } from '../../support/playground.js';
import { pressHeard } from '../../support/screen-reader/heard.js';
import { type ScreenReader, startScreenReader } from '../../support/screen-reader/orca.js';

let playground: Awaited<ReturnType<typeof buildPlayground>>;

beforeAll(async () => {
  playground = await buildPlayground();
}, 90_000);

afterAll(() => playground?.remove());

const AGENT_WAIT_MS = 60_000;

describe.each(['firefox', 'webkit'] as const)('Orca on the console’s panels in %s', (browser) => {
  // An agent and a session store of its own for each engine: each run starts with no session.
  const demo = demoPiBridge({
    get dir() {
      return playground.dir;
    },
  });
  const toAgent: OutboundMessage[] = [];
  const fromAgent: InboundMessage[] = [];
  let reader: ScreenReader;
  let other: Tab;
  const live = browser === 'firefox';

  /** Press `key` and wait for what Orca says for it. */
  const press = (key: string) => pressHeard(reader, key);

  /** Press `key` until Orca says what matches `pattern`; all it said for that last press. */
  async function pressUntil(key: string, pattern: RegExp, times = 20): Promise<string> {
    let heard = '';
    for (let presses = 0; presses < times && !pattern.test(heard); presses++) heard = await press(key);
    expect(heard, `${key} reaches ${pattern}, and Orca says so`).toMatch(pattern);
    return heard;
  }

  /** The first message sent to the agent since `mark` that `matches`, once there is one. */
  function sentSince(mark: number, what: string, matches: (message: OutboundMessage) => boolean) {
    return until(what, () => toAgent.slice(mark).find(matches), AGENT_WAIT_MS);
  }

  /** Wait until the other tab is greeted anew after `mark` (its count of messages): the move is made. */
  function moved(mark: number, what: string) {
    return until(
      what,
      () => other.received.slice(mark).find((r) => r.value.type === 'rpc_ui_hello'),
      AGENT_WAIT_MS,
    );
  }

  const turnsEnded = () => fromAgent.filter((message) => message.type === 'agent_end').length;

  /**
   * The conversation is made in a second tab of the same bridge, as a colleague's would be: Orca's
   * page follows it. (Orca in WebKitGTK does not notice focus coming back to a field its caret has
   * been in, and keeps its navigation keys: the composer with Orca is e2e-screen-reader's.)
   */
  async function talk(text: string): Promise<void> {
    const ended = turnsEnded();
    other.send({ type: 'prompt', message: text });
    await until('the turn’s end', () => (turnsEnded() > ended ? true : undefined), AGENT_WAIT_MS);
    await reader.speech.settle(1500);
  }

  /** Wait until Orca says what matches `pattern` after `mark` (live regions: Firefox only). */
  async function hears(what: string, pattern: RegExp, mark: number): Promise<void> {
    if (live) await reader.speech.waitFor(what, pattern, mark, AGENT_WAIT_MS);
  }

  beforeAll(async () => {
    const transport = demo.bridge.agent.transport;
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      toAgent.push(message);
      send(message);
    };
    transport.on('message', (message) => fromAgent.push(message));
    other = await Tab.open(demo.bridge.url);
    reader = await startScreenReader(browser, demo.bridge.url);
    // Firefox says when the page has loaded; WebKitGTK on this display may say nothing until a
    // key is pressed (e2e-screen-reader.test.ts), but the page's panels ask the agent as it opens
    // (their ids are the kit's; the bridge's own are rpc-ui-bridge-…, and the other tab asks nothing).
    if (browser === 'firefox') await reader.speech.waitFor('the page', /Finished loading/, 0, 60_000);
    else
      await until(
        'the page asking the agent',
        () => toAgent.find(({ id }) => typeof id === 'string' && /^rpc-ui-(?!bridge-)/.test(id)),
        60_000,
      );
    await reader.speech.settle(1500);
  }, 120_000);

  afterAll(async () => {
    if (reader) {
      mkdirSync('.test-results/screen-reader', { recursive: true });
      const lines = reader.speech.all().map(({ at, kind, text }) => `${at} ${kind} ${text}`);
      writeFileSync(`.test-results/screen-reader/panels-${browser}.log`, `${lines.join('\n')}\n`);
    }
    await reader?.stop();
    other?.socket.close();
  }, 30_000);

  it('the sessions: the list says each one, the current one first; Enter opens the one heard', async () => {
    await talk('Remember the word heron.');
    await pressUntil('Tab', /New session push button/);
    let mark = reader.speech.mark();
    let sent = toAgent.length;
    let greeted = other.received.length;
    await reader.press('Return');
    await sentSince(sent, 'a new session', (message) => message.type === 'new_session');
    await moved(greeted, 'the new session in effect');
    await hears('the new session', /Started a new session\./, mark);
    await talk('Now the word crane.');

    // Back to the list: named, its size said, and the tab stop on the current session.
    const list = await pressUntil('Tab', /Sessions of this project/);
    expect(list).toMatch(/Sessions of this project, newest first List with 2 items/);
    expect(list).toMatch(/Now the word crane\. now · \d+ messages? · Current\./);
    // Its size after the turn (Orca in WebKitGTK may say the one it read first: it is not told of
    // an option's name changing).
    if (live) expect(list).toMatch(/Now the word crane\. now · 2 messages · Current\./);
    const heard = await press('Down');
    expect(heard, 'Down says the next session').toMatch(/Remember the word heron\. .*2 messages/);
    mark = reader.speech.mark();
    sent = toAgent.length;
    greeted = other.received.length;
    await reader.press('Return');
    const opened = await sentSince(
      sent,
      'the session opened',
      (message) => message.type === 'switch_session',
    );
    await moved(greeted, 'the session opened in effect');
    // The session heard is the one opened: its file holds the prompt said.
    expect(readFileSync(String(opened.sessionPath), 'utf8')).toContain('Remember the word heron.');
    await hears('the session opened', /Opened “Remember the word heron\.”\./, mark);
    await reader.speech.settle(1500);
    // The same agent, another conversation: no word of a restart.
    expect(reader.speech.textSince(mark)).not.toMatch(/started again/);
  }, 240_000);

  it('naming and forking: each dialog is said with its field or its list, and does what was said', async () => {
    // Naming: the dialog and its field are said as it opens, and what is typed is the name.
    let said = await pressUntil('shift+Tab', /Rename push button/);
    expect(said, 'the button says which session it names').toMatch(/Current: Remember the word heron\./);
    let mark = reader.speech.mark();
    await reader.press('Return');
    await reader.speech.waitFor('the dialog', /Name this session dialog/, mark);
    await reader.speech.waitFor('its field', /Name entry/, mark);
    await reader.speech.settle(1000);
    let sent = toAgent.length;
    await reader.type('Birds');
    mark = reader.speech.mark();
    await reader.press('Return');
    const named = await sentSince(sent, 'the name', (message) => message.type === 'set_session_name');
    expect(named.name).toBe('Birds');
    await hears('the name given', /Named the session “Birds”\./, mark);
    await reader.speech.settle(1000);

    // Forking: the button says the session by its new name; the dialog says what a fork does and
    // lists the prompts; Enter forks from the one heard.
    said = await pressUntil('Tab', /Fork… push button/);
    expect(said).toMatch(/Current: Birds/);
    mark = reader.speech.mark();
    await reader.press('Return');
    await reader.speech.waitFor('the dialog', /Fork from a prompt/, mark);
    await reader.speech.waitFor(
      'what a fork does',
      /A new session starts with the conversation before/,
      mark,
    );
    await reader.speech.waitFor('the prompts', /Prompts of this session List with 1 item/, mark);
    await reader.speech.waitFor('the prompt', /Remember the word heron\./, mark);
    await reader.speech.settle(1000);
    sent = toAgent.length;
    mark = reader.speech.mark();
    const greeted = other.received.length;
    await reader.press('Return');
    const fork = await sentSince(sent, 'the fork', (message) => message.type === 'fork');
    await moved(greeted, 'the fork in effect');
    expect(typeof fork.entryId).toBe('string');
    await hears('the fork made', /Forked from “Remember the word heron\.”: this is a new session\./, mark);
  }, 240_000);

  it('the model and its thinking: what is heard chosen is what the agent is asked', async () => {
    const list = await pressUntil('Tab', /Models the agent can use/);
    expect(list).toMatch(/Models the agent can use List with 2 items/);
    expect(list).toMatch(/Stand-in \(scripted, offline\) stand-in · 128K context · Current\./);
    expect(await press('Down')).toMatch(/Stand-in thinker \(scripted, offline\) stand-in · 128K context/);
    let mark = reader.speech.mark();
    let sent = toAgent.length;
    await reader.press('Return');
    const model = await sentSince(sent, 'the model chosen', (message) => message.type === 'set_model');
    expect(model).toMatchObject({ provider: STAND_IN_PROVIDER, modelId: STAND_IN_THINKER });
    await hears('the model in use', /The agent uses Stand-in thinker \(scripted, offline\) now\./, mark);
    await reader.speech.settle(1500);

    // The thinking levels, a radio group: the level heard checked is the one the agent is set to.
    // In Firefox Orca is in browse mode here and moves its own cursor (Space then checks the level
    // it is on); in WebKit the arrows reach the group, which checks the level as it moves.
    const group = await pressUntil('Tab', /radio button/);
    expect(group).toMatch(/Thinking panel\. \| Off\. \| selected radio button/);
    sent = toAgent.length;
    mark = reader.speech.mark();
    let level: string | undefined;
    let checked = false;
    for (let presses = 0; presses < 4 && level === undefined; presses++) {
      const heard = /(Minimal|Low|Medium|High)\. \| (not )?selected radio button/.exec(await press('Down'));
      level = heard?.[1];
      checked = heard?.[2] === undefined;
    }
    if (level === undefined) throw new Error(`No other level heard: ${reader.speech.textSince(mark)}`);
    if (!checked) expect(await press('space'), 'Space checks the level heard').toMatch(/(?<!not )selected/);
    const levels = () =>
      toAgent
        .slice(sent)
        .flatMap((message) => (message.type === 'set_thinking_level' ? [message.level] : []));
    await until('the level set', () => (levels().length > 0 ? true : undefined), AGENT_WAIT_MS);
    await hears('the level in use', new RegExp(`Thinking: ${level}\\.`), mark);
    await reader.speech.settle(1500);
    expect(levels().at(-1), 'the level heard is the one asked last').toBe(level.toLowerCase());
  }, 240_000);

  // WebKitGTK under Orca 43 has no caret navigation (Down says nothing there), and the usage has
  // nothing to focus: docs/accessibility.md.
  if (browser === 'firefox')
    it('the session’s use: read in browse mode, each figure named', async () => {
      await talk('Which model answers?');
      await pressUntil('Tab', /Conversation region/);
      // Up, line by line, from the conversation to the panel's title.
      const lines: string[] = [];
      for (let presses = 0; presses < 12 && !/This session\./.test(lines.at(-1) ?? ''); presses++)
        lines.push(await press('Up'));
      const heard = lines.join(' | ');
      expect(heard).toMatch(/This session\./);
      expect(heard).toMatch(/Context used level bar\. \| : \d+% of 128K tokens\./);
      expect(heard).toMatch(/Description list with 3 terms\./);
      expect(heard).toMatch(/Tokens in description term\. \| [1-9][\d.,]*K? description value\./);
      expect(heard).toMatch(/Tokens out description term\. \| [1-9][\d.,]*K? description value\./);
      expect(heard).toMatch(/Cost description term\. \| \$\d+\.\d\d description value\./);
    }, 240_000);
});
