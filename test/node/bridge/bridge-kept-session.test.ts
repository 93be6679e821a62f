/**
 * The agent's session outlives its process and the bridge's: `rpc-ui serve` started again (after
 * Ctrl+C, or after a `kill -9` in the middle of a reply), and the page's Restart after the agent
 * crashed, go on with the same conversation, each message once. On the real pi 1.6.0, pi 0.73.1,
 * oh-my-pi and atomic, as the offline demo on the stand-in model, with a state folder of the
 * test's own.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentName } from '../../../src/bridge/agents/catalog.js';
import { atomicSource } from '../../support/agent.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { type Cli, isRunning, killClis, runCli, servingUrl, stateFolder } from '../../support/rpc-ui-cli.js';

afterEach(killClis);

const TOKEN = 'kept-session-test-token';

/** The agents, and the name each is given in messages. */
const AGENTS: readonly { name: AgentName; said: string }[] = [
  { name: 'pi', said: 'pi' },
  { name: 'pi-0.73', said: 'pi' },
  { name: 'omp', said: 'omp' },
  { name: 'atomic', said: 'atomic' },
];

/** `rpc-ui serve` of the demo `agent` on the stand-in model, keeping its state in `state`. */
async function serve(
  agent: AgentName,
  state: string,
  more: readonly string[] = [],
): Promise<{ cli: Cli; url: string }> {
  const cli = runCli(
    [
      'serve',
      '--agent',
      agent,
      '--demo',
      '--stand-in-model',
      '--port',
      '0',
      '--no-open',
      '--token',
      TOKEN,
      ...more,
    ],
    undefined,
    { RPC_UI_STATE: state, RPC_UI_ATOMIC_SOURCE: atomicSource() },
  );
  return { cli, url: await servingUrl(cli, 60_000) };
}

/** How long an agent may take to start or answer on a busy machine (oh-my-pi, under load: 10 s and more). */
const AGENT_WAIT_MS = 60_000;

/** The first message `tab` got that matches `predicate`, waiting as long as an agent may take. */
function seen(tab: Tab, what: string, predicate: (value: Record<string, unknown>) => boolean) {
  return until(what, () => tab.received.find((r) => predicate(r.value)), AGENT_WAIT_MS);
}

/** Say `message` and wait for the turn to end. */
async function say(tab: Tab, message: string): Promise<void> {
  const mark = tab.received.length;
  tab.send({ type: 'prompt', message });
  await until(
    `the end of the turn after “${message}”`,
    () => tab.received.slice(mark).find((r) => r.value.type === 'agent_end'),
    AGENT_WAIT_MS,
  );
}

/**
 * The conversation as the agent gives it to a page that (re)connects: role and text of each of
 * its prompts and replies (a page leaves the rest out too).
 */
async function conversation(tab: Tab): Promise<string[]> {
  const id = `messages-${tab.received.length}`;
  tab.send({ type: 'get_messages', id });
  const answer = await seen(tab, 'the messages', (v) => v.type === 'response' && v.id === id);
  const data = answer.value.data as { messages: { role: string; content: unknown }[] };
  return data.messages
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) => `${message.role}: ${textOf(message.content)}`);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');
}

/** The agent process `rpc-ui` started (its only child: the stand-in model runs in `rpc-ui`). */
function agentPid(cli: Cli): number {
  const pids = execFileSync('pgrep', ['-P', String(cli.child.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  expect(pids).toHaveLength(1);
  return Number(pids[0]);
}

/** The session files the demo wrote in the state folder. */
function sessionFiles(agent: AgentName, state: string): string[] {
  const folder = join(state, 'demo', agent, 'sessions');
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => join(folder, file));
}

describe.each(AGENTS)('rpc-ui serve --agent $name keeps the agent’s session', ({ name, said }) => {
  it('goes on with the same conversation when started again after Ctrl+C', async () => {
    const state = stateFolder();
    const first = await serve(name, state);
    const tab = await Tab.open(first.url);
    await say(tab, 'Remember the word heron.');
    const before = await conversation(tab);
    expect(before).toEqual([
      'user: Remember the word heron.',
      expect.stringMatching(/^assistant: This is the stand-in model, answering “Remember the word heron\.”/),
    ]);
    tab.close();
    first.cli.child.kill('SIGINT');
    expect(await first.cli.exited).toBe(0);

    const second = await serve(name, state);
    expect(second.cli.stderr()).toContain(
      `rpc-ui: ${said} goes on with its last session here (--new-session for a new one).`,
    );
    const again = await Tab.open(second.url);
    // Asked as the agent starts, the list already names the session it went on with.
    again.send({ type: 'rpc_ui_list_sessions', id: 'at-start' });
    const listed = await seen(
      again,
      'the sessions',
      (v) => v.type === 'rpc_ui_sessions' && v.id === 'at-start',
    );
    expect(listed.value.current).toEqual(expect.any(String));
    expect(await conversation(again)).toEqual(before);
    // The conversation goes on in the same session: one file, both turns in it.
    await say(again, 'And the word crane.');
    expect(await conversation(again)).toEqual([
      ...before,
      'user: And the word crane.',
      expect.stringMatching(/^assistant: This is the stand-in model, answering “And the word crane\.”/),
    ]);
    expect(sessionFiles(name, state)).toHaveLength(1);
    again.close();
  }, 180_000);

  it('goes on with it when a page restarts the agent after a crash', async () => {
    const state = stateFolder();
    const { cli, url } = await serve(name, state);
    const tab = await Tab.open(url);
    await say(tab, 'Remember the word ibis.');
    const before = await conversation(tab);
    const hello = await seen(tab, 'the hello', (v) => v.type === 'rpc_ui_hello');

    process.kill(agentPid(cli), 'SIGKILL');
    await seen(tab, 'the agent’s end', (v) => v.type === 'rpc_ui_agent_exit');
    tab.send({ type: 'rpc_ui_restart_agent' });
    await seen(
      tab,
      'the hello of the agent started again',
      (v) => v.type === 'rpc_ui_hello' && v.session !== hello.value.session && v.running === true,
    );
    expect(await conversation(tab)).toEqual(before);
    tab.close();
  }, 180_000);

  it('keeps what the agent saved, once, after a kill -9 of the bridge in the middle of a reply', async () => {
    const state = stateFolder();
    const first = await serve(name, state);
    const tab = await Tab.open(first.url);
    await say(tab, 'Remember the word stork.');
    const agent = agentPid(first.cli);
    tab.send({ type: 'prompt', message: 'Now give me a long answer.' });
    await seen(tab, 'the long reply streaming', (v) => {
      const event = v.assistantMessageEvent as { type?: string } | undefined;
      return v.type === 'message_update' && event?.type === 'text_delta';
    });
    process.kill(first.cli.child.pid ?? 0, 'SIGKILL');
    // The agent ends once its stdin is gone; it is not started again before.
    await until('the orphaned agent to end', () => (isRunning(agent) ? undefined : true), 60_000);

    const second = await serve(name, state);
    const again = await Tab.open(second.url);
    const after = await conversation(again);
    // What the agent had saved, as it saved it, each entry once: the first turn whole, and the
    // prompt of the cut one at most once (whether it was saved depends on how far the agent got
    // before its stdin closed; oh-my-pi writes it only with the turn's end: docs/agents.md).
    const [file = ''] = sessionFiles(name, state);
    const entries = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            type?: string;
            id?: string;
            message?: { role: string; content: unknown; stopReason?: string };
          },
      );
    // oh-my-pi keeps a reply cut before its first word in its file and gives none back (an
    // aborted assistant message without text or tool call: `M5s` in its dist/cli.js).
    const emptyCut = (message: { role: string; content: unknown; stopReason?: string }) =>
      name === 'omp' &&
      message.role === 'assistant' &&
      ['aborted', 'error', 'length'].includes(message.stopReason ?? '') &&
      !(
        Array.isArray(message.content) &&
        message.content.some((part: { type?: string }) => part.type === 'text' || part.type === 'toolCall')
      );
    const saved = entries.flatMap(({ type, message }) =>
      type === 'message' && (message?.role === 'user' || message?.role === 'assistant') && !emptyCut(message)
        ? [`${message.role}: ${textOf(message.content)}`]
        : [],
    );
    expect(after).toEqual(saved);
    expect(after.slice(0, 2)).toEqual([
      'user: Remember the word stork.',
      expect.stringMatching(/^assistant: This is the stand-in model, answering “Remember the word stork\.”/),
    ]);
    const cut = after.filter((line) => line === 'user: Now give me a long answer.');
    expect(cut.length).toBeLessThanOrEqual(1);
    const ids = entries.flatMap(({ id }) => (id === undefined ? [] : [id]));
    expect(new Set(ids).size).toBe(ids.length);
    again.close();
  }, 180_000);
});

describe('rpc-ui serve follows the agent to another session', () => {
  it('goes on with the session a page started (new_session, allowed), not the one before', async () => {
    const state = stateFolder();
    const first = await serve('pi', state, ['--allow-command', 'new_session']);
    const tab = await Tab.open(first.url);
    await say(tab, 'Remember the word heron.');
    tab.send({ type: 'new_session', id: 'new' });
    await seen(tab, 'the new session', (v) => v.type === 'response' && v.id === 'new' && v.success === true);
    await say(tab, 'Remember the word crane.');
    const after = await conversation(tab);
    expect(after[0]).toBe('user: Remember the word crane.');
    tab.close();
    first.cli.child.kill('SIGINT');
    await first.cli.exited;

    const again = await serve('pi', state);
    const back = await Tab.open(again.url);
    expect(await conversation(back)).toEqual(after);
    back.close();
  }, 180_000);
});

/** pi, in `state`, told `words`, then stopped as Ctrl+C stops it. */
async function sayThenStop(state: string, words: string): Promise<void> {
  const { cli, url } = await serve('pi', state);
  const tab = await Tab.open(url);
  await say(tab, words);
  tab.close();
  cli.child.kill('SIGINT');
  expect(await cli.exited).toBe(0);
}

describe('the sessions of the project, listed for a page', () => {
  it('are the agent’s, newest first, with the current one named, and no path', async () => {
    const state = stateFolder();
    await sayThenStop(state, 'Remember the word heron.');

    const second = await serve('pi', state, ['--new-session', '--allow-command', 'set_session_name']);
    const tab = await Tab.open(second.url);
    await say(tab, 'Remember the word crane.');
    tab.send({ type: 'set_session_name', id: 'name', name: 'Cranes' });
    await seen(tab, 'the name', (v) => v.type === 'response' && v.id === 'name' && v.success === true);
    tab.send({ type: 'rpc_ui_list_sessions', id: 'list' });
    const answer = (await seen(tab, 'the sessions', (v) => v.type === 'rpc_ui_sessions' && v.id === 'list'))
      .value;
    const sessions = answer.sessions as {
      id: string;
      name?: string;
      firstPrompt: string;
      messages: number;
    }[];
    expect(sessions.map(({ name, firstPrompt, messages }) => ({ name, firstPrompt, messages }))).toEqual([
      { name: 'Cranes', firstPrompt: 'Remember the word crane.', messages: 2 },
      { name: undefined, firstPrompt: 'Remember the word heron.', messages: 2 },
    ]);
    expect(answer.current).toBe(sessions[0]?.id);
    expect(JSON.stringify(answer)).not.toContain(state);
    tab.close();
  }, 180_000);
});

/** The first message `tab` got after `mark` that matches `predicate`. */
function seenAfter(
  tab: Tab,
  mark: number,
  what: string,
  predicate: (value: Record<string, unknown>) => boolean,
) {
  return until(what, () => tab.received.slice(mark).find((r) => predicate(r.value)), AGENT_WAIT_MS);
}

/** Send a session message of the bridge's and wait for how it went. */
async function sessionDone(tab: Tab, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = `s-${tab.received.length}`;
  tab.send({ ...message, id });
  return (
    await seen(
      tab,
      `how ${String(message.type)} went`,
      (v) => v.type === 'rpc_ui_session_done' && v.id === id,
    )
  ).value;
}

async function sessionList(
  tab: Tab,
): Promise<{ current?: string; sessions: { id: string; name?: string; firstPrompt: string }[] }> {
  const id = `l-${tab.received.length}`;
  tab.send({ type: 'rpc_ui_list_sessions', id });
  const answer = await seen(tab, 'the sessions', (v) => v.type === 'rpc_ui_sessions' && v.id === id);
  return answer.value as { current?: string; sessions: { id: string; name?: string; firstPrompt: string }[] };
}

describe.each(AGENTS)('$name: a page’s session commands, by id', ({ name }) => {
  it('start, open, name and fork sessions; another tab follows; a path or a foreign id is refused', async () => {
    const state = stateFolder();
    const first = await serve(name, state);
    let a = await Tab.open(first.url);
    const b = await Tab.open(first.url);
    await say(a, 'Remember the word heron.');

    const greeted = await seen(b, 'the hello', (v) => v.type === 'rpc_ui_hello');
    let mark = b.received.length;
    expect(await sessionDone(a, { type: 'rpc_ui_new_session' })).toMatchObject({ ok: true });
    const again = await seenAfter(b, mark, 'the other tab greeted anew', (v) => v.type === 'rpc_ui_hello');
    // Another conversation of the same process: a page can tell this from a restart.
    expect(again.value.session).not.toBe(greeted.value.session);
    expect(again.value.process).toBe(greeted.value.process);
    await say(a, 'Remember the word crane.');
    const listed = await sessionList(a);
    expect(listed.sessions.map((s) => s.firstPrompt)).toEqual([
      'Remember the word crane.',
      'Remember the word heron.',
    ]);
    expect(listed.current).toBe(listed.sessions[0]?.id);
    const heron = listed.sessions[1]?.id ?? '';

    // Opened by its id in one tab: the other follows, to the same conversation.
    mark = b.received.length;
    expect(await sessionDone(a, { type: 'rpc_ui_open_session', session: heron })).toMatchObject({ ok: true });
    await seenAfter(b, mark, 'the other tab greeted anew', (v) => v.type === 'rpc_ui_hello');
    expect(await conversation(b)).toEqual([
      'user: Remember the word heron.',
      expect.stringMatching(/^assistant: This is the stand-in model, answering “Remember the word heron\.”/),
    ]);
    expect(await sessionDone(a, { type: 'rpc_ui_name_session', name: '  Herons ' })).toMatchObject({
      ok: true,
    });
    expect((await sessionList(b)).sessions.find((s) => s.id === heron)?.name).toBe('Herons');
    b.close();

    // Started again, the bridge goes on with the session the page opened.
    a.close();
    first.cli.child.kill('SIGINT');
    await first.cli.exited;
    a = await Tab.open((await serve(name, state)).url);
    expect((await sessionList(a)).current).toBe(heron);

    // Forked from its first prompt: a new session, with what came before that prompt (nothing).
    // oh-my-pi calls a fork a branch.
    a.send({ type: name === 'omp' ? 'get_branch_messages' : 'get_fork_messages', id: 'forks' });
    const forks = (
      await seen(a, 'the prompts to fork from', (v) => v.type === 'response' && v.id === 'forks')
    ).value.data as { messages: { entryId: string; text: string }[] };
    expect(forks.messages.map((m) => m.text)).toEqual(['Remember the word heron.']);
    expect(
      await sessionDone(a, { type: 'rpc_ui_fork_session', entryId: forks.messages[0]?.entryId }),
    ).toMatchObject({
      ok: true,
    });
    expect(await conversation(a)).toEqual([]);

    // A page names no path, and no id the bridge did not list.
    expect(await sessionDone(a, { type: 'rpc_ui_open_session', session: '/etc/passwd' })).toEqual({
      type: 'rpc_ui_session_done',
      id: expect.any(String),
      ok: false,
      error: 'A page names a session by the id the bridge listed, never by a path.',
    });
    expect(await sessionDone(a, { type: 'rpc_ui_open_session', session: 'no-such-session' })).toMatchObject({
      ok: false,
      error: 'No session of this project has the id "no-such-session".',
    });
    expect(await sessionDone(a, { type: 'rpc_ui_name_session', name: '' })).toMatchObject({ ok: false });
    expect(await sessionDone(a, { type: 'rpc_ui_fork_session', entryId: '../x' })).toMatchObject({
      ok: false,
    });
    a.close();
    b.close();
  }, 180_000);
});

describe('rpc-ui serve --new-session', () => {
  it('starts a new session, which is the one it goes on with afterwards; the old one is kept', async () => {
    const state = stateFolder();
    await sayThenStop(state, 'Remember the word heron.');
    let tab: Tab;

    const fresh = await serve('pi', state, ['--new-session']);
    expect(fresh.cli.stderr()).not.toContain('goes on with its last session');
    tab = await Tab.open(fresh.url);
    expect(await conversation(tab)).toEqual([]);
    await say(tab, 'Remember the word crane.');
    const after = await conversation(tab);
    tab.close();
    fresh.cli.child.kill('SIGINT');
    await fresh.cli.exited;

    const again = await serve('pi', state);
    tab = await Tab.open(again.url);
    expect(await conversation(tab)).toEqual(after);
    expect(sessionFiles('pi', state)).toHaveLength(2);
    tab.close();
  }, 180_000);
});
