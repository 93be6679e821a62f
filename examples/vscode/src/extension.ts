/**
 * A VS Code extension around rpc-ui-kit: a coding agent in RPC mode (the one the settings name,
 * pi by default), its extension UI rendered by `<rpc-extension-ui>` in a webview (`webview.ts`),
 * in the side bar ("Agent" in the activity bar, or "rpc-ui-kit: Show agent in the side bar") or
 * in an editor panel ("rpc-ui-kit: Open agent UI"). Each has its own agent, which runs in the
 * first workspace folder, in a keeper process that a reloaded window finds again (see
 * `agent-session.ts`).
 *
 * Node and VS Code only (bundled to `dist/extension.js` with `vscode` left external; the keeper
 * to `dist/agent-keeper.js`).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { type AgentCommand, agentCommand } from './agent-command.js';
import {
  type AgentHost,
  type AgentSessionOptions,
  startAgentSession,
  stopVisibleAgents,
} from './agent-session.js';
import { webviewHtml } from './html.js';
import type { KeeperAddress } from './keeper.js';

/** The side-bar view's id (package.json `contributes.views`). */
const VIEW_ID = 'rpcUiKit.agentView';
/** Where the view's keeper is remembered (the workspace state: per window's folder). */
const VIEW_KEEPER = 'rpcUiKit.viewKeeper';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('rpcUiKit.openAgentUI', () => openPanel(context)),
    vscode.commands.registerCommand('rpcUiKit.showAgentView', () =>
      vscode.commands.executeCommand(`${VIEW_ID}.focus`),
    ),
    vscode.commands.registerCommand('rpcUiKit.stop', stopVisibleAgents),
    vscode.window.registerWebviewViewProvider(VIEW_ID, {
      resolveWebviewView: (view) => startInView(context, view),
    }),
  );
}

export function deactivate(): void {
  // A panel's keeper ends with it; a view's ends once no window came back to it for a while.
}

function settingsAgent(): AgentCommand {
  const config = vscode.workspace.getConfiguration('rpcUiKit.agent');
  return agentCommand({
    name: config.get<string>('name', 'pi'),
    command: config.get<string>('command', 'pi'),
    args: config.get<string[]>('args', []),
  });
}

/** The webview's options and page: scripts on, and only this extension's `dist/` and `media/` to load. */
function fillWebview(context: vscode.ExtensionContext, webview: vscode.Webview): void {
  const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
  const media = vscode.Uri.joinPath(context.extensionUri, 'media');
  webview.options = { enableScripts: true, localResourceRoots: [dist, media] };
  webview.html = webviewHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'webview.css')).toString(),
    nonce: randomBytes(16).toString('base64'),
  });
}

/** How a view's or panel's agent runs: the settings' agent in the first folder, in a keeper. */
function sessionOptions(
  context: vscode.ExtensionContext,
  memory?: AgentSessionOptions['memory'],
): AgentSessionOptions {
  return {
    agent: settingsAgent(),
    cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    keeperScript: vscode.Uri.joinPath(context.extensionUri, 'dist', 'agent-keeper.js').fsPath,
    keeperLog: vscode.Uri.joinPath(context.logUri, 'agent-keeper.log').fsPath,
    memory,
  };
}

function startInView(context: vscode.ExtensionContext, view: vscode.WebviewView): void {
  fillWebview(context, view.webview);
  const host: AgentHost = {
    webview: view.webview,
    get visible() {
      return view.visible;
    },
    setTitle: (title) => {
      view.title = title;
    },
    onDidBecomeVisible: (listener) =>
      view.onDidChangeVisibility(() => {
        if (view.visible) listener();
      }),
    onDidDispose: view.onDidDispose,
  };
  startAgentSession(
    host,
    sessionOptions(context, {
      get: () => context.workspaceState.get<KeeperAddress>(VIEW_KEEPER),
      set: (address) => void context.workspaceState.update(VIEW_KEEPER, address),
    }),
  );
}

function openPanel(context: vscode.ExtensionContext): void {
  const panel = vscode.window.createWebviewPanel('rpcUiKit.agent', 'Agent', vscode.ViewColumn.Beside);
  fillWebview(context, panel.webview);
  const host: AgentHost = {
    webview: panel.webview,
    get visible() {
      return panel.visible;
    },
    setTitle: (title) => {
      panel.title = title;
    },
    onDidBecomeVisible: (listener) =>
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (webviewPanel.visible) listener();
      }),
    onDidDispose: panel.onDidDispose,
  };
  startAgentSession(host, sessionOptions(context));
}
