/** Which failed commands the conversation says, and how: a turn's, or a command named. */
import { stringOf } from './records.js';

/** The commands whose failure is the turn's: the user asked, and nothing happened. */
const TURN_COMMANDS = new Set(['prompt', 'steer', 'follow_up']);

/** Sign-in commands: their failure is said on the sign-in's card, not in the conversation. */
const LOGIN_COMMANDS = new Set(['login_provider', 'cancel_login_provider']);

/**
 * The kit's questions an agent may not know: pi 0.73.1 answers an unknown command without its id,
 * so the model panel's question for the levels, and the transcript's for the bridge's history,
 * are known by their command.
 */
const PROBES = new Set(['get_available_thinking_levels', 'rpc_ui_get_messages']);

/**
 * A command that failed, as the conversation says it: the turn's in the agent's words, any other
 * (a command the agent does not know, or the bridge does not pass) named with them. The kit's own
 * questions (ids `rpc-ui-…`) and sign-ins (their card says) are left out: `undefined`.
 */
export function failureOf(
  record: Readonly<Record<string, unknown>>,
): { readonly text: string; readonly command?: string } | undefined {
  const command = stringOf(record.command) ?? '';
  const id = stringOf(record.id);
  const ownQuestion = id === undefined ? PROBES.has(command) : id.startsWith('rpc-ui-');
  if (!command || ownQuestion || LOGIN_COMMANDS.has(command)) return undefined;
  const error = stringOf(record.error) ?? '';
  return TURN_COMMANDS.has(command) ? { text: error || `${command} failed` } : { text: error, command };
}
