/**
 * The rpc-ui bridge's conversation messages: a page asks for the conversation so far, its last
 * messages first, and the bridge answers from the agent's own `get_messages` without passing a
 * long session whole. See docs/bridge.md ("The conversation so far"). DOM-free.
 */
import { isRecord } from '../shared/is-record.js';

/** The type of a tab's {@link BridgeGetMessages}. */
export const GET_MESSAGES_TYPE = 'rpc_ui_get_messages';
/** The type of the bridge's {@link BridgeMessages}. */
export const MESSAGES_TYPE = 'rpc_ui_messages';

/**
 * A tab asks for the conversation so far: the agent's last `last` messages, or all of them without
 * it (answered with {@link BridgeMessages}). A bridge says it answers this in its hello
 * (`history`); an agent asked directly answers it as an unknown command.
 */
export interface BridgeGetMessages {
  readonly type: typeof GET_MESSAGES_TYPE;
  /** Given back in the answer. */
  readonly id: string;
  /** How many of the newest messages to send; all of them when absent. */
  readonly last?: number;
}

/** The conversation so far, as the agent keeps it, to the tab that asked. */
export type BridgeMessages =
  | {
      readonly type: typeof MESSAGES_TYPE;
      /** The `id` of the {@link BridgeGetMessages} it answers. */
      readonly id?: string;
      /** How many messages the agent holds: more than `messages` when only the last were asked. */
      readonly total: number;
      /** The messages asked for, oldest first, as the agent's `get_messages` gives them. */
      readonly messages: readonly unknown[];
    }
  | {
      readonly type: typeof MESSAGES_TYPE;
      readonly id?: string;
      /** Why there are none: the agent refused or did not answer. */
      readonly error: string;
    };

/** `value` as the bridge's {@link BridgeMessages}, or `undefined` when it is not one. */
export function readBridgeMessages(value: unknown): BridgeMessages | undefined {
  if (!isRecord(value) || value.type !== MESSAGES_TYPE) return undefined;
  const id = typeof value.id === 'string' ? { id: value.id } : {};
  if (typeof value.error === 'string') return { type: MESSAGES_TYPE, ...id, error: value.error };
  const { total, messages } = value;
  if (!Array.isArray(messages) || typeof total !== 'number' || !Number.isSafeInteger(total)) return undefined;
  return { type: MESSAGES_TYPE, ...id, total: Math.max(total, messages.length), messages };
}
