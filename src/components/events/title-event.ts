import { RpcEvent } from './rpc-event.js';

/** The `detail` of an {@link RpcTitleEvent}. */
export interface RpcTitleDetail {
  /** The title as the agent sent it (ANSI codes included). */
  readonly title: string;
  /** The title with ANSI codes and other control characters removed, ready for display. */
  readonly text: string;
}

/**
 * Fired by {@link bindTitle} on the host's event target each time the agent sets the terminal
 * title (`setTitle`), throttled or not. Bubbles and crosses shadow roots.
 */
export class RpcTitleEvent extends RpcEvent<RpcTitleDetail> {
  static readonly type = 'rpc-title';

  constructor(detail: RpcTitleDetail) {
    super(RpcTitleEvent.type, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-title': RpcTitleEvent;
  }
}
