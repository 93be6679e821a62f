/**
 * A TCP proxy in front of a bridge, for the end-to-end tests: it can cut every connection, refuse
 * new ones (the network is down), or point at another bridge (a restart at the same address).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of the bridge that can cut every connection and refuse new ones. */
export interface Proxy {
  readonly port: number;
  /** While true, new connections are dropped at once (the network is down). */
  down: boolean;
  /** While true, only new WebSocket connections are dropped (pages still load). */
  refuseWebSockets: boolean;
  /**
   * Stop forwarding what the browser sends, without closing anything: the connection looks open
   * to the page, but what it sends now never arrives (a network that died silently).
   */
  stall(): void;
  /** Destroy every open connection, both ways (no close frame: the network went away). */
  cut(): void;
  close(): Promise<void>;
}

/** Start a proxy on a free loopback port that forwards to the port `target()` names now. */
export async function startProxy(target: () => number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const pairs = new Map<Socket, Socket>();
  const state = { down: false, refuseWebSockets: false };
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (state.down) {
      client.destroy();
      return;
    }
    // The first bytes tell an HTTP request from a WebSocket upgrade.
    client.once('data', (first: Buffer) => forward(client, first));
  });
  const forward = (client: Socket, first: Buffer): void => {
    if (state.refuseWebSockets && /^upgrade:\s*websocket/im.test(first.toString('latin1'))) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: target() });
    upstream.write(first);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
    sockets.add(client).add(upstream);
    pairs.set(client, upstream);
    client.once('close', () => {
      sockets.delete(client);
      pairs.delete(client);
    });
    upstream.once('close', () => sockets.delete(upstream));
  };
  const cut = (): void => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    pairs.clear();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy has no port.');
  return {
    port: address.port,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get refuseWebSockets() {
      return state.refuseWebSockets;
    },
    set refuseWebSockets(value: boolean) {
      state.refuseWebSockets = value;
    },
    stall() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        client.pause();
      }
    },
    cut,
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
