/**
 * The agent keeper: a process of its own (bundled to `dist/agent-keeper.js`, started detached by
 * `keeper.ts`) that runs the agent behind rpc-ui-kit's bridge on loopback. It outlives the
 * extension host, so a window that reloads finds its agent, the dialog it asked and the time left
 * on it; with no window connected for `UNUSED_MS` it ends the agent and exits.
 *
 * Its first line on stdout says how it went, as JSON: `{"port":N}` once the agent runs, or
 * `{"failed":"why, in words"}`. Nothing else is written there (whoever read it may be gone);
 * its log goes to stderr.
 *
 * The agent and its folder come as JSON in the first argument, the token WebSockets must give in
 * an environment variable (see `keeper-protocol.ts`).
 */
import { startBridge } from './kit-bridge.js';
import { type KeeperAgent, type KeeperReport, TOKEN_ENV, UNUSED_MS } from './keeper-protocol.js';
import { startFailure } from './start-failure.js';

function say(report: KeeperReport): void {
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

async function keep(): Promise<number> {
  const agent = JSON.parse(process.argv[2] ?? '{}') as KeeperAgent;
  const token = process.env[TOKEN_ENV];
  // The agent has no use for it.
  delete process.env[TOKEN_ENV];
  const log = (message: string): void => void process.stderr.write(`${message}\n`);
  const bridge = await startBridge({
    port: 0,
    token,
    agent: { command: agent.command, args: agent.args, cwd: agent.cwd },
    closeWhenUnusedMs: UNUSED_MS,
    log,
  });
  try {
    await bridge.agent.started;
  } catch (error) {
    say({ failed: startFailure(agent, error) });
    await bridge.close();
    return 1;
  }
  say({ port: bridge.port });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void bridge.close());
  await bridge.closed;
  return 0;
}

keep().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say({ failed: `The agent could not start: ${error instanceof Error ? error.message : String(error)}` });
    process.exit(1);
  },
);
