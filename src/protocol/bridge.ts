/**
 * Messages the rpc-ui bridge (`src/bridge`) adds to the stream it serves over WebSocket, beside
 * the agent's own lines. Their `type`s start with `rpc_ui_`, which no agent uses. DOM-free.
 */

/** A dialog was closed on the bridge: answered from another tab, timed out, or its agent is gone. */
export interface BridgeDialogClosed {
  readonly type: 'rpc_ui_dialog_closed';
  /** The request id. */
  readonly id: string;
  /**
   * `answered`: another tab answered first (sent to every other tab then, and to a tab whose
   * answer comes later); `expired`: this tab's answer came after the dialog timed out and was
   * dropped (sent to that tab only); `agent-exit`: the agent ended.
   */
  readonly reason: 'answered' | 'expired' | 'agent-exit';
}

/** The agent process ended. Sent to every tab, and to tabs that connect afterwards. */
export interface BridgeAgentExit {
  readonly type: 'rpc_ui_agent_exit';
  /** The exit code, or `null` when a signal ended it. */
  readonly code: number | null;
  readonly signal: string | null;
  /** The last lines the agent wrote on stderr. */
  readonly stderr: readonly string[];
}

/**
 * Sent first to every tab that connects: what the bridge runs, and what is live now, so a tab that
 * was away drops what ended meanwhile (the replay that follows only adds). The lists are optional:
 * an older bridge sends none.
 */
export interface BridgeHello {
  readonly type: 'rpc_ui_hello';
  /** The agent command, for display (never chosen by the browser). */
  readonly agent: string;
  /** Whether the agent process is still running. */
  readonly running: boolean;
  /** The ids of the dialogs the agent still waits on. */
  readonly dialogs?: readonly string[];
  /** The keys of the statuses set now. */
  readonly statuses?: readonly string[];
  /** The keys of the widgets set now. */
  readonly widgets?: readonly string[];
}

/** Any message the bridge itself sends. */
export type BridgeMessage = BridgeDialogClosed | BridgeAgentExit | BridgeHello;

/** Whether a message `type` is the bridge's own. */
export function isBridgeType(type: string | undefined): boolean {
  return type !== undefined && type.startsWith('rpc_ui_');
}
