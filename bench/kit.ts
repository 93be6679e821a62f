import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';

/** What the controller saw during one pass over the stream. */
export interface KitTally {
  /** Valid extension UI requests. */
  readonly requests: number;
  /** Dialogs closed by the bench's stand-in user. */
  readonly dismissed: number;
  /** Lines reported as invalid (should stay 0: the fixtures are valid). */
  readonly invalid: number;
  /** Non-request lines the host received and parsed (only with `hostParses`). */
  readonly messages: number;
}

export interface KitOptions {
  /** The host listens for `message` and parses every line (`m.value`). */
  readonly hostParses?: boolean;
}

/**
 * Push the stream through rpc-ui-kit: the memory transport's framing (the same JsonlDecoder the
 * stream and WebSocket paths use) into an ExtensionUIController. Each dialog is dismissed as soon
 * as it is queued, so the queue stays short as it would with a user answering.
 */
export function runKit(input: readonly (Uint8Array | string)[], options: KitOptions = {}): KitTally {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  let requests = 0;
  let dismissed = 0;
  let invalid = 0;
  let messages = 0;
  controller.on('request', () => requests++);
  controller.on('dismiss', () => dismissed++);
  controller.on('invalid', () => invalid++);
  controller.on('dialogs', (dialogs) => {
    const first = dialogs[0];
    if (first) controller.cancel(first.request.id);
  });
  if (options.hostParses) {
    controller.on('message', (message) => {
      if (message.value !== undefined) messages++;
    });
  }
  for (const chunk of input) peer.write(chunk);
  peer.end();
  controller.dispose();
  return { requests, dismissed, invalid, messages };
}
