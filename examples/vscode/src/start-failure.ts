/** Why the agent did not start, for a person. Pure: no VS Code API, so a test can check it. */
import type { AgentCommand } from './agent-command.js';

/** The command, what failed, and where to change it. */
export function startFailure(agent: AgentCommand, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const why =
    code === 'ENOENT' ? `"${agent.command}" was not found on PATH` : `"${agent.command}" failed: ${message}`;
  return `The agent could not start: ${why}. Install it, or choose another agent in the settings (rpcUiKit.agent).`;
}
