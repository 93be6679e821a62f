/**
 * A minimal VS Code extension around rpc-ui-kit. The command "rpc-ui-kit: Open agent UI" starts
 * the agent (`pi --mode rpc` unless `rpcUiKit.agent.command` / `rpcUiKit.agent.args` say
 * otherwise) in the first workspace folder and opens a webview panel running `webview.ts`:
 *
 * - every line the agent writes on stdout goes to the webview as a string (`webview.postMessage`);
 * - every object the webview posts (dialog answers, commands) goes to the agent's stdin as one
 *   JSON line;
 * - the agent's stderr goes to the "rpc-ui-kit agent" output channel; when the agent exits, the
 *   webview is told (`rpc_ui_agent_exit`, which `<rpc-extension-ui>` shows);
 * - closing the panel ends the agent the way it expects: its stdin is closed (then SIGTERM if it
 *   is still running a few seconds later).
 *
 * Node and VS Code only (bundled to `dist/extension.js` with `vscode` left external).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { webviewHtml } from './html.js';

/** How long the agent may take to exit after its stdin closed, before it gets SIGTERM. */
const STOP_GRACE_MS = 3000;
/** How many stderr lines are passed on when the agent exits. */
const STDERR_LINES = 20;

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('rpcUiKit.openAgentUI', () => openAgentUI(context)),
  );
}

export function deactivate(): void {
  // Every panel ends its own agent when it is disposed, which VS Code does on shutdown.
}

function openAgentUI(context: vscode.ExtensionContext): void {
  const config = vscode.workspace.getConfiguration('rpcUiKit.agent');
  const command = config.get<string>('command', 'pi');
  const args = config.get<string[]>('args', ['--mode', 'rpc']);
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;

  const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
  const panel = vscode.window.createWebviewPanel('rpcUiKit.agent', 'Agent', vscode.ViewColumn.Beside, {
    enableScripts: true,
    // The webview may load only the bundled script.
    localResourceRoots: [dist],
  });
  const webview = panel.webview;
  webview.html = webviewHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
    nonce: randomBytes(16).toString('base64'),
  });

  const output = vscode.window.createOutputChannel('rpc-ui-kit agent');
  const agent: ChildProcessWithoutNullStreams = spawn(command, args, {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    // `pi` is a `.cmd` shim on Windows, which only a shell runs.
    shell: process.platform === 'win32',
  });
  let exited = false;
  // A disposed panel throws on use; the agent may still write (or exit) after that.
  let disposed = false;

  // The webview's page exists only while the panel is visible (no retainContextWhenHidden), and
  // a message posted to a hidden webview is lost: lines are kept until it is visible again. Its
  // pending dialogs survive in the webview state (`stateStore`).
  let held: string[] = [];
  const post = (line: string): void => {
    if (disposed) return;
    if (panel.visible) void webview.postMessage(line);
    else held.push(line);
  };

  let partial = '';
  agent.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const text = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (text.trim() !== '') post(text);
    }
  });
  agent.stdout.on('end', () => {
    // A last line without its newline.
    if (partial.trim() !== '') post(partial);
    partial = '';
  });

  const stderr: string[] = [];
  agent.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (!disposed) output.append(chunk);
    stderr.push(...chunk.split('\n').filter((line) => line !== ''));
    stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES));
  });

  // A write after the agent died must not throw in the extension host.
  agent.stdin.on('error', () => undefined);
  const ended = (code: number | null, signal: string | null): void => {
    if (exited) return;
    exited = true;
    post(JSON.stringify({ type: 'rpc_ui_agent_exit', code, signal, stderr }));
  };
  agent.on('error', (error) => {
    // Not started (e.g. ENOENT), or a kill that failed: either way it is told once.
    stderr.push(error.message);
    void vscode.window.showErrorMessage(`The agent "${command}" failed: ${error.message}`);
    ended(null, null);
  });
  // `close`, not `exit`: every line the agent wrote has been read (and posted) by then.
  agent.on('close', ended);

  const subscriptions = [
    webview.onDidReceiveMessage((message) => {
      // Only plain objects are protocol messages; each becomes one line.
      if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
      if (!exited && agent.stdin.writable) agent.stdin.write(`${JSON.stringify(message)}\n`);
    }),
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (!webviewPanel.visible || held.length === 0) return;
      const lines = held;
      held = [];
      for (const line of lines) void webview.postMessage(line);
    }),
  ];

  panel.onDidDispose(() => {
    disposed = true;
    for (const subscription of subscriptions) subscription.dispose();
    output.dispose();
    if (exited) return;
    agent.stdin.end();
    setTimeout(() => {
      if (!exited) agent.kill('SIGTERM');
    }, STOP_GRACE_MS).unref();
  });
}
