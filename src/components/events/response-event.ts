import type { ExtensionUIResponse } from '../../protocol/types.js';

/**
 * Fired by a standalone dialog element when the user answers: `detail` is the exact response
 * object to write to the agent. Bubbles and crosses shadow roots. Fired once per request.
 */
export class RpcResponseEvent extends CustomEvent<ExtensionUIResponse> {
  static readonly type = 'rpc-response';

  constructor(response: ExtensionUIResponse) {
    super(RpcResponseEvent.type, { detail: response, bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-response': RpcResponseEvent;
  }
}
