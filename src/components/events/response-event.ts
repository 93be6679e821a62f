import type { ExtensionUIResponse } from '../../protocol/types.js';
import { RpcEvent } from './rpc-event.js';

/**
 * Fired by a standalone dialog element when the user answers: `detail` is the exact response
 * object to write to the agent. Bubbles and crosses shadow roots. Fired once per request.
 */
export class RpcResponseEvent extends RpcEvent<ExtensionUIResponse> {
  static readonly type = 'rpc-response';

  constructor(response: ExtensionUIResponse) {
    super(RpcResponseEvent.type, response);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-response': RpcResponseEvent;
  }
}
