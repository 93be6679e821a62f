/** A real agent behind a real bridge serving the built playground, with an observer tab. Node only. */
import { type AgentCommand, type AgentName, agentCommand } from '../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../src/bridge/server.js';
import {
  type StandInModel,
  type StandInScript,
  startStandInModel,
} from '../../src/bridge/stand-in-model/server.js';
import { atomicSource } from './agent.js';
import { Tab } from './bridge-tab.js';

/** The agent served, and how to stop it all. */
export interface ServedAgent {
  readonly bridge: Bridge;
  /** A `ws` tab beside the page: it reads what the extension received. */
  readonly observer: Tab;
  stop(): Promise<void>;
}

/**
 * Agent `name` (installed already, by `npm test`'s install step) behind a bridge serving the
 * playground built into `staticDir`; `env` adds to the agent's environment.
 */
export async function serveAgent(
  name: AgentName,
  staticDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServedAgent> {
  const settings = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
  const command: AgentCommand = await agentCommand(name, { install: false, env: settings });
  const bridge = await startBridge({
    port: 0,
    agent: { ...command, env: { ...command.env, ...env }, label: name },
    staticDir,
  });
  const observer = await Tab.open(bridge.url);
  return {
    bridge,
    observer,
    stop: async () => {
      observer.close();
      await bridge.close();
      command.cleanup();
    },
  };
}

/** An agent on the stand-in model, and how to stop them both. */
export interface StandInServed {
  readonly model: StandInModel;
  readonly bridge: Bridge;
  stop(): Promise<void>;
}

/**
 * Agent `name` (installed already) on a stand-in model of its own (answering by `script`, else
 * its default), working in `cwd`, behind a bridge serving the playground built into `staticDir`.
 */
export async function serveOnStandIn(
  name: AgentName,
  staticDir: string,
  cwd: string,
  script?: StandInScript,
): Promise<StandInServed> {
  const model = await startStandInModel(script ? { script } : {});
  const env = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
  const command = await agentCommand(name, { install: false, env, standInModel: model.baseUrl });
  const bridge = await startBridge({ port: 0, agent: { ...command, cwd, label: name }, staticDir });
  return {
    model,
    bridge,
    stop: async () => {
      await bridge.close();
      command.cleanup();
      await model.close();
    },
  };
}
