/**
 * The rpc-ui bridge's session messages: a page asks for the sessions of the agent's project, and
 * the bridge answers from the agent's own store, with ids, never paths. See docs/bridge.md
 * ("Sessions"). DOM-free.
 */

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
