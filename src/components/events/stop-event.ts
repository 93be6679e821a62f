import { RpcEvent } from './rpc-event.js';

/** The `detail` of an {@link RpcStopEvent}. */
export interface RpcStopDetail {
  /** Whether the agent's `abort` command is sent after the dialogs are cancelled. */
  readonly abort: boolean;
}

/**
 * Fired by `rpc-extension-ui`'s `stop()` before anything is sent. Cancelable: when a listener
 * calls `preventDefault()`, no dialog is cancelled and no `abort` is sent. Bubbles and crosses
 * shadow roots.
 */
export class RpcStopEvent extends RpcEvent<RpcStopDetail> {
  static readonly type = 'rpc-stop';

  constructor(detail: RpcStopDetail) {
    super(RpcStopEvent.type, detail, /* cancelable */ true);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-stop': RpcStopEvent;
  }
}
