/**
 * Which of a tab's commands reach the agent: what a UI needs to chat, steer, stop, read the state
 * and the messages, choose a model, and sign in. Anything else (a shell command, a file written,
 * another session opened) is refused unless `--allow-command` names it. The lists per agent, and
 * why each command is in or out: docs/security.md. Node only.
 */

/**
 * The commands every tab may send, by `type`, from the RPC sources of pi 0.73.1 and 1.x,
 * oh-my-pi and atomic. An agent that lacks one answers it with its own error.
 */
export const DEFAULT_COMMANDS: readonly string[] = [
  // chat, steer and stop
  'prompt',
  'steer',
  'follow_up',
  'abort',
  'abort_and_prompt',
  'clear_queue',
  'abort_retry',
  'abort_compaction',
  // read
  'get_state',
  'get_messages',
  'get_messages_page',
  'get_session_stats',
  'get_last_assistant_text',
  'get_commands',
  'get_available_commands',
  'get_available_models',
  'get_available_thinking_levels',
  // the earlier prompts a fork may start from (rpc_ui_fork_session takes one's entry id)
  'get_fork_messages',
  'get_branch_messages',
  // compact the session when its context is nearly full (the usage panel offers it)
  'compact',
  // choose the model and how it thinks
  'set_model',
  'cycle_model',
  'set_thinking_level',
  'cycle_thinking_level',
  // sign in
  'get_login_providers',
  'login',
  'login_provider',
  'cancel_login_provider',
];

/** A refused command's answer to its tab, shaped as the agent's own failed responses are. */
export interface RefusedCommand {
  readonly type: 'response';
  readonly id?: string;
  readonly command: string;
  readonly success: false;
  readonly error: string;
}

/** The set of command types a bridge passes on: the default ones and those `--allow-command` adds. */
export function commandAllowList(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...DEFAULT_COMMANDS, ...extra]);
}

/** The answer to a command the bridge does not pass on. */
export function refusedCommand(type: string, id: unknown): RefusedCommand {
  const shown = JSON.stringify(type.slice(0, 80));
  return {
    type: 'response',
    ...(typeof id === 'string' ? { id } : {}),
    command: type,
    success: false,
    error: `The rpc-ui bridge does not pass ${shown} to the agent: a page may only chat, steer, stop, read the state and sign in. Start the bridge with --allow-command ${type.slice(0, 80)} to allow it.`,
  };
}
