/** Starts the real pi agent in RPC mode, offline, with the project's demo extension. Node only. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentProcess } from '../../src/bridge/agent-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const piBin = join(root, 'node_modules', '.bin', 'pi');
export const demoExtension = join(root, 'examples', 'pi-extension', 'index.ts');

/** A pi agent in a throwaway HOME, offline, with no model, loading the demo extension. */
export function spawnAgent(extraArgs: readonly string[] = []): AgentProcess {
  const home = mkdtempSync(join(tmpdir(), 'rpc-ui-kit-agent-'));
  const agent = new AgentProcess({
    command: piBin,
    args: [
      '--mode',
      'rpc',
      '--no-session',
      '--offline',
      '--no-extensions',
      '--no-skills',
      '--no-prompt-templates',
      '--no-themes',
      '--no-context-files',
      '-e',
      demoExtension,
      ...extraArgs,
    ],
    cwd: home,
    env: { ...process.env, HOME: home, PI_CODING_AGENT_DIR: join(home, 'agent'), PI_OFFLINE: '1' },
  });
  void agent.exited.then(() => rmSync(home, { recursive: true, force: true }));
  return agent;
}
