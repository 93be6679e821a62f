/**
 * One hosted session in a process of its own (so its RSS is the bridge's alone): `startBridge`
 * with the flags of docs/hosting.md and the stand-in agent, bundled and run by
 * bench/hosted/bridge-process.ts. Its options come as JSON in the first argument. It writes one
 * JSON line on stdout once it listens (`ready`), and when its stdin ends it closes the bridge
 * (which ends the agent) and writes a last line with the agent's exit and stderr (`closed`).
 */
import { type Bridge, startBridge } from '../../src/bridge/server.js';
import { STAND_IN_AGENT, START_COMMAND } from './agent.js';

/** What the parent passes. */
export interface SessionOptions {
  readonly token: string;
  /** `https://localhost:<nginx port>/sessions/s<N>/` */
  readonly publicUrl: string;
  readonly intervalMs: number;
}

/** The lines this process writes on stdout. */
export type SessionLine =
  | { readonly type: 'ready'; readonly port: number; readonly agentPid: number }
  | { readonly type: 'closed'; readonly code: number | null; readonly stderr: readonly string[] };

const write = (line: SessionLine, then?: () => void) =>
  process.stdout.write(`${JSON.stringify(line)}\n`, then);

const options = JSON.parse(process.argv[2] ?? '{}') as SessionOptions;
const bridge: Bridge = await startBridge({
  port: 0,
  token: options.token,
  publicUrl: options.publicUrl,
  trustedProxies: ['127.0.0.1'],
  allowCommands: [START_COMMAND],
  agent: {
    command: process.execPath,
    args: ['-e', STAND_IN_AGENT, String(options.intervalMs)],
    label: 'stand-in agent',
  },
  log: (message) => process.stderr.write(`${message}\n`),
});
await bridge.agent.started;
write({ type: 'ready', port: bridge.port, agentPid: bridge.agent.child.pid ?? 0 });

// The parent ends our stdin to stop us, and so does its death.
process.stdin.resume();
process.stdin.once('end', () => {
  void (async () => {
    await bridge.close();
    const exit = await bridge.agentExit;
    write({ type: 'closed', code: exit.code, stderr: exit.stderr }, () => process.exit(0));
  })();
});
