/**
 * The webview's script (bundle it to `dist/webview.js`, see the README). It gets the VS Code API
 * once, puts an `<rpc-extension-ui>` on the page and connects it to the extension:
 *
 * - the extension posts each line the agent writes as a string; the `PostMessageTransport` hears
 *   it on `window` (only from this page's own origin, where VS Code delivers them) and decodes it;
 * - answers and commands go back as plain objects through `vscode.postMessage`; the extension
 *   writes each one to the agent's stdin as one JSON line;
 * - `stateStore = vscode` keeps pending dialogs in the webview state, so they come back, with
 *   their remaining time, after the panel was hidden and its page thrown away.
 *
 * The theme needs nothing: VS Code sets the `--vscode-*` variables on `<html>`, and the kit's
 * components fall back to them (`--vscode-button-background`, `--vscode-focusBorder`, …).
 */
import { PostMessageTransport, type RpcExtensionUI, type RpcStateStore } from './kit.js';

/** The object `acquireVsCodeApi()` returns (it may be called once per page). */
export interface VsCodeWebviewApi extends RpcStateStore {
  /** Post a message to the extension (`webview.onDidReceiveMessage`). */
  postMessage(message: unknown): void;
}

/** What {@link startWebview} put on the page. */
export interface StartedWebview {
  readonly element: RpcExtensionUI;
  readonly transport: PostMessageTransport;
  /** Remove the element and stop listening. */
  dispose(): void;
}

/**
 * Render the agent UI into `root`, connected to the extension through `vscode`: the element, a
 * "Message" field the agent's `set_editor_text` fills, and a button that sends it as a prompt.
 */
export function startWebview(vscode: VsCodeWebviewApi, root: ParentNode = document.body): StartedWebview {
  const transport = new PostMessageTransport({ target: vscode, source: window });
  const element = document.createElement('rpc-extension-ui');
  element.setAttribute('editor-target', '#message');
  // Both before the element connects: the stored state is restored before any message arrives.
  element.stateStore = vscode;
  element.transport = transport;

  const form = document.createElement('form');
  const message = document.createElement('textarea');
  message.id = 'message';
  message.rows = 3;
  message.setAttribute('aria-label', 'Message');
  const send = document.createElement('button');
  send.type = 'submit';
  send.textContent = 'Send';
  form.append(message, send);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = message.value.trim();
    if (!text) return;
    element.controller.send({ type: 'prompt', message: text });
    message.value = '';
  });
  element.append(form);
  root.append(element);

  return {
    element,
    transport,
    dispose: () => {
      element.remove();
      transport.close();
    },
  };
}

// The real entry: in a VS Code webview `acquireVsCodeApi` exists (and may be called only once).
const acquire = (globalThis as { acquireVsCodeApi?: () => VsCodeWebviewApi }).acquireVsCodeApi;
if (typeof acquire === 'function') startWebview(acquire());
