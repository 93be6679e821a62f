/**
 * The sessions an agent keeps for a project, read from its own store (the folder its session file
 * is in): for a page's list, newest first, each with its id, name or first prompt, time and size.
 * A page gets ids, never paths; the bridge maps an id back to a file only among those it listed.
 * Node only.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BridgeSessions, SessionSummary } from '../../protocol/sessions.js';
import { BoundedMap } from '../../shared/bounded.js';
import { isPlainObject } from '../../transport/jsonl.js';

/** A session and the file it is in (the bridge's alone). */
export interface StoredSession extends SessionSummary {
  readonly file: string;
}

/** The text of a message's content (a string, or text parts). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      isPlainObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/**
 * Summaries read before, by project and file: a file of the same size and time is not read again
 * (a list is asked at every page's connect, and a long session is megabytes of lines to parse).
 */
const summaries = new BoundedMap<
  string,
  { readonly size: number; readonly modified: number; readonly session: StoredSession | undefined }
>(4096);

/**
 * The summary of the session in `file` when it belongs to `cwd` (its header says so); `undefined`
 * for another project's, a file that is not a session, or one that cannot be read now.
 */
export async function readSession(file: string, cwd: string): Promise<StoredSession | undefined> {
  // Gone (deleted, moved by the agent): not listed.
  const seen = await stat(file).catch(() => undefined);
  if (!seen) return undefined;
  const key = `${cwd}\0${file}`;
  const known = summaries.get(key);
  if (known && known.size === seen.size && known.modified === seen.mtimeMs) return known.session;
  try {
    const session = await readSummary(file, cwd, seen.mtimeMs);
    summaries.set(key, { size: seen.size, modified: seen.mtimeMs, session });
    return session;
  } catch {
    return undefined; // unreadable now: not listed, and read again next time
  }
}

/** Read `file`'s summary line by line; throws when it cannot be read. */
async function readSummary(file: string, cwd: string, modified: number): Promise<StoredSession | undefined> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  let id: string | undefined;
  let name: string | undefined;
  let firstPrompt = '';
  let messages = 0;
  try {
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // a line cut by a crash: the rest is still the session
      }
      if (!isPlainObject(entry)) continue;
      if (id === undefined) {
        // oh-my-pi keeps a session's name in a title line before the header, rewritten in place.
        if (entry.type === 'title') {
          name = typeof entry.title === 'string' && entry.title.trim() ? entry.title.trim() : undefined;
          continue;
        }
        if (entry.type !== 'session' || typeof entry.id !== 'string' || entry.cwd !== cwd) return undefined;
        id = entry.id;
      } else if (entry.type === 'session_info') {
        name = typeof entry.name === 'string' && entry.name.trim() ? entry.name.trim() : undefined;
      } else if (entry.type === 'message' && isPlainObject(entry.message)) {
        const { role, content } = entry.message;
        if (role !== 'user' && role !== 'assistant') continue;
        messages++;
        if (role === 'user' && firstPrompt === '') firstPrompt = textOf(content).trim().slice(0, 200);
      }
    }
  } finally {
    stream.destroy();
  }
  if (id === undefined) return undefined;
  return { id, ...(name ? { name } : {}), firstPrompt, modified, messages, file };
}

/** The sessions of `cwd` in `folder`, newest first. */
export async function listSessions(folder: string, cwd: string): Promise<StoredSession[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const found = await Promise.all(names.map((name) => readSession(join(folder, name), cwd)));
  return found.filter((session) => session !== undefined).sort((a, b) => b.modified - a.modified);
}

/**
 * The answer to a tab's `rpc_ui_list_sessions` (`id`): the sessions of `cwd` in the folder of the
 * agent's session file, without their paths. None while the agent has named no file.
 */
export async function sessionsAnswer(
  file: string | undefined,
  cwd: string | undefined,
  id: unknown,
): Promise<BridgeSessions> {
  const stored = file !== undefined && cwd !== undefined ? await listSessions(dirname(file), cwd) : [];
  const current = stored.find((session) => session.file === file)?.id;
  return {
    type: 'rpc_ui_sessions',
    ...(typeof id === 'string' ? { id } : {}),
    ...(current === undefined ? {} : { current }),
    sessions: stored.map(({ file: _file, ...summary }) => summary),
  };
}
