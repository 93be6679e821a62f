/**
 * A permission gate for pi, oh-my-pi and atomic: before the agent's `bash` tool runs a command
 * that deletes or overwrites for good, it asks the user (`ctx.ui.confirm`). No, Escape, Stop or a
 * closed page block the call, and the agent is told why; Yes lets it run.
 *
 * Try it on the stand-in model, from this repository: `node bin/rpc-ui.mjs serve --demo
 * --stand-in-model --extension examples/pi-extension/permission-gate.ts`, then send `run: rm -rf
 * scratch` from the page (the test bridge-own-agent.test.ts runs that). Beside your own agent in
 * your project: `rpc-ui serve --cwd ~/work/app --extension …/permission-gate.ts`. Or in pi itself:
 * `pi --mode rpc -e examples/pi-extension/permission-gate.ts`.
 */
import type { ExtensionAPI } from '@mariozechner/pi-coding-agent';

/** Commands that cannot be undone: a recursive or forced `rm`, and their kin. */
const DESTRUCTIVE: readonly RegExp[] = [
  /\brm\s+(?:-[a-zA-Z]*[rRf][a-zA-Z]*\s+|--(?:recursive|force)\s+)/,
  /\bgit\s+(?:reset\s+--hard|clean\s+-[a-zA-Z]*f|push\s+(?:.*\s)?--force)\b/,
  /\b(?:mkfs|dd\s+if=|shred)\b/,
  /\bchmod\s+-R\b|\bchown\s+-R\b/,
];

/** The reason the agent reads when the user says no. */
export const BLOCKED_REASON = 'Blocked by the user: the permission gate asked, and the answer was no.';

/** Whether `command` is one the gate asks about. */
export function isDestructive(command: string): boolean {
  return DESTRUCTIVE.some((pattern) => pattern.test(command));
}

export default function permissionGate(pi: ExtensionAPI): void {
  pi.on('tool_call', async (event, ctx) => {
    if (event.toolName !== 'bash') return undefined;
    const command = (event.input as { command?: unknown }).command;
    if (typeof command !== 'string' || !isDestructive(command)) return undefined;
    const allowed = await ctx.ui.confirm('Run a destructive command?', `The agent wants to run:\n${command}`);
    return allowed ? undefined : { block: true, reason: BLOCKED_REASON };
  });
}
