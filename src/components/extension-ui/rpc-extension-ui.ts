/**
 * `rpc-extension-ui`, the drop-in host: long because it is one element, its properties, its
 * lifecycle and its template; its parts are in files beside it (the connection, the agent's exit,
 * stop, the state store) and in components/reactive/ (persistence, the editor offer).
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { BridgeClient } from '../../controller/bridge-client.js';
import { ExtensionUIController } from '../../controller/controller.js';
import type { BridgeAgentExit } from '../../protocol/bridge.js';
import type { InvalidRequestReport } from '../../protocol/report.js';
import type { Transport } from '../../transport/transport.js';
import { WebSocketTransport } from '../../transport/websocket.js';
import { KitElement } from '../base/kit-element.js';
import { lendController } from '../bindings/lend-controller.js';
import { bindTitle } from '../bindings/title-binding.js';
import type { RpcConnectionState } from '../events/connection-event.js';
import { RpcStopEvent } from '../events/stop-event.js';
import { providersConverter } from '../login/links.js';
import { hostEnglish } from '../strings/host-strings.js';
import { type Strings } from '../strings/strings.js';
import { monoToken } from '../internal/mono.styles.js';
import { renderAgentExit } from './agent-exit.js';
import { Connection } from './connection.js';
import { EditorOffer } from '../reactive/editor-offer.js';
import { stopAgent } from './stop.js';
import { extensionUIStyles } from './rpc-extension-ui.styles.js';
import { StatePersistence } from '../reactive/state-persistence.js';
import type { RpcPersistMode, RpcStateStore } from './state-store.js';

export type { RpcPersistMode, RpcStateStore };

const warn = (message: string, error: unknown) => console.warn(`rpc-extension-ui: ${message}`, error);

/**
 * The whole extension UI in one tag: it owns an {@link ExtensionUIController}, connects it to the
 * agent and renders the dialog queue (`rpc-dialogs`), the widgets above and below the host's
 * composer (`rpc-widget`), the status bar (`rpc-status-bar`), the notifications
 * (`rpc-notifications`) and a connection pill. Register the elements first
 * (`rpc-ui-kit/define.js`).
 *
 * Connecting: `url` opens a reconnecting `WebSocketTransport` the element owns (closed when the
 * element leaves the page); or set `transport` to any adapter (never closed by the element, and
 * preferred over `url`). Changing either re-attaches; pending dialogs stay.
 *
 * The connection state is shown in a small pill (a polite live region that changes only when the
 * state does), reflected in the read-only `connection` attribute (`connecting`, `connected`,
 * `reconnecting`, `closed`, `agent-exited`, `refused`) and fired as `rpc-connection`. When the
 * WebSocket of `url` (or a `WebSocketTransport` given as `transport`) cannot be made, the element
 * asks the rpc-ui bridge there why (a plain `POST` of the same URL): while it refuses the page (an origin it does not allow, a missing token) the
 * state is `refused` and its reason and the flag that allows it show under the header. It keeps
 * trying, and connects once the bridge takes it.
 *
 * Messages of the rpc-ui bridge are understood: `rpc_ui_dialog_closed` closes that dialog here
 * too (nothing is sent) and says why among the notifications (answered in another tab, another
 * tab's answer came first, or this one came after the agent stopped waiting); `rpc_ui_agent_exit`
 * closes every dialog locally, sets `agent-exited` and shows "Agent exited (code N)" with the
 * agent's last stderr lines; an `rpc_ui_hello` saying the agent runs clears that and drops what
 * ended while this tab was away. A dialog this element answered that the bridge replays lost its
 * answer with the old connection: the same answer is sent again (the agent gets only the first).
 *
 * Host bindings: `editor-target` (a selector looked up in the element's tree scope, light DOM
 * included, each time) receives `set_editor_text` while it is empty or holds the agent's own last
 * text; over a draft of the user's, the agent's text is offered above the composer instead (Use, or
 * Keep mine), never written by itself; `title-target="document"` writes `setTitle` to `document.title`
 * (throttled). `rpc-editor-text` and `rpc-title` are fired on the element either way.
 *
 * Stop: `stop()` cancels a running sign-in, answers every pending dialog `{cancelled: true}` and
 * sends the agent's `{"type":"abort"}`, after a cancelable `rpc-stop` event. The host binds it to
 * its own Stop button and key (the playground's Ctrl+.).
 *
 * Persistence: with `persist="session"` the controller's `snapshot()` is kept in `sessionStorage`
 * under `persist-key` (at most once a frame, on `pagehide` and when the element leaves), and
 * restored when the element connects, before the transport delivers anything: a reload brings
 * pending dialogs back with their time left and the text typed in them. `stateStore` does the
 * same in a host's state object (VS Code's webview API), under `persist-key`. A stored value that
 * is not a snapshot is reported once on the console and removed; notifications are kept up to
 * 256 K characters (docs/client.md).
 *
 * Layout: a column of the header (the `header` slot and the pill), the agent-exit message, the
 * `conversation` slot, the agent's logins (`rpc-login`: shown while there is one or while the agent offers sign-ins), the
 * widgets above the editor, the default slot (the host's composer), the widgets below the editor,
 * the `footer` slot and the status bar. Dialogs are page-modal unless `contained`; notifications
 * float in the viewport's bottom inline-end corner unless `contained`, where they stay in the
 * column. Every structural node is a `::part`.
 *
 * @tagname rpc-extension-ui
 * @summary The complete extension UI, connected to an agent.
 * @attr connection - read-only: the connection state, set by the element
 * @slot - the host's composer (e.g. a labelled textarea and its buttons), between the widgets
 * @slot header - content at the start of the header row, before the connection pill
 * @slot conversation - the conversation (an `rpc-transcript`) above the composer: an element here
 * with a `controller` property and none set is given this element's controller
 * @slot footer - content after the widgets below the editor, before the status bar
 * @csspart base - the column holding everything
 * @csspart header - the row of the `header` slot and the connection pill
 * @csspart connection - the connection pill (a polite status)
 * @csspart connection-indicator - the pill's coloured dot
 * @csspart connection-label - the pill's text
 * @csspart refused - the message shown while the bridge refuses this page
 * @csspart refused-reason - why the bridge refuses it ("The origin … is not allowed.")
 * @csspart refused-hint - what allows it ("Start the bridge with --allow-origin …")
 * @csspart exit - the message shown after the agent exited
 * @csspart exit-message - "Agent exited (code N)"
 * @csspart restart - the button that starts the agent again (with the rpc-ui bridge)
 * @csspart exit-details - the disclosure holding the agent's last stderr lines
 * @csspart exit-summary - the disclosure's summary
 * @csspart stderr - the stderr lines
 * @csspart login - the `rpc-login` panel
 * @csspart editor-offer - the agent's text offered beside the user's draft
 * @csspart editor-offer-label - what the offer says
 * @csspart editor-offer-text - the agent's text (its start)
 * @csspart editor-offer-use - the button that uses it
 * @csspart editor-offer-keep - the button that keeps the draft
 * @csspart widgets-above - the `rpc-widget` above the composer
 * @csspart composer - the wrapper of the default slot
 * @csspart widgets-below - the `rpc-widget` below the composer
 * @csspart footer - the wrapper of the `footer` slot
 * @csspart status-bar - the `rpc-status-bar`
 * @csspart notifications - the `rpc-notifications`
 * @csspart dialogs - the `rpc-dialogs`
 * @cssprop --rpc-extension-ui-gap - space between the rows
 * @cssprop --rpc-connection-connected-color - the pill's dot while connected
 * @cssprop --rpc-connection-pending-color - the pill's dot while connecting or reconnecting
 * @cssprop --rpc-connection-closed-color - the pill's dot when closed, refused or the agent exited
 * @fires {RpcConnectionEvent} rpc-connection - the connection state changed (`detail.state`)
 * @fires {RpcStopEvent} rpc-stop - `stop()` was called; cancel it to send nothing
 * @fires {RpcTitleEvent} rpc-title - the agent set the terminal title
 * @fires {RpcEditorTextEvent} rpc-editor-text - the agent set the editor text
 */
export class RpcExtensionUI extends KitElement {
  static override styles = [...KitElement.styles, monoToken, extensionUIStyles];

  /** The WebSocket URL of the agent (e.g. the rpc-ui bridge's `ws://127.0.0.1:5178/rpc`). */
  @property()
  get url(): string | undefined {
    return this.#url;
  }
  set url(url: string | undefined) {
    const old = this.#url;
    this.#url = url || undefined;
    if (this.#live && old !== this.#url) this.#connect();
  }

  /** A transport given by the host; preferred over `url` and never closed by the element. */
  @property({ attribute: false })
  get transport(): Transport | undefined {
    return this.#hostTransport;
  }
  set transport(transport: Transport | undefined) {
    const old = this.#hostTransport;
    this.#hostTransport = transport;
    if (this.#live && old !== transport) this.#connect();
  }

  /** Confine the dialogs and notifications to this element's box instead of the page (sidebars). */
  @property({ type: Boolean, reflect: true })
  contained = false;

  /** A selector of the `<textarea>` or `<input>` that `set_editor_text` fills (none by default). */
  @property({ attribute: 'editor-target' })
  editorTarget: string | undefined;

  /** `document` to write `setTitle` to `document.title`; otherwise only `rpc-title` is fired. */
  @property({ attribute: 'title-target' })
  titleTarget: string | undefined;

  /**
   * How long info and warning notifications stay, in milliseconds (`0`: until dismissed, for
   * people who need more time to read).
   */
  @property({ type: Number, attribute: 'notification-duration' })
  notificationDuration = 6000;

  /**
   * The providers `rpc-login` offers to sign in to (its `providers`): `anthropic,openai-codex`.
   * Empty (the default): those the agent names (atomic's), by the agent's names.
   */
  @property({ attribute: 'login-providers', converter: providersConverter })
  loginProviders: readonly string[] = [];

  /** `session` keeps the state in `sessionStorage` across reloads; `none` (default) keeps nothing. */
  @property()
  persist: RpcPersistMode = 'none';

  /** The key the snapshot is kept under (in `sessionStorage`, or in the `stateStore`'s state). */
  @property({ attribute: 'persist-key' })
  persistKey = 'rpc-ui-kit';

  /**
   * A host's state object (VS Code's webview API fits), used instead of `sessionStorage`. Setting
   * one while connected restores from it at once.
   */
  @property({ attribute: false })
  get stateStore(): RpcStateStore | undefined {
    return this.#stateStore;
  }
  set stateStore(store: RpcStateStore | undefined) {
    const old = this.#stateStore;
    this.#stateStore = store;
    if (this.#live && store && old !== store) this.#persistence.restore();
  }

  readonly #controller = new ExtensionUIController();
  /** The rpc-ui bridge's own messages, when one is on the other end. */
  readonly #bridge = new BridgeClient(this.#controller);
  /** Keeps the controller's state across reloads, as `persist` and `stateStore` say. */
  readonly #persistence = new StatePersistence(this, this.#controller, this.#bridge, warn);
  #url: string | undefined;
  /**
   * Between connectedCallback and disconnectedCallback: an upgraded element is already in the
   * page when its attributes are read, and must not connect before it is set up (then again).
   */
  #live = false;
  #hostTransport: Transport | undefined;
  #stateStore: RpcStateStore | undefined;
  #ownTransport: WebSocketTransport | undefined;
  /** The unknown methods warned about. */
  readonly #unknownMethods = new Set<string>();
  #listening: (() => void)[] = [];
  #stopTitle: (() => void) | undefined;
  /** The agent's editor text into `editor-target`, offered beside a draft rather than over it. */
  readonly #editorOffer = new EditorOffer(this);
  /** The connection state, and why a bridge refuses this page. */
  readonly #connection = new Connection(this, this.#controller, this.#bridge, () => this.#text);

  /** The controller: read its state, listen to it (`message` for the agent's other lines), send. */
  get controller(): ExtensionUIController {
    return this.#controller;
  }

  /** The connection state, as in the `connection` attribute. */
  get connection(): RpcConnectionState {
    return this.#connection.state;
  }

  /** The bridge's last `rpc_ui_agent_exit` (exit code, signal, stderr), while the agent is gone. */
  get agentExit(): BridgeAgentExit | undefined {
    return this.#bridge.exit;
  }

  /**
   * Stop what the agent is doing: cancel its sign-ins (`cancel_login_provider`, once each),
   * answer every pending dialog `{cancelled: true}` and, with
   * `abort` (the default), send the agent's `{"type":"abort"}` command. A cancelable `rpc-stop`
   * event is fired first; when it is cancelled nothing is sent.
   * @returns whether the stop went ahead
   */
  stop({ abort = true }: { readonly abort?: boolean } = {}): boolean {
    if (!this.dispatchEvent(new RpcStopEvent({ abort }))) return false;
    stopAgent(this.#controller, abort, warn);
    return true;
  }

  /**
   * Ask the rpc-ui bridge to start the agent again after it has ended: the command it was started
   * with, never one of the page's. The agent-exit message offers it as a button.
   * @returns whether the request could be sent
   */
  restartAgent(): boolean {
    try {
      this.#bridge.restartAgent();
      return true;
    } catch (error) {
      warn('the request to start the agent again could not be sent.', error);
      return false;
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#live = true;
    // (The persistence restored the stored state first, in its `hostConnected`.)
    const controller = this.#controller;
    const bridge = this.#bridge;
    this.#listening = [
      controller.on('state', this.#connection.update),
      controller.on('invalid', this.#onInvalid),
      bridge.on('exit', this.#connection.update),
      bridge.on('error', (error) => warn('a lost answer could not be sent again.', error)),
    ];
    this.#bindTitle();
    this.#bindEditor();
    this.#connect();
  }

  override disconnectedCallback(): void {
    // (The persistence saved the state last, in its `hostDisconnected`.)
    super.disconnectedCallback();
    this.#live = false;
    for (const stop of this.#listening) stop();
    this.#listening = [];
    this.#stopTitle?.();
    this.#stopTitle = undefined;
    this.#controller.detach();
    this.#connection.watch(undefined, undefined);
    this.#ownTransport?.close();
    this.#ownTransport = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.isConnected) return;
    if (changed.has('titleTarget')) this.#bindTitle();
    if (changed.has('editorTarget')) this.#bindEditor();
  }

  get #text(): Strings<typeof hostEnglish> {
    return this.textFor(hostEnglish);
  }

  protected override render(): TemplateResult {
    const text = this.#text;
    const controller = this.#controller;
    return html`
      <div class="base" part="base">
        <div class="header" part="header">
          <slot name="header"></slot>
          ${this.#connection.renderPill(text)}
        </div>
        ${this.#connection.renderRefusal()}
        ${this.agentExit ? renderAgentExit(this.agentExit, text, this.locale, this.#canRestart ? () => this.restartAgent() : undefined) : nothing}
        <slot name="conversation" @slotchange=${(event: Event) => lendController(event, controller)}></slot>
        <rpc-login part="login" .controller=${controller} .providers=${this.loginProviders} .strings=${this.strings}></rpc-login>
        <rpc-widget part="widgets-above" placement="aboveEditor" .controller=${controller} .strings=${this.strings}></rpc-widget>
        ${this.#editorOffer.render(text)}
        <div part="composer"><slot></slot></div>
        <rpc-widget part="widgets-below" placement="belowEditor" .controller=${controller} .strings=${this.strings}></rpc-widget>
        <div part="footer"><slot name="footer"></slot></div>
        <rpc-status-bar part="status-bar" .controller=${controller} .strings=${this.strings}></rpc-status-bar>
        <rpc-notifications part="notifications" .controller=${controller} .strings=${this.strings} .duration=${this.notificationDuration} ?floating=${!this.contained}></rpc-notifications>
      </div>
      <rpc-dialogs part="dialogs" .controller=${controller} .strings=${this.strings} ?contained=${this.contained}></rpc-dialogs>
    `;
  }

  /** Whether a bridge is there now to start the agent again (it said hello on this connection). */
  get #canRestart(): boolean {
    return this.#bridge.hello !== undefined && this.#controller.connectionState === 'open';
  }

  /** Attach the host's transport, else one of our own for `url`; close an own one replaced. */
  #connect(): void {
    const replaced = this.#ownTransport;
    this.#ownTransport = undefined;
    this.#bridge.reset();
    let transport = this.#hostTransport;
    if (!transport && this.#url) {
      try {
        transport = this.#ownTransport = new WebSocketTransport({ url: this.#url });
      } catch (error) {
        warn(`cannot connect to "${this.#url}".`, error);
      }
    }
    if (transport) this.#controller.attach(transport);
    else this.#controller.detach();
    // A WebSocket of the host's is asked about too: the bridge says why it refuses the page.
    const socket = transport instanceof WebSocketTransport ? transport : undefined;
    this.#connection.watch(socket, socket?.url);
    // Detached first, so its closing is not shown as ours.
    replaced?.close();
    this.#connection.update();
  }

  /**
   * For the developer, on the console: a dialog the controller answered `cancelled` for its bad
   * fields (the user sees it among the notifications), a line that could not be read, and each
   * method this kit does not know (a newer agent's, a fork's: once, they may come often).
   */
  #onInvalid = (report: InvalidRequestReport): void => {
    const { reason, method = '' } = report;
    const firstUnknown = reason === 'unknown-method' && !this.#unknownMethods.has(method);
    if (firstUnknown) this.#unknownMethods.add(method);
    if (report.cancelled || reason === 'malformed-json' || firstUnknown) warn(report.message, report.raw);
  };

  #bindTitle(): void {
    this.#stopTitle?.();
    this.#stopTitle = bindTitle(this.#controller, {
      eventTarget: this,
      document: this.titleTarget === 'document',
    });
  }

  #bindEditor(): void {
    // Bound while connected only: the root is the document or a shadow root.
    this.#editorOffer.bind(
      this.#controller,
      this.editorTarget || undefined,
      this.getRootNode() as ParentNode,
    );
  }
}
