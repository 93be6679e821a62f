/**
 * One agent process behind one webview (the editor panel or the side-bar view):
 *
 * - every line the agent writes on stdout goes to the webview as a string (`webview.postMessage`),
 *   held until its page is ready, and while it is hidden (its page is gone then);
 * - every object the webview posts (dialog answers, commands) goes to the agent's stdin as one
 *   JSON line, except the webview's own requests to the extension (`rpc_ui_vscode_*`);
 * - the agent's `setTitle` becomes the panel's or the view's title;
 * - the agent's stderr goes to the "rpc-ui-kit agent" output channel; when the agent exits, the
 *   webview is told (`rpc_ui_agent_exit`, which `<rpc-extension-ui>` shows), and when it could
 *   not start at all, why, in words (`rpc_ui_vscode_start_failed`);
 * - disposing the host ends the agent the way it expects: its stdin is closed (then SIGTERM if it
 *   is still running a few seconds later).
 */
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import type { AgentCommand } from './agent-command.js';

/** How long the agent may take to exit after its stdin closed, before it gets SIGTERM. */
const STOP_GRACE_MS = 3000;
/** How many stderr lines are passed on when the agent exits. */
const STDERR_LINES = 20;

/** What a panel and a view have in common, as the session uses it. */
export interface AgentHost {
  readonly webview: vscode.Webview;
  readonly visible: boolean;
  /** Show the agent's title (the tab's or the view's). */
  setTitle(title: string): void;
  /** Fires when the webview is visible again (a new page, which says when it is ready). */
  readonly onDidBecomeVisible: vscode.Event<void>;
  readonly onDidDispose: vscode.Event<void>;
}

/** ANSI sequences and control characters: a title is one plain line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_TITLE_TEXT = /\u001b\[[0-9;:]*[A-Za-z]|[\u0000-\u001f\u007f-\u009f]/g;

/** The title in a `setTitle` request line, if it is one (most lines are not: checked cheaply first). */
function titleOf(line: string): string | undefined {
  if (!line.includes('"setTitle"')) return undefined;
  try {
    const message = JSON.parse(line) as { type?: unknown; method?: unknown; title?: unknown };
    if (message.type !== 'extension_ui_request' || message.method !== 'setTitle') return undefined;
    return typeof message.title === 'string' ? message.title.replace(NOT_TITLE_TEXT, '') : undefined;
  } catch {
    return undefined;
  }
}

/** Why the agent did not start, for a person: the command, what failed, and where to change it. */
function startFailure(agent: AgentCommand, error: NodeJS.ErrnoException): string {
  const why =
    error.code === 'ENOENT'
      ? `"${agent.command}" was not found on PATH`
      : `"${agent.command}" failed: ${error.message}`;
  return `The agent could not start: ${why}. Install it, or choose another agent in the settings (rpcUiKit.agent).`;
}

/** The sessions whose host is open, for the Stop command. */
const sessions = new Set<AgentHost>();

/** Stop (the kit's `stop()`: cancel the open dialogs, abort the run) in every visible agent UI. */
export function stopVisibleAgents(): void {
  for (const host of sessions)
    if (host.visible) void host.webview.postMessage({ type: 'rpc_ui_vscode_stop' });
}

/** Start `agent` in `cwd` behind `host`; it ends with the host. */
export function startAgentSession(host: AgentHost, agent: AgentCommand, cwd: string | undefined): void {
  sessions.add(host);
  const { webview } = host;
  const output = vscode.window.createOutputChannel('rpc-ui-kit agent');
  const child = spawn(agent.command, [...agent.args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    // `pi` is a `.cmd` shim on Windows, which only a shell runs.
    shell: process.platform === 'win32',
  });
  let exited = false;
  // A disposed webview throws on use; the agent may still write (or exit) after that.
  let disposed = false;

  // A message posted before the page listens, or while it is hidden (it has no page then), is
  // lost: messages wait until the page says it is ready (`rpc_ui_vscode_ready`), again after
  // each time it was hidden.
  let ready = false;
  let held: unknown[] = [];
  const post = (message: unknown): void => {
    if (disposed) return;
    if (!host.visible) ready = false;
    if (ready) void webview.postMessage(message);
    else held.push(message);
  };
  const line = (text: string): void => {
    const title = titleOf(text);
    if (title !== undefined && !disposed) host.setTitle(title);
    post(text);
  };

  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const text of lines) {
      const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
      if (trimmed.trim() !== '') line(trimmed);
    }
  });
  child.stdout.on('end', () => {
    // A last line without its newline.
    if (partial.trim() !== '') line(partial);
    partial = '';
  });

  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (!disposed) output.append(chunk);
    stderr.push(...chunk.split('\n').filter((text) => text !== ''));
    stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES));
  });

  // A write after the agent died must not throw in the extension host.
  child.stdin.on('error', () => undefined);
  const ended = (code: number | null, signal: string | null): void => {
    if (exited) return;
    exited = true;
    post(JSON.stringify({ type: 'rpc_ui_agent_exit', code, signal, stderr }));
  };
  child.on('error', (error: NodeJS.ErrnoException) => {
    // Not started (e.g. ENOENT), or a kill that failed: either way it is told once.
    stderr.push(error.message);
    if (child.pid === undefined)
      post({ type: 'rpc_ui_vscode_start_failed', message: startFailure(agent, error) });
    ended(null, null);
  });
  // `close`, not `exit`: every line the agent wrote has been read (and posted) by then.
  child.on('close', ended);

  const subscriptions = [
    webview.onDidReceiveMessage((message) => {
      // Only plain objects are protocol messages; each becomes one line.
      if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
      const { type } = message as { type?: unknown };
      if (type === 'rpc_ui_vscode_ready') {
        ready = true;
        const messages = held;
        held = [];
        for (const queued of messages) void webview.postMessage(queued);
        return;
      }
      if (type === 'rpc_ui_vscode_open_settings') {
        void vscode.commands.executeCommand('workbench.action.openSettings', 'rpcUiKit.agent');
        return;
      }
      if (!exited && child.stdin.writable) child.stdin.write(`${JSON.stringify(message)}\n`);
    }),
    host.onDidBecomeVisible(() => {
      // A new page, which will say when it listens.
      ready = false;
    }),
  ];

  host.onDidDispose(() => {
    sessions.delete(host);
    disposed = true;
    for (const subscription of subscriptions) subscription.dispose();
    output.dispose();
    if (exited) return;
    child.stdin.end();
    setTimeout(() => {
      if (!exited) child.kill('SIGTERM');
    }, STOP_GRACE_MS).unref();
  });
}
