import type { DialogRequest } from '../../protocol/types.js';
import { RpcEvent } from './rpc-event.js';

/**
 * Fired by a dialog element when its request's timeout runs out before an answer. Nothing was
 * sent: the agent has already gone on with its default. Bubbles and crosses shadow roots.
 */
export class RpcExpireEvent extends RpcEvent<{
  readonly request: DialogRequest;
  readonly message: string;
}> {
  static readonly type = 'rpc-expire';

  constructor(request: DialogRequest, message: string) {
    super(RpcExpireEvent.type, { request, message });
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-expire': RpcExpireEvent;
  }
}
