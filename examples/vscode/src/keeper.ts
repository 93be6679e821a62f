/**
 * The extension's side of the agent keeper (`agent-keeper.ts`): start one, detached so that it
 * outlives the extension host, and connect to one, new or found again after a reload. Node only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import WebSocket from 'ws';
import { type KeeperAgent, type KeeperReport, TOKEN_ENV } from './keeper-protocol.js';

/** Where a running keeper is, and which agent it keeps: enough to find it again. */
export interface KeeperAddress {
  readonly port: number;
  readonly token: string;
  readonly pid: number | undefined;
  /** The agent, its arguments and folder as JSON: a changed setting means another keeper. */
  readonly agent: string;
}

/** The JSON that names `agent` in a {@link KeeperAddress}. */
export const agentKey = (agent: KeeperAgent): string =>
  JSON.stringify({ command: agent.command, args: agent.args, cwd: agent.cwd });

function readReport(line: string): KeeperReport {
  try {
    const report = JSON.parse(line) as Partial<{ port: unknown; failed: unknown }>;
    if (typeof report.port === 'number') return { port: report.port };
    if (typeof report.failed === 'string') return { failed: report.failed };
  } catch {
    // Not JSON: said below.
  }
  return { failed: `The agent keeper said something unexpected: ${line.slice(0, 200)}` };
}

/**
 * Start a keeper for `agent` with `script` (the bundled `agent-keeper.js`), its log appended to
 * `logFile`. Resolves once it says the agent runs, or why it does not.
 */
export function startKeeper(
  script: string,
  agent: KeeperAgent,
  logFile: string,
): Promise<KeeperAddress | { readonly failed: string }> {
  const token = randomBytes(24).toString('base64url');
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  // The extension host's own executable runs the script: Node in a remote, Electron as Node on the desktop.
  const child = spawn(process.execPath, [script, JSON.stringify(agent)], {
    detached: true,
    stdio: ['ignore', 'pipe', log],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', [TOKEN_ENV]: token },
    windowsHide: true,
  });
  closeSync(log);
  child.unref();
  return new Promise((resolve) => {
    let text = '';
    let settled = false;
    const settle = (report: KeeperReport): void => {
      if (settled) return;
      settled = true;
      child.stdout?.destroy();
      resolve(
        'port' in report ? { port: report.port, token, pid: child.pid, agent: agentKey(agent) } : report,
      );
    };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) settle(readReport(text.slice(0, end)));
    });
    child.on('error', (error) => settle({ failed: `The agent keeper did not start: ${error.message}` }));
    child.on('exit', (code) =>
      settle({ failed: `The agent keeper exited (code ${String(code)}) before the agent ran.` }),
    );
  });
}

/** A WebSocket to the keeper at `address`, open; rejects when no keeper answers there. */
export function connectKeeper(address: KeeperAddress): Promise<WebSocket> {
  const { port, token } = address;
  // The bridge takes WebSockets from its own origin only.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(token)}`, {
    origin: `http://127.0.0.1:${port}`,
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.off('error', reject);
      // What fails later closes the socket too: `close` says it.
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}
