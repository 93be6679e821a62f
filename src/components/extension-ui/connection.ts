import { html, nothing, type TemplateResult } from 'lit';
import { askBridgeAccess } from '../../controller/bridge-access.js';
import type { BridgeClient } from '../../controller/bridge-client.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import type { BridgeAccess } from '../../protocol/bridge.js';
import type { Transport } from '../../transport/transport.js';
import { RpcConnectionEvent, type RpcConnectionState } from '../events/connection-event.js';
import { relayToModal } from '../internal/modal-relay.js';
import type { hostEnglish } from '../strings/host-strings.js';
import type { Strings } from '../strings/strings.js';

/** The pill's text for each state. */
const STATE_TEXT = {
  connecting: 'connectionConnecting',
  connected: 'connectionConnected',
  reconnecting: 'connectionReconnecting',
  closed: 'connectionClosed',
  'agent-exited': 'connectionAgentExited',
  refused: 'connectionRefused',
} as const satisfies Record<RpcConnectionState, keyof typeof hostEnglish>;

type Refusal = NonNullable<RpcConnectionEvent['detail']['refusal']>;

/** What the connection needs of its host element. */
interface ConnectionHost extends HTMLElement {
  requestUpdate(): void;
}

/**
 * The drop-in host's connection state, from the transport's, the bridge's agent exit and, when a
 * WebSocket to an rpc-ui bridge cannot be made, the bridge's reason for refusing it (asked over
 * HTTP after each failed attempt: a page cannot read a refused handshake). Reflected in the
 * `connection` attribute, fired as `rpc-connection`, shown as a pill and a refusal message.
 */
export class Connection {
  readonly #host: ConnectionHost;
  readonly #controller: ExtensionUIController;
  readonly #bridge: BridgeClient;
  readonly #text: () => Strings<typeof hostEnglish>;
  #state: RpcConnectionState = 'closed';
  #refusal: Refusal | undefined;
  /** Stops watching the transport asked about; a newer one makes older answers stale. */
  #unwatch: (() => void) | undefined;

  constructor(
    host: ConnectionHost,
    controller: ExtensionUIController,
    bridge: BridgeClient,
    text: () => Strings<typeof hostEnglish>,
  ) {
    this.#host = host;
    this.#controller = controller;
    this.#bridge = bridge;
    this.#text = text;
  }

  /** The state, as in the `connection` attribute. */
  get state(): RpcConnectionState {
    return this.#state;
  }

  /**
   * Ask the bridge at `url` why, each time `transport` fails to connect there; `undefined` for a
   * transport of the host's (nothing is asked).
   */
  watch(transport: Transport | undefined, url: string | undefined): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#refusal = undefined;
    if (!transport || !url) return;
    let current = true;
    const stops = [
      transport.on('error', () => {
        // An open connection that drops has not been refused; its next attempt may be.
        if (transport.state === 'open') return;
        void askBridgeAccess(url).then((access) => {
          if (current && transport.state !== 'open') this.#refuse(access);
        });
      }),
      transport.on('state', (state) => {
        if (state === 'open') this.#refuse(undefined);
      }),
    ];
    this.#unwatch = () => {
      current = false;
      for (const stop of stops) stop();
    };
  }

  /** Work the state out again; fire `rpc-connection` when it changed. */
  readonly update = (): void => {
    const transport = this.#controller.connectionState;
    // The agent's exit is news from a bridge that is there: once the connection is gone (the
    // bridge stopped, and its agent with it), the connection is what the page waits for.
    const state: RpcConnectionState =
      transport === 'open'
        ? this.#bridge.exit
          ? 'agent-exited'
          : 'connected'
        : this.#refusal && transport !== 'closed'
          ? 'refused'
          : transport;
    const host = this.#host;
    if (host.getAttribute('connection') !== state) host.setAttribute('connection', state);
    host.requestUpdate();
    if (state === this.#state) return;
    this.#state = state;
    relayToModal(this.#text()[STATE_TEXT[state]]);
    const refusal = state === 'refused' ? this.#refusal : undefined;
    host.dispatchEvent(new RpcConnectionEvent({ state, ...(refusal ? { refusal } : {}) }));
  };

  /** The pill: a polite status whose text changes only with the state. */
  renderPill(text: Strings<typeof hostEnglish>): TemplateResult {
    return html`<span class="connection" part="connection" role="status" data-state=${this.#state}>
      <span class="indicator" part="connection-indicator" aria-hidden="true"></span>
      <span part="connection-label">${text[STATE_TEXT[this.#state]]}</span>
    </span>`;
  }

  /** While refused: the bridge's reason and what allows it, as text. */
  renderRefusal(): TemplateResult | typeof nothing {
    const refusal = this.#state === 'refused' ? this.#refusal : undefined;
    if (!refusal) return nothing;
    return html`<div class="refused" part="refused">
      <p class="refused-reason" part="refused-reason">${refusal.reason}</p>
      <p class="refused-hint" part="refused-hint">${refusal.hint}</p>
    </div>`;
  }

  #refuse(access: BridgeAccess | undefined): void {
    const refusal =
      access && !access.allowed ? { reason: access.reason ?? '', hint: access.hint ?? '' } : undefined;
    if (refusal?.reason === this.#refusal?.reason && refusal?.hint === this.#refusal?.hint) return;
    this.#refusal = refusal;
    this.update();
  }
}
