/** Starts a real agent in RPC mode, offline, with the project's demo extension. Node only. */
import { fileURLToPath } from 'node:url';
import { AgentProcess } from '../../src/bridge/agent-process.js';
import { type AgentName, agentCommand } from '../../src/bridge/agents/catalog.js';

export { demoExtension } from '../../src/bridge/default-agent.js';

/**
 * atomic's source for the tests: `RPC_UI_ATOMIC_SOURCE`, else the tarball beside the project
 * (`../shared/agents/`), which no registry here serves.
 */
export function atomicSource(): string {
  return (
    process.env.RPC_UI_ATOMIC_SOURCE ??
    fileURLToPath(new URL('../../../shared/agents/atomic-src-6031a92.tar.gz', import.meta.url))
  );
}

/** An agent (pi 0.73.1 unless `name` says otherwise) in a throwaway HOME, offline, with no model, loading the demo extension. */
export async function spawnAgent(
  extraArgs: readonly string[] = [],
  name: AgentName = 'pi-0.73',
): Promise<AgentProcess> {
  const { cleanup, ...command } = await agentCommand(name, { extraArgs });
  const agent = new AgentProcess(command);
  void agent.exited.then(cleanup);
  return agent;
}
