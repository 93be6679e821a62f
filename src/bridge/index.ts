/**
 * `rpc-ui-kit/bridge` (Node only): run an agent in RPC mode and serve it to browser tabs over a
 * WebSocket, as `rpc-ui serve` does. See {@link startBridge}.
 */
export { AgentProcess, type AgentExit, type AgentProcessOptions } from './agent-process.js';
export {
  type AgentCommand,
  defaultAgentCommand,
  demoExtension,
  findPiCli,
  PiNotInstalledError,
} from './default-agent.js';
export {
  type Bridge,
  type BridgeAgentOptions,
  type BridgeOptions,
  DEFAULT_MAX_PAYLOAD,
  DEFAULT_PORT,
  startBridge,
} from './server.js';
export { main as runCli } from './cli.js';
