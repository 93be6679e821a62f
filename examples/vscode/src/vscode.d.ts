/**
 * The few VS Code APIs this example uses, typed here so the repository can type-check it without
 * the `vscode` module. In your own copy, delete this file and `npm i -D @types/vscode` instead:
 * these declarations are a subset of the real ones and would clash with them.
 */
declare module 'vscode' {
  export type Thenable<T> = PromiseLike<T>;

  export interface Disposable {
    dispose(): unknown;
  }

  /** Subscribe to an event; dispose the result to unsubscribe. */
  export type Event<T> = (listener: (event: T) => unknown) => Disposable;

  export class Uri {
    private constructor();
    /** A new Uri with `segments` appended to `base`'s path. */
    static joinPath(base: Uri, ...segments: string[]): Uri;
    /** The file system path (for `file:` Uris). */
    readonly fsPath: string;
    toString(): string;
  }

  /** Values kept across reloads. */
  export interface Memento {
    get<T>(key: string): T | undefined;
    update(key: string, value: unknown): Thenable<void>;
  }

  export interface ExtensionContext {
    /** Disposed when the extension is deactivated. */
    readonly subscriptions: Disposable[];
    /** The folder the extension is installed in. */
    readonly extensionUri: Uri;
    /** Kept for this workspace (the window's folder). */
    readonly workspaceState: Memento;
    /** A folder for the extension's logs (it may not exist yet). */
    readonly logUri: Uri;
  }

  export enum ViewColumn {
    Active = -1,
    Beside = -2,
    One = 1,
  }

  export interface WebviewOptions {
    readonly enableScripts?: boolean;
    readonly localResourceRoots?: readonly Uri[];
  }

  export interface WebviewPanelOptions {
    readonly retainContextWhenHidden?: boolean;
  }

  export interface Webview {
    html: string;
    /** Scripts on or off, and what it may load (set before `html`). */
    options: WebviewOptions;
    /** The CSP source of the webview's own resources (for `style-src`, `img-src`, …). */
    readonly cspSource: string;
    /** The Uri a webview loads a local file from (inside `localResourceRoots`). */
    asWebviewUri(localResource: Uri): Uri;
    /** Post a message to the webview's `window` (dropped while the webview is not live). */
    postMessage(message: unknown): Thenable<boolean>;
    /** Messages from the webview's `acquireVsCodeApi().postMessage`. */
    readonly onDidReceiveMessage: Event<unknown>;
  }

  export interface WebviewPanelOnDidChangeViewStateEvent {
    readonly webviewPanel: WebviewPanel;
  }

  export interface WebviewPanel {
    /** The tab's title. */
    title: string;
    readonly webview: Webview;
    readonly visible: boolean;
    readonly onDidDispose: Event<void>;
    readonly onDidChangeViewState: Event<WebviewPanelOnDidChangeViewStateEvent>;
    reveal(viewColumn?: ViewColumn): void;
    dispose(): unknown;
  }

  /** A webview in a view of the side bar or the panel area (`contributes.views`, `type: "webview"`). */
  export interface WebviewView {
    readonly webview: Webview;
    /** The view's title (its name from package.json until set). */
    title?: string;
    readonly visible: boolean;
    readonly onDidDispose: Event<void>;
    readonly onDidChangeVisibility: Event<void>;
  }

  export interface WebviewViewProvider {
    /** Called when the view is first shown (and again after it was disposed). */
    resolveWebviewView(webviewView: WebviewView): void | Thenable<void>;
  }

  export interface OutputChannel extends Disposable {
    append(value: string): void;
    appendLine(value: string): void;
  }

  export interface WorkspaceConfiguration {
    get<T>(section: string, defaultValue: T): T;
  }

  export interface WorkspaceFolder {
    readonly uri: Uri;
  }

  export namespace window {
    function createWebviewPanel(
      viewType: string,
      title: string,
      showOptions: ViewColumn,
      options?: WebviewPanelOptions & WebviewOptions,
    ): WebviewPanel;
    function createOutputChannel(name: string): OutputChannel;
    function registerWebviewViewProvider(viewId: string, provider: WebviewViewProvider): Disposable;
  }

  export namespace commands {
    function registerCommand(command: string, callback: (...args: unknown[]) => unknown): Disposable;
    function executeCommand(command: string, ...rest: unknown[]): Thenable<unknown>;
  }

  export namespace workspace {
    function getConfiguration(section?: string): WorkspaceConfiguration;
    const workspaceFolders: readonly WorkspaceFolder[] | undefined;
  }
}
