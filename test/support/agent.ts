/** Starts a real agent in RPC mode, offline, with the project's demo extension. Node only. */
import { atomicSource as foundAtomicSource, defaultAtomicSource } from '../../scripts/atomic-source.mjs';
import { AgentProcess } from '../../src/bridge/agent-process.js';
import { type AgentName, agentCommand } from '../../src/bridge/agents/catalog.js';

export { demoExtension } from '../../src/bridge/default-agent.js';

/**
 * atomic's source for the tests: `RPC_UI_ATOMIC_SOURCE`, else the tarball beside the project
 * (`../shared/agents/`), which no registry here serves: where `npm start` and `npm test` find it
 * (scripts/atomic-source.mjs).
 */
export function atomicSource(): string {
  return foundAtomicSource() ?? defaultAtomicSource();
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
