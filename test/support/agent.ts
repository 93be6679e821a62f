/** Starts the real pi agent in RPC mode, offline, with the project's demo extension. Node only. */
import { AgentProcess } from '../../src/bridge/agent-process.js';
import { defaultAgentCommand } from '../../src/bridge/default-agent.js';

export { demoExtension } from '../../src/bridge/default-agent.js';

/** A pi agent in a throwaway HOME, offline, with no model, loading the demo extension. */
export function spawnAgent(extraArgs: readonly string[] = []): AgentProcess {
  const { cleanup, ...command } = defaultAgentCommand(extraArgs);
  const agent = new AgentProcess(command);
  void agent.exited.then(cleanup);
  return agent;
}
