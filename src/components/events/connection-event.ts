import { RpcEvent } from './rpc-event.js';

/**
 * Where an `rpc-extension-ui` stands with its agent. The transport's `open` is shown as
 * `connected`; `agent-exited` means the bridge said the agent process ended (final, like `closed`,
 * until the bridge says a running agent is there again).
 */
export type RpcConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'closed' | 'agent-exited';

/** The `detail` of an {@link RpcConnectionEvent}. */
export interface RpcConnectionDetail {
  /** The new connection state. */
  readonly state: RpcConnectionState;
}

/**
 * Fired by `rpc-extension-ui` each time its connection state changes (once per change). Bubbles
 * and crosses shadow roots.
 */
export class RpcConnectionEvent extends RpcEvent<RpcConnectionDetail> {
  static readonly type = 'rpc-connection';

  constructor(detail: RpcConnectionDetail) {
    super(RpcConnectionEvent.type, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-connection': RpcConnectionEvent;
  }
}
