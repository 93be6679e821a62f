/**
 * For a test whose memory peer plays an agent reached directly (no bridge): answer what a page
 * asks as the agent would. DOM-free.
 */
import type { MemoryPeer } from '../../src/transport/memory.js';

/** A line a page sent, read. */
interface Sent {
  readonly type?: string;
  readonly id?: string;
}

/** The questions each peer has refused already, by id. */
const refused = new WeakMap<MemoryPeer, Set<string | undefined>>();

/**
 * Refuse the bridge's question for the conversation (`rpc_ui_get_messages`) as every agent does
 * an unknown command, once each; the page then asks the agent's own `get_messages`. Returns the
 * last `get_messages` asked.
 */
export function refuseBridgeQuestion(peer: MemoryPeer): Sent | undefined {
  const done = refused.get(peer) ?? new Set();
  refused.set(peer, done);
  const sent = () => peer.received.map((line) => JSON.parse(line) as Sent);
  for (const { type, id } of sent()) {
    if (type !== 'rpc_ui_get_messages' || done.has(id)) continue;
    done.add(id);
    peer.writeMessage({
      type: 'response',
      id,
      command: 'rpc_ui_get_messages',
      success: false,
      error: 'Unknown command: rpc_ui_get_messages',
    });
  }
  return sent().findLast((line) => line.type === 'get_messages');
}
