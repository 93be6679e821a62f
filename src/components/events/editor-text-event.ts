import { RpcEvent } from './rpc-event.js';

/** The `detail` of an {@link RpcEditorTextEvent}. */
export interface RpcEditorTextDetail {
  /** The text the agent asked to put in the editor. */
  readonly text: string;
  /**
   * `true` when a bound field was not overwritten because the user is typing in it: the text is
   * kept pending and lands on blur or on `apply()`. `false` otherwise.
   */
  readonly deferred: boolean;
}

/**
 * Fired by {@link bindEditorText} on the host's event target each time the agent sets the editor
 * text (`set_editor_text`). Bubbles and crosses shadow roots.
 */
export class RpcEditorTextEvent extends RpcEvent<RpcEditorTextDetail> {
  static readonly type = 'rpc-editor-text';

  constructor(detail: RpcEditorTextDetail) {
    super(RpcEditorTextEvent.type, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rpc-editor-text': RpcEditorTextEvent;
  }
}
