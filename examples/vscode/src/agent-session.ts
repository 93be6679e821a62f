/**
 * One agent behind one webview (the editor panel or the side-bar view). The agent runs in a
 * keeper (`keeper.ts`), a process of its own that outlives the extension host, so a reloaded
 * window finds it again; the session is the keeper's WebSocket, relayed to the webview:
 *
 * - every line from the keeper (the agent's, and the bridge's own `rpc_ui_*` messages: hello,
 *   the dialogs still open, exit) goes to the webview as a string (`webview.postMessage`), held
 *   until its page is ready, and while it is hidden (its page is gone then);
 * - every object the webview posts (dialog answers, commands) goes to the keeper, except the
 *   webview's own requests to the extension (`rpc_ui_vscode_*`);
 * - the agent's `setTitle` becomes the panel's or the view's title, its stderr goes to the
 *   "rpc-ui-kit agent" output channel, and when it could not start at all the webview is told why,
 *   in words (`rpc_ui_vscode_start_failed`);
 * - when the agent, or its keeper, is gone, "Start the agent again" in the page starts it again.
 *
 * A view remembers its keeper in the workspace state and leaves it running when it goes (the
 * keeper ends the agent once no window came back for a while); a panel, which VS Code does not
 * bring back after a reload, ends its keeper with it.
 */
import * as vscode from 'vscode';
import type WebSocket from 'ws';
import type { AgentCommand } from './agent-command.js';
import { agentKey, connectKeeper, type KeeperAddress, startKeeper } from './keeper.js';

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

/** How a session runs its agent. */
export interface AgentSessionOptions {
  readonly agent: AgentCommand;
  /** The agent's working directory. */
  readonly cwd: string | undefined;
  /** The bundled keeper (`dist/agent-keeper.js`). */
  readonly keeperScript: string;
  /** Where keepers write their log. */
  readonly keeperLog: string;
  /** Where the keeper is remembered across reloads (a view); without it the keeper ends with the host. */
  readonly memory?: {
    get(): KeeperAddress | undefined;
    set(address: KeeperAddress | undefined): void;
  };
}

/** ANSI sequences and control characters: a title is one plain line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_TITLE_TEXT = /\u001b\[[0-9;:]*[A-Za-z]|[\u0000-\u001f\u007f-\u009f]/g;

/** A line's JSON, when it may be one the session reads (most lines are not: checked cheaply first). */
function parsed(line: string, marker: string): Record<string, unknown> | undefined {
  if (!line.includes(marker)) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The title in a `setTitle` request line, if it is one. */
function titleOf(line: string): string | undefined {
  const message = parsed(line, '"setTitle"');
  if (message?.type !== 'extension_ui_request' || message.method !== 'setTitle') return undefined;
  return typeof message.title === 'string' ? message.title.replace(NOT_TITLE_TEXT, '') : undefined;
}

/** The agent's stderr lines in the bridge's `rpc_ui_agent_stderr`, if it is one. */
function stderrOf(line: string): string[] {
  const message = parsed(line, '"rpc_ui_agent_stderr"');
  if (message?.type !== 'rpc_ui_agent_stderr' || !Array.isArray(message.lines)) return [];
  return message.lines.filter((text): text is string => typeof text === 'string');
}

/** A WebSocket message as text (the bridge sends text frames; `ws` hands them over as Buffers). */
const textOf = (data: WebSocket.RawData): string => {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
};

/** The bridge's exit message, for an end the bridge could not report itself. */
const exitLine = (why: string): string =>
  JSON.stringify({ type: 'rpc_ui_agent_exit', code: null, signal: null, stderr: [why] });

/** The sessions whose host is open, for the Stop command. */
const sessions = new Set<AgentHost>();

/** Stop (the kit's `stop()`: cancel the open dialogs, abort the run) in every visible agent UI. */
export function stopVisibleAgents(): void {
  for (const host of sessions)
    if (host.visible) void host.webview.postMessage({ type: 'rpc_ui_vscode_stop' });
}

/** Run the agent behind `host`: found again (a view after a reload) or started. */
export function startAgentSession(host: AgentHost, options: AgentSessionOptions): void {
  sessions.add(host);
  const { webview } = host;
  const output = vscode.window.createOutputChannel('rpc-ui-kit agent');
  // A disposed webview throws on use; the keeper may still write after that.
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

  let socket: WebSocket | undefined;
  let keeper: KeeperAddress | undefined;
  // The page's commands (a prompt, get_messages) sent while the keeper is being reached wait for
  // it; its answers to dialogs do not: they belong to the agent that asked, maybe not this one.
  let waiting: string[] = [];
  // A title set while VS Code is still making the view (a reloaded window) is lost, and setting
  // the same one again does nothing: it waits until the page is ready.
  let heldTitle: string | undefined;
  const showTitle = (title: string): void => {
    if (disposed) return;
    if (ready) host.setTitle(title);
    else heldTitle = title;
  };
  const attach = (opened: WebSocket, address: KeeperAddress): void => {
    if (disposed) {
      opened.close();
      return;
    }
    socket = opened;
    keeper = address;
    for (const text of waiting) opened.send(text);
    waiting = [];
    opened.on('message', (data: WebSocket.RawData) => {
      const line = textOf(data);
      const title = titleOf(line);
      if (title !== undefined) showTitle(title);
      for (const text of stderrOf(line)) if (!disposed) output.appendLine(text);
      post(line);
    });
    opened.on('close', () => {
      if (socket !== opened) return;
      socket = undefined;
      post(exitLine('The agent keeper closed the connection.'));
    });
  };

  const agent = { ...options.agent, cwd: options.cwd };
  let connecting = false;
  const connect = async (): Promise<void> => {
    if (connecting || socket) return;
    connecting = true;
    try {
      const remembered = options.memory?.get();
      if (remembered?.agent === agentKey(agent)) {
        const found = await connectKeeper(remembered).catch(() => undefined);
        if (found) return attach(found, remembered);
      }
      const started = await startKeeper(options.keeperScript, agent, options.keeperLog);
      if ('failed' in started) {
        options.memory?.set(undefined);
        post({ type: 'rpc_ui_vscode_start_failed', message: started.failed });
        post(exitLine(started.failed));
        return;
      }
      options.memory?.set(started);
      attach(await connectKeeper(started), started);
    } catch (error) {
      post(
        exitLine(
          `The agent keeper could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    } finally {
      connecting = false;
      waiting = [];
    }
  };
  void connect();

  const subscriptions = [
    webview.onDidReceiveMessage((message) => {
      // Only plain objects are protocol messages.
      if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
      const { type } = message as { type?: unknown };
      if (type === 'rpc_ui_vscode_ready') {
        ready = true;
        if (heldTitle !== undefined) host.setTitle(heldTitle);
        heldTitle = undefined;
        const messages = held;
        held = [];
        for (const queued of messages) void webview.postMessage(queued);
        return;
      }
      if (type === 'rpc_ui_vscode_open_settings') {
        void vscode.commands.executeCommand('workbench.action.openSettings', 'rpcUiKit.agent');
        return;
      }
      // With its keeper gone, the agent is started again here, in a new keeper.
      if (type === 'rpc_ui_restart_agent' && !socket) {
        void connect();
        return;
      }
      if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      else if (connecting && type !== 'extension_ui_response') waiting.push(JSON.stringify(message));
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
    const closing = socket;
    socket = undefined;
    closing?.close();
    // A view's keeper waits for the view to come back; a panel's ends now (it closes the agent's stdin).
    if (!options.memory && keeper?.pid !== undefined) {
      try {
        process.kill(keeper.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  });
}
