import type { DialogRequest } from '../../protocol/types.js';

/**
 * Fired by a dialog element when its request's timeout runs out before an answer. Nothing was
 * sent: the agent has already gone on with its default. Bubbles and crosses shadow roots.
 */
export class RpcExpireEvent extends CustomEvent<{
  readonly request: DialogRequest;
  readonly message: string;
}> {
  static readonly type = 'rpc-expire';

  constructor(request: DialogRequest, message: string) {
    super(RpcExpireEvent.type, { detail: { request, message }, bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-expire': RpcExpireEvent;
  }
}
