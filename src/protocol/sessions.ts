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
