import { accessUrl, type BridgeAccess, readBridgeAccess } from '../protocol/bridge.js';

/** The `fetch` the ask uses: the global one fits. */
export type AccessFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Ask the rpc-ui bridge behind a WebSocket URL whether it takes this page's connection, and why
 * not (a browser cannot read why a handshake failed). `undefined` when nothing answers as a bridge
 * does: it is down, or another server.
 */
export async function askBridgeAccess(
  socketUrl: string,
  fetcher: AccessFetch = (url, init) => fetch(url, init),
): Promise<BridgeAccess | undefined> {
  try {
    // POST carries the page's Origin even to its own origin (a GET there has none), and the
    // cookies the WebSocket would carry, so the answer is the handshake's.
    const response = await fetcher(accessUrl(socketUrl), {
      method: 'POST',
      cache: 'no-store',
      credentials: 'same-origin',
    });
    return response.ok ? readBridgeAccess(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}
