/**
 * The rpc-ui bridge's session messages: a page asks for the sessions of the agent's project, and
 * the bridge answers from the agent's own store, with ids, never paths. See docs/bridge.md
 * ("Sessions"). DOM-free.
 */
import { isRecord } from '../shared/is-record.js';

/** One session of the project, as a page's list shows it. */
export interface SessionSummary {
  /** The agent's id for it. */
  readonly id: string;
  /** The name given to it (`set_session_name`), if any. */
  readonly name?: string;
  /** The text of its first prompt, cut at 200 characters. */
  readonly firstPrompt: string;
  /** When it was last written, in milliseconds since 1970. */
  readonly modified: number;
  /** How many prompts and replies it holds. */
  readonly messages: number;
}

/** A tab asks for the sessions of the agent's project (answered with {@link BridgeSessions}). */
export interface BridgeListSessions {
  readonly type: 'rpc_ui_list_sessions';
  /** Given back in the answer. */
  readonly id?: string;
}

/** The sessions of the agent's project, newest first, to the tab that asked. */
export interface BridgeSessions {
  readonly type: 'rpc_ui_sessions';
  /** The `id` of the {@link BridgeListSessions} it answers. */
  readonly id?: string;
  /** The id of the session the agent is on, when it has one saved. */
  readonly current?: string;
  readonly sessions: readonly SessionSummary[];
}

/** A tab asks the agent to go to another session of the project, by its id (never a path). */
export interface BridgeOpenSession {
  readonly type: 'rpc_ui_open_session';
  readonly id?: string;
  /** A {@link SessionSummary}'s `id`, as the bridge listed it. */
  readonly session: string;
}

/** A tab asks the agent to start a new session. */
export interface BridgeNewSession {
  readonly type: 'rpc_ui_new_session';
  readonly id?: string;
}

/** A tab names the session the agent is on. */
export interface BridgeNameSession {
  readonly type: 'rpc_ui_name_session';
  readonly id?: string;
  /** At most 200 characters, not empty. */
  readonly name: string;
}

/**
 * A tab starts a new session from an earlier prompt of this one: the entry id the agent gave
 * (`get_fork_messages` on pi and atomic, `get_branch_messages` on oh-my-pi).
 */
export interface BridgeForkSession {
  readonly type: 'rpc_ui_fork_session';
  readonly id?: string;
  readonly entryId: string;
}

/** How a session message went, to the tab that sent it. */
export interface BridgeSessionDone {
  readonly type: 'rpc_ui_session_done';
  /** The `id` of the message it answers. */
  readonly id?: string;
  readonly ok: boolean;
  /** Why not, when not `ok`. */
  readonly error?: string;
}

/**
 * The sessions changed without a move (one was named): every tab lists them again. A move greets
 * every tab instead, which lists too.
 */
export interface BridgeSessionsChanged {
  readonly type: 'rpc_ui_sessions_changed';
}

/** A prompt of the current session that a fork can start from, as the agent lists it. */
export interface ForkPoint {
  /** The agent's id for the prompt's entry: what {@link BridgeForkSession} takes. */
  readonly entryId: string;
  /** The prompt's text. */
  readonly text: string;
}

/** The bridge's answers to a tab's session messages. */
export type BridgeSessionAnswer = BridgeSessions | BridgeSessionDone;

const isString = (value: unknown): value is string => typeof value === 'string';

function readSummary(value: unknown): SessionSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, firstPrompt, modified, messages } = value;
  if (!isString(id) || !id || !isString(firstPrompt)) return undefined;
  // A time a Date can hold, a count that is one.
  if (typeof modified !== 'number' || !(Math.abs(modified) <= 8.64e15)) return undefined;
  if (typeof messages !== 'number' || !Number.isSafeInteger(messages) || messages < 0) return undefined;
  return { id, ...(isString(name) && name ? { name } : {}), firstPrompt, modified, messages };
}

/**
 * The bridge's `rpc_ui_sessions` or `rpc_ui_session_done`, read from a parsed line; `undefined`
 * for any other value. A session that lacks a field is left out of the list.
 */
export function readSessionAnswer(value: unknown): BridgeSessionAnswer | undefined {
  if (!isRecord(value)) return undefined;
  const id = isString(value.id) ? { id: value.id } : {};
  if (value.type === 'rpc_ui_session_done') {
    if (typeof value.ok !== 'boolean') return undefined;
    const error = isString(value.error) && value.error ? { error: value.error } : {};
    return { type: value.type, ...id, ok: value.ok, ...error };
  }
  if (value.type !== 'rpc_ui_sessions' || !Array.isArray(value.sessions)) return undefined;
  const sessions = value.sessions.flatMap((item: unknown) => readSummary(item) ?? []);
  const current = isString(value.current) && value.current ? { current: value.current } : {};
  return { type: value.type, ...id, ...current, sessions };
}

/**
 * The prompts a fork can start from, from the `data` of the agent's answer to `get_fork_messages`
 * (pi, atomic) or `get_branch_messages` (oh-my-pi): `{messages: [{entryId, text}]}`.
 */
export function readForkPoints(data: unknown): ForkPoint[] | undefined {
  if (!isRecord(data) || !Array.isArray(data.messages)) return undefined;
  return data.messages.flatMap((item: unknown) =>
    isRecord(item) && isString(item.entryId) && item.entryId && isString(item.text)
      ? [{ entryId: item.entryId, text: item.text }]
      : [],
  );
}
