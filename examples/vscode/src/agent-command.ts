/**
 * Which agent to run, from the settings: `rpcUiKit.agent.name` is pi, oh-my-pi, atomic (each by
 * its command on PATH, in RPC mode) or "command" (`rpcUiKit.agent.command` with
 * `rpcUiKit.agent.args`). Pure: no VS Code API, so a test can check it.
 */

/** The agents the settings offer by name. */
export const AGENT_NAMES = ['pi', 'oh-my-pi', 'atomic', 'command'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** The executable of each named agent. */
const EXECUTABLES: ReadonlyMap<string, string> = new Map([
  ['pi', 'pi'],
  ['oh-my-pi', 'omp'],
  ['atomic', 'atomic'],
]);

/** A command line to spawn. */
export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** What the settings hold (read with `getConfiguration('rpcUiKit.agent')`). */
export interface AgentSettings {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The command line the settings name: a named agent's executable with `--mode rpc` and the
 * extra `args`, or the "command" as written. An unknown name is taken as pi.
 */
export function agentCommand({ name, command, args }: AgentSettings): AgentCommand {
  if (name === 'command') return { command, args };
  return { command: EXECUTABLES.get(name) ?? 'pi', args: ['--mode', 'rpc', ...args] };
}
