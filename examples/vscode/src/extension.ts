/**
 * A VS Code extension around rpc-ui-kit: a coding agent in RPC mode (the one the settings name,
 * pi by default), its extension UI rendered by `<rpc-extension-ui>` in a webview (`webview.ts`),
 * in the side bar ("Agent" in the activity bar, or "rpc-ui-kit: Show agent in the side bar") or
 * in an editor panel ("rpc-ui-kit: Open agent UI"). Each has its own agent, which runs in the
 * first workspace folder and ends when its view or panel goes away (see `agent-session.ts`).
 *
 * Node and VS Code only (bundled to `dist/extension.js` with `vscode` left external).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { type AgentCommand, agentCommand } from './agent-command.js';
import { type AgentHost, startAgentSession, stopVisibleAgents } from './agent-session.js';
import { webviewHtml } from './html.js';

/** The side-bar view's id (package.json `contributes.views`). */
const VIEW_ID = 'rpcUiKit.agentView';

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
  // Every panel and view ends its own agent when it is disposed, which VS Code does on shutdown.
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
    // One page per agent: the view or panel and its agent are made together.
    stateKey: `rpc-ui-kit:${randomBytes(8).toString('hex')}`,
    nonce: randomBytes(16).toString('base64'),
  });
}

const workspaceFolder = (): string | undefined => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;

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
  startAgentSession(host, settingsAgent(), workspaceFolder());
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
  startAgentSession(host, settingsAgent(), workspaceFolder());
}
