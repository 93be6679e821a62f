/**
 * The webview's script (bundle it to `dist/webview.js`, see the README). It gets the VS Code API
 * once, puts an `<rpc-extension-ui>` on the page and connects it to the extension:
 *
 * - the extension posts each line the agent writes as a string; the `PostMessageTransport` hears
 *   it on `window` (only from this page's own origin, where VS Code delivers them) and decodes it;
 * - answers and commands go back as plain objects through `vscode.postMessage`; the extension
 *   writes each one to the agent's stdin as one JSON line;
 * - `stateStore = vscode` keeps pending dialogs and what was typed in them in the webview state,
 *   so they come back, with their remaining time, after the view was hidden and its page thrown
 *   away, or the window reloaded (the state is tied to the agent process that asked: the
 *   bridge's hello names it, and a page greeted by another process drops it).
 *
 * The theme needs nothing: VS Code sets the `--vscode-*` variables on `<html>`, and the kit's
 * components fall back to them (`--vscode-button-background`, `--vscode-focusBorder`, …); the
 * composer takes the same variables in media/webview.css.
 */
import { PostMessageTransport, type RpcExtensionUI, type RpcStateStore, Transcript } from './kit.js';

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
 * The extension's own messages: Stop (its command, in the view's title bar), and that the agent
 * did not start, and why (in words).
 */
type FromExtension =
  | { readonly type: 'rpc_ui_vscode_stop' }
  | { readonly type: 'rpc_ui_vscode_start_failed'; readonly message: string };

function fromExtension(data: unknown): FromExtension | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, message } = data as { type?: unknown; message?: unknown };
  if (type === 'rpc_ui_vscode_stop') return { type };
  if (type === 'rpc_ui_vscode_start_failed' && typeof message === 'string') return { type, message };
  return undefined;
}

/**
 * The composer: a field that looks like VS Code's own (media/webview.css), Enter sends. While the
 * agent works, a prompt steers it (`streamingBehavior`; an idle agent ignores it).
 */
function composer(send: (text: string) => void, transcript: Transcript): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'composer';
  const message = document.createElement('textarea');
  message.id = 'message';
  message.rows = 3;
  message.placeholder = 'Message the agent (Enter to send, Shift+Enter for a new line)';
  message.setAttribute('aria-label', 'Message');
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Send';
  form.append(message, button);
  const working = (now: boolean) => {
    button.textContent = now ? 'Steer' : 'Send';
  };
  transcript.on('working', working);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = message.value.trim();
    if (!text) return;
    send(text);
    message.value = '';
  });
  message.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    form.requestSubmit();
  });
  return form;
}

/**
 * Give focus back to what had it when the webview gets focus again with nothing focused: Chromium
 * takes it off the focused element when the workbench takes focus (the command palette, say).
 * The kit's dialogs do this for themselves; this is for the composer. Returns the cleanup.
 */
function keepFocusAcrossTheWorkbench(): () => void {
  let last: HTMLElement | undefined;
  const noted = (event: FocusEvent): void => {
    const target = event.composedPath()[0];
    if (target instanceof HTMLElement) last = target;
  };
  const back = (): void => {
    if (document.activeElement === document.body && last?.isConnected) last.focus();
  };
  document.addEventListener('focusin', noted);
  window.addEventListener('focus', back);
  return () => {
    document.removeEventListener('focusin', noted);
    window.removeEventListener('focus', back);
  };
}

/** The message shown when the agent could not start, with a way to the setting that names it. */
function startFailedNotice(vscode: VsCodeWebviewApi, text: string): HTMLElement {
  const notice = document.createElement('div');
  notice.className = 'start-failed';
  notice.setAttribute('role', 'alert');
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Choose the agent';
  button.addEventListener('click', () => vscode.postMessage({ type: 'rpc_ui_vscode_open_settings' }));
  notice.append(paragraph, button);
  return notice;
}

/**
 * Render the agent UI into `root`, connected to the extension through `vscode`: the element, the
 * conversation, a "Message" field the agent's `set_editor_text` fills, and a button that sends it
 * as a prompt.
 */
export function startWebview(vscode: VsCodeWebviewApi, root: ParentNode = document.body): StartedWebview {
  const transport = new PostMessageTransport({ target: vscode, source: window });
  const element = document.createElement('rpc-extension-ui');
  element.setAttribute('editor-target', '#message');
  // Dialogs stay inside the view: a side bar is narrow.
  element.contained = true;
  // Both before the element connects: the stored state is restored before any message arrives.
  element.stateStore = vscode;
  // The conversation follows the controller before any line arrives; after a reload or a hidden
  // view it asks the agent for what was said (get_messages).
  const transcript = new Transcript();
  transcript.follow(element.controller);
  const conversation = document.createElement('rpc-transcript');
  conversation.slot = 'conversation';
  conversation.transcript = transcript;
  element.transport = transport;
  const send = (text: string): void =>
    element.controller.send({ type: 'prompt', message: text, streamingBehavior: 'steer' });
  element.append(conversation, composer(send, transcript));

  const onMessage = (event: MessageEvent): void => {
    const message = event.origin === window.origin ? fromExtension(event.data) : undefined;
    if (message?.type === 'rpc_ui_vscode_stop') element.stop();
    else if (message) element.before(startFailedNotice(vscode, message.message));
  };
  window.addEventListener('message', onMessage);
  const stopKeepingFocus = keepFocusAcrossTheWorkbench();
  root.append(element);

  return {
    element,
    transport,
    dispose: () => {
      window.removeEventListener('message', onMessage);
      stopKeepingFocus();
      element.remove();
      transport.close();
    },
  };
}

// The real entry: in a VS Code webview `acquireVsCodeApi` exists (and may be called only once).
const acquire = (globalThis as { acquireVsCodeApi?: () => VsCodeWebviewApi }).acquireVsCodeApi;
if (typeof acquire === 'function') {
  const vscode = acquire();
  startWebview(vscode);
  // The extension holds the agent's lines until the page listens.
  vscode.postMessage({ type: 'rpc_ui_vscode_ready' });
}
