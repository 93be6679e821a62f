/**
 * `rpc-ui-kit/bridge` (Node only): run an agent in RPC mode and serve it to browser tabs over a
 * WebSocket, as `rpc-ui serve` does. See {@link startBridge}.
 */
export { AgentProcess, type AgentExit, type AgentProcessOptions } from './agent-process.js';
export { demoExtension, findPiCli, PiNotInstalledError } from './default-agent.js';
export {
  AGENT_NAMES,
  type AgentCommand,
  type AgentCommandOptions,
  type AgentName,
  agentCommand,
} from './agents/catalog.js';
export { AtomicSourceMissingError } from './agents/atomic.js';
export { cacheRoot, NotInstalledError } from './agents/cache.js';
// oh-my-pi's protocol v2 frames, for a host of its own that reads an agent's stdout.
export { ChunkAssembler, type ChunkResult } from '../protocol/chunks.js';
export {
  type Bridge,
  type BridgeAgentOptions,
  type BridgeOptions,
  DEFAULT_MAX_PAYLOAD,
  DEFAULT_PORT,
  startBridge,
} from './server.js';
export { main as runCli } from './cli.js';
