/**
 * What a tab may do with the agent's sessions through the bridge: list them, open one by the id
 * the bridge listed, start one, name one, fork from an earlier prompt. A page never names a
 * path; an id the bridge did not list is refused. Each agent's own command does the work (pi and
 * atomic: `switch_session`, `new_session`, `set_session_name`, `fork`; oh-my-pi: `branch` for a
 * fork). Node only.
 */
import { dirname } from 'node:path';
import type { AgentIdentity } from '../../protocol/agent.js';
import { within } from '../../shared/within.js';
import type { AgentWire } from '../agent-wire.js';
import type { BridgeSessionDone, BridgeSessions } from '../../protocol/sessions.js';
import { isPlainObject } from '../../transport/jsonl.js';
import type { OutboundMessage } from '../../transport/transport.js';
import { listSessions, sessionsAnswer } from './session-store.js';

/** The bridge's own session messages, by `type`. */
const MESSAGES = new Set([
  'rpc_ui_list_sessions',
  'rpc_ui_open_session',
  'rpc_ui_new_session',
  'rpc_ui_name_session',
  'rpc_ui_fork_session',
]);

/** Whether a tab's message of this type is one of the bridge's session messages. */
export function isSessionMessage(type: string): boolean {
  return MESSAGES.has(type);
}

/** How long the agent may take to answer a session command (a switch reads a whole file). */
const AGENT_ANSWER_MS = 60_000;

/** Ask the agent behind `wire` a command of the bridge's own; rejects when it does not answer in time. */
export function askOf(wire: AgentWire): (command: OutboundMessage) => Promise<Record<string, unknown>> {
  return async (command) => {
    const answered = new Promise<Record<string, unknown>>((resolve) => wire.ask(command, resolve));
    const response = await within(answered, AGENT_ANSWER_MS);
    if (!response) throw new Error(`The agent did not answer ${command.type} in time.`);
    return response;
  };
}

/** What the bridge knows for them: the agent's session file and folder, and which agent it is. */
export interface SessionContext {
  readonly file: string | undefined;
  readonly cwd: string | undefined;
  readonly identity: AgentIdentity | undefined;
  /** Send the agent a command of the bridge's own; resolves with its response. */
  ask(command: OutboundMessage): Promise<Record<string, unknown>>;
}

/** The answer to the tab, and whether the agent is on another conversation now. */
export interface SessionOutcome {
  readonly answer: BridgeSessions | BridgeSessionDone;
  readonly moved: boolean;
}

const NAME_MAX = 200;
/** An entry id as the agents write them (pi: 8 hex digits; a UUID elsewhere). */
const ENTRY_ID = /^[A-Za-z0-9-]{1,64}$/;

function done(id: unknown, error?: string): BridgeSessionDone {
  return {
    type: 'rpc_ui_session_done',
    ...(typeof id === 'string' ? { id } : {}),
    ok: error === undefined,
    ...(error === undefined ? {} : { error }),
  };
}

/** The agent's command for a tab's message, or why there is none. */
async function commandFor(
  value: Record<string, unknown>,
  context: SessionContext,
): Promise<OutboundMessage | string> {
  switch (value.type) {
    case 'rpc_ui_new_session':
      return { type: 'new_session' };
    case 'rpc_ui_name_session': {
      const name = typeof value.name === 'string' ? value.name.trim() : '';
      if (!name || name.length > NAME_MAX || /\p{Cc}/u.test(name))
        return `A session's name is 1 to ${NAME_MAX} characters of text.`;
      return { type: 'set_session_name', name };
    }
    case 'rpc_ui_fork_session': {
      const entryId = value.entryId;
      if (typeof entryId !== 'string' || !ENTRY_ID.test(entryId))
        return 'A fork starts from an entry id the agent gave (get_fork_messages).';
      return { type: context.identity?.name === 'omp' ? 'branch' : 'fork', entryId };
    }
    default: {
      const wanted = value.session;
      if (typeof wanted !== 'string' || /[/\\]|\.jsonl$/.test(wanted))
        return 'A page names a session by the id the bridge listed, never by a path.';
      const { file, cwd } = context;
      const found =
        file === undefined || cwd === undefined
          ? undefined
          : (await listSessions(dirname(file), cwd)).find((session) => session.id === wanted);
      if (!found) return `No session of this project has the id ${JSON.stringify(wanted.slice(0, 80))}.`;
      return { type: 'switch_session', sessionPath: found.file };
    }
  }
}

/** The answer to a session message that failed unexpectedly: said, without a path. */
export function sessionFailed(
  value: Record<string, unknown>,
  error: unknown,
): BridgeSessions | BridgeSessionDone {
  if (value.type === 'rpc_ui_list_sessions')
    return {
      type: 'rpc_ui_sessions',
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
      sessions: [],
    };
  const said = error instanceof Error ? error.message : String(error);
  return done(value.id, said.replace(/\/[^\s'"]+/g, '…'));
}

/** Carry out a tab's session message (one that {@link isSessionMessage} took). */
export async function sessionMessage(
  value: Record<string, unknown>,
  context: SessionContext,
): Promise<SessionOutcome> {
  if (value.type === 'rpc_ui_list_sessions')
    return { answer: await sessionsAnswer(context.file, context.cwd, value.id), moved: false };
  const command = await commandFor(value, context);
  if (typeof command === 'string') return { answer: done(value.id, command), moved: false };
  let response: Record<string, unknown>;
  try {
    response = await context.ask(command);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    return { answer: done(value.id, withoutPaths(said, command, context.file)), moved: false };
  }
  if (response.success !== true) {
    const error = typeof response.error === 'string' ? response.error : 'The agent refused.';
    return { answer: done(value.id, withoutPaths(error, command, context.file)), moved: false };
  }
  if (isPlainObject(response.data) && response.data.cancelled === true)
    return { answer: done(value.id, 'An extension of the agent kept the session as it was.'), moved: false };
  return { answer: done(value.id), moved: command.type !== 'set_session_name' };
}

/**
 * The agent's error without the session files' paths it may name (an ENOENT of the file opened):
 * a page never sees a path. The file's folder is the store's, shared by every session named.
 */
function withoutPaths(error: string, command: Record<string, unknown>, file: string | undefined): string {
  const paths = [command.sessionPath, file].filter((path): path is string => typeof path === 'string');
  const folders = paths.map((path) => dirname(path));
  let said = error;
  for (const path of [...paths, ...folders].sort((a, b) => b.length - a.length))
    if (path.length > 1) said = said.split(path).join('the session file');
  return said;
}
