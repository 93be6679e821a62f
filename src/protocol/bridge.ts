import type { AgentIdentity } from './agent.js';
import { isRecord } from '../shared/is-record.js';

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
 * Lines the agent wrote on stderr, live, to every tab (and the last ones to a tab that connects
 * while the agent runs). For people: a warning, a stack trace; never protocol.
 */
export interface BridgeAgentStderr {
  readonly type: 'rpc_ui_agent_stderr';
  readonly lines: readonly string[];
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
  /**
   * Which agent it is and its version, when the bridge knows (it started it by name, or the agent
   * said so: oh-my-pi's `ready`). An older bridge sends none.
   */
  readonly identity?: AgentIdentity;
  /**
   * The folder the agent works in, for display (`~` for the bridge's user's home). An older bridge
   * sends none.
   */
  readonly folder?: string;
  /**
   * A new random name at each start of the agent process and at each move to another session:
   * answers given before must never reach this conversation (its ids may be the same). An older
   * bridge sends none.
   */
  readonly session?: string;
  /**
   * A new random name at each start of the agent process only, so that a page can tell a restart
   * from a move to another session. An older bridge sends none.
   */
  readonly process?: string;
  /**
   * Whether the bridge answers `rpc_ui_get_messages` (protocol/conversation.ts): a page asks it
   * for the last messages first. An older bridge sends none.
   */
  readonly history?: boolean;
  /** Whether the agent process is still running. */
  readonly running: boolean;
  /** The ids of the dialogs the agent still waits on. */
  readonly dialogs?: readonly string[];
  /** The keys of the statuses set now. */
  readonly statuses?: readonly string[];
  /** The keys of the widgets set now. */
  readonly widgets?: readonly string[];
}

/**
 * A tab asks the bridge to start the agent again, once it has ended: the same command the bridge
 * was started with (a tab never chooses it). Ignored while the agent runs.
 */
export interface BridgeRestartRequest {
  readonly type: 'rpc_ui_restart_agent';
}

/**
 * Whether the bridge would take a WebSocket from this page, and why not: the JSON answer of a
 * plain HTTP `GET` of its WebSocket URL, readable from any origin. A page cannot read why a
 * WebSocket handshake failed; it can ask this after one did.
 */
export interface BridgeAccess {
  readonly type: 'rpc_ui_access';
  readonly allowed: boolean;
  /** Why not, for people: "The origin http://localhost:5173 is not allowed." */
  readonly reason?: string;
  /** What allows it, for people: "Start the bridge with --allow-origin http://localhost:5173." */
  readonly hint?: string;
}

/** The HTTP(S) URL to `GET` for the {@link BridgeAccess} of a WebSocket URL (same path and query). */
export function accessUrl(socketUrl: string): string {
  const url = new URL(socketUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.hash = '';
  return url.href;
}

/** A {@link BridgeAccess} from untrusted JSON, or `undefined` when it is not one. */
export function readBridgeAccess(value: unknown): BridgeAccess | undefined {
  if (!isRecord(value) || value.type !== 'rpc_ui_access' || typeof value.allowed !== 'boolean')
    return undefined;
  const { reason, hint } = value;
  return {
    type: value.type,
    allowed: value.allowed,
    ...(isString(reason) && reason ? { reason } : {}),
    ...(isString(hint) && hint ? { hint } : {}),
  };
}

/** Any message the bridge itself sends. */
export type BridgeMessage = BridgeDialogClosed | BridgeAgentExit | BridgeAgentStderr | BridgeHello;

/** Whether a message `type` is the bridge's own. */
export function isBridgeType(type: string | undefined): boolean {
  return type !== undefined && type.startsWith('rpc_ui_');
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The strings of `value` when it is an array (others are left out), else `undefined`. */
function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter(isString) : undefined;
}

/** An agent's identity from untrusted JSON, its fields checked. */
function readIdentity(value: unknown): AgentIdentity | undefined {
  if (!isRecord(value) || !isString(value.name) || !value.name) return undefined;
  const { name, version, protocolVersion } = value;
  return {
    name,
    ...(isString(version) ? { version } : {}),
    ...(typeof protocolVersion === 'number' ? { protocolVersion } : {}),
  };
}

const CLOSED_REASONS: readonly BridgeDialogClosed['reason'][] = ['answered', 'expired', 'agent-exit'];

/**
 * A message of the bridge's, read from untrusted JSON: its fields checked, unknown ones dropped.
 * `undefined` for anything that is not one (another type, a field of the wrong kind).
 */
export function readBridgeMessage(value: unknown): BridgeMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'rpc_ui_dialog_closed': {
      const { id, reason } = value;
      if (!isString(id) || !CLOSED_REASONS.includes(reason as BridgeDialogClosed['reason'])) return undefined;
      return { type: value.type, id, reason: reason as BridgeDialogClosed['reason'] };
    }
    case 'rpc_ui_agent_exit': {
      const { code, signal = null } = value;
      if (code !== null && typeof code !== 'number') return undefined;
      if (signal !== null && !isString(signal)) return undefined;
      return { type: value.type, code, signal, stderr: strings(value.stderr) ?? [] };
    }
    case 'rpc_ui_agent_stderr': {
      const lines = strings(value.lines);
      return lines ? { type: value.type, lines } : undefined;
    }
    case 'rpc_ui_hello': {
      const { agent, running, session } = value;
      if (!isString(agent) || typeof running !== 'boolean') return undefined;
      const identity = readIdentity(value.identity);
      const lists = {
        dialogs: strings(value.dialogs),
        statuses: strings(value.statuses),
        widgets: strings(value.widgets),
      };
      return {
        type: value.type,
        agent,
        running,
        ...(isString(session) && session ? { session } : {}),
        ...(identity ? { identity } : {}),
        ...(isString(value.folder) ? { folder: value.folder } : {}),
        ...Object.fromEntries(Object.entries(lists).filter(([, list]) => list !== undefined)),
      };
    }
    default:
      return undefined;
  }
}
