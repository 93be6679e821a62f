/**
 * The sessions of a project, read from the agent's own store as pi and oh-my-pi write it (the
 * entries' shapes are those of their session files, seen in bridge-kept-session's runs): newest
 * first, named or by their first prompt, another project's left out, a line cut by a crash
 * skipped, and no path in what a tab gets.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionFailed, sessionMessage } from '../../../src/bridge/state/session-commands.js';
import { listSessions, sessionsAnswer } from '../../../src/bridge/state/session-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpc-ui-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PROJECT = '/srv/work/app';
const lines = (...entries: object[]) => entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
const header = (id: string, cwd = PROJECT) => ({ type: 'session', version: 3, id, timestamp: '', cwd });
const message = (role: string, text: string) => ({
  type: 'message',
  id: Math.random().toString(16).slice(2, 10),
  message: { role, content: [{ type: 'text', text }] },
});

/** Write a session file, last written `minutesAgo`. */
function session(name: string, text: string, minutesAgo: number): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, when, when);
  return file;
}

describe('the session store', () => {
  it('lists a session as it is now: changed since the last list, its change shows; unchanged, the same', async () => {
    const file = session('a.jsonl', lines(header('pi-a'), message('user', 'First.')), 5);
    expect(await listSessions(dir, PROJECT)).toMatchObject([{ id: 'pi-a', messages: 1 }]);
    expect(await listSessions(dir, PROJECT)).toMatchObject([{ id: 'pi-a', messages: 1 }]);
    writeFileSync(
      file,
      lines(header('pi-a'), message('user', 'First.'), message('assistant', 'Yes.'), {
        type: 'session_info',
        name: 'Named now',
      }),
    );
    expect(await listSessions(dir, PROJECT)).toMatchObject([{ id: 'pi-a', name: 'Named now', messages: 2 }]);
  });

  it('lists the project’s sessions newest first, by name or first prompt, with their size', async () => {
    session(
      'a.jsonl',
      lines(header('pi-a'), message('user', 'Fix the build.'), message('assistant', 'Done.')),
      30,
    );
    const named = session(
      'b.jsonl',
      lines(
        header('pi-b'),
        message('user', 'Rename the module.'),
        message('assistant', 'Which name?'),
        { type: 'session_info', name: 'Renaming' },
        message('user', 'rpc-ui'),
      ),
      5,
    );
    // oh-my-pi: a title line first (its name, here none), then its header; a crash cut its last line.
    session(
      'c.jsonl',
      `${lines({ type: 'title', v: 1, title: '' }, header('omp-c'), message('user', 'Write tests.'))}{"type":"mess`,
      10,
    );
    session(
      'd.jsonl',
      lines(
        { type: 'title', v: 1, title: 'Named in oh-my-pi ', pad: '   ' },
        header('omp-d'),
        message('user', 'Hello.'),
      ),
      20,
    );
    session(
      'other.jsonl',
      lines(header('elsewhere', '/srv/work/other'), message('user', 'Not this one.')),
      1,
    );
    session('notes.txt', 'not a session', 0);
    session('broken.jsonl', 'not json\n', 0);

    expect(await listSessions(dir, PROJECT)).toEqual([
      {
        id: 'pi-b',
        name: 'Renaming',
        firstPrompt: 'Rename the module.',
        messages: 3,
        modified: expect.any(Number),
        file: named,
      },
      {
        id: 'omp-c',
        firstPrompt: 'Write tests.',
        messages: 1,
        modified: expect.any(Number),
        file: join(dir, 'c.jsonl'),
      },
      {
        id: 'omp-d',
        name: 'Named in oh-my-pi',
        firstPrompt: 'Hello.',
        messages: 1,
        modified: expect.any(Number),
        file: join(dir, 'd.jsonl'),
      },
      {
        id: 'pi-a',
        firstPrompt: 'Fix the build.',
        messages: 2,
        modified: expect.any(Number),
        file: join(dir, 'a.jsonl'),
      },
    ]);

    // What a tab gets: ids, the current one named, no path.
    const answer = await sessionsAnswer(named, PROJECT, 'list-1');
    expect(answer).toMatchObject({ type: 'rpc_ui_sessions', id: 'list-1', current: 'pi-b' });
    expect(answer.sessions.map((s) => s.id)).toEqual(['pi-b', 'omp-c', 'omp-d', 'pi-a']);
    expect(JSON.stringify(answer)).not.toContain(dir);
  });

  it('lists nothing while the agent has named no session file, or its folder is gone', async () => {
    expect(await sessionsAnswer(undefined, PROJECT, undefined)).toEqual({
      type: 'rpc_ui_sessions',
      sessions: [],
    });
    expect(await listSessions(join(dir, 'gone'), PROJECT)).toEqual([]);
  });
});

describe("a tab's session command the agent refuses", () => {
  it('says why without the session file’s path, and answers a failed list with an empty one', async () => {
    const file = session('s.jsonl', lines(header('s-1'), message('user', 'Fix the test')), 1);
    const asked: unknown[] = [];
    const context = {
      file,
      cwd: PROJECT,
      identity: { name: 'pi' },
      ask: (command: unknown) => {
        asked.push(command);
        return Promise.resolve({
          success: false,
          error: `ENOENT: no such file or directory, open '${file}' (in ${dir})`,
        });
      },
    };
    const { answer } = await sessionMessage(
      { type: 'rpc_ui_open_session', id: 'o', session: 's-1' },
      context,
    );
    expect(asked).toEqual([{ type: 'switch_session', sessionPath: file }]);
    expect(answer).toEqual({
      type: 'rpc_ui_session_done',
      id: 'o',
      ok: false,
      error: "ENOENT: no such file or directory, open 'the session file' (in the session file)",
    });
    expect(JSON.stringify(answer)).not.toContain(dir);
    expect(sessionFailed({ type: 'rpc_ui_list_sessions', id: 'l' }, new Error(`EACCES ${dir}`))).toEqual({
      type: 'rpc_ui_sessions',
      id: 'l',
      sessions: [],
    });
    expect(
      JSON.stringify(sessionFailed({ type: 'rpc_ui_new_session', id: 'n' }, new Error(`EACCES ${dir}/x`))),
    ).not.toContain(dir);
  });
});
