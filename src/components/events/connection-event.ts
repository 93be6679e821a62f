import { RpcEvent } from './rpc-event.js';

/**
 * Where an `rpc-extension-ui` stands with its agent. The transport's `open` is shown as
 * `connected`; `agent-exited` means the bridge, still connected, said the agent process ended
 * (until it says a running agent is there again: once the connection goes too, the state is the
 * connection's); `refused` means the rpc-ui bridge does not
 * take this page's connection (its origin, its token), and says why. It keeps trying meanwhile.
 */
export type RpcConnectionState =
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'closed'
  | 'agent-exited'
  | 'refused';

/** The `detail` of an {@link RpcConnectionEvent}. */
export interface RpcConnectionDetail {
  /** The new connection state. */
  readonly state: RpcConnectionState;
  /** With `refused`: why, and what allows it, as the bridge says (for people). */
  readonly refusal?: { readonly reason: string; readonly hint: string };
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
