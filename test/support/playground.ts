/**
 * The real pieces the end-to-end tests share: the playground built into a fresh temporary folder
 * (dist/ belongs to `npm run build`), and the bridge running the embedded default agent (pi,
 * offline, with the demo extension) and serving it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { agentCommand } from '../../src/bridge/agents/catalog.js';
import { type Bridge, type BridgeOptions, startBridge } from '../../src/bridge/server.js';

/** Build the playground; `remove()` deletes the folder. */
export async function buildPlayground(): Promise<{ readonly dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-playground-'));
  await build({ configFile: 'vite.playground.config.ts', logLevel: 'warn', build: { outDir: dir } });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A bridge on a free port running the default agent and serving `staticDir`. */
export async function startDefaultBridge(
  staticDir: string,
  options: Omit<BridgeOptions, 'agent' | 'staticDir'> = {},
): Promise<Bridge> {
  const { cleanup, ...command } = await agentCommand('pi-0.73');
  const bridge = await startBridge({ port: 0, ...options, agent: command, staticDir });
  // The agent's temporary home goes with the bridge: a tab may start the agent again until then.
  const close = bridge.close.bind(bridge);
  return Object.assign(bridge, {
    close: async () => {
      await close();
      cleanup();
    },
  });
}
