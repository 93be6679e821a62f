// A @web/test-runner plugin with a real `ws` WebSocket server on 127.0.0.1, driven from browser
// tests through `executeServerCommand(command, payload)`. Every test connects to its own path
// (`ws://127.0.0.1:<port>/t/<id>`), and the server keeps separate state per path, so test files
// running in parallel pages do not see each other's traffic.
//
// Commands (payload `{ path }` unless said otherwise):
//   ws-server-info              → { port }
//   ws-closed-port              → { port } of a loopback port nothing listens on
//   ws-send { path, text, binary? } → { sent }: send `text` (as UTF-8 bytes with `binary`) to
//                                  every open client of the path, as one WebSocket message
//   ws-received                 → the messages the path's clients sent, in order (a binary one as
//                                  `binary:<text>`)
//   ws-connections              → { open, total, closeCodes }: connections now and ever, and the
//                                  close code the server saw for each finished one
//   ws-drop                     → { dropped }: terminate the path's connections abruptly
//   ws-reset                    → true: terminate and forget the path
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';
import { WebSocketServer } from 'ws';
import { freePort } from './free-port.mjs';

/** @typedef {{ clients: Set<import('ws').WebSocket>, received: string[], total: number, closeCodes: number[] }} PathState */

export function wsServerPlugin() {
  /** @type {WebSocketServer | undefined} */
  let server;
  /** @type {Map<string, PathState>} */
  const paths = new Map();

  /** @returns {PathState} */
  const stateOf = (path) => {
    let state = paths.get(path);
    if (!state) paths.set(path, (state = { clients: new Set(), received: [], total: 0, closeCodes: [] }));
    return state;
  };

  const commands = {
    'ws-server-info': () => ({ port: server?.address().port }),
    'ws-closed-port': async () => ({ port: await freePort() }),
    'ws-send': ({ path, text, binary = false }) => {
      const clients = [...stateOf(path).clients];
      const data = binary ? Buffer.from(text, 'utf8') : text;
      const sends = clients.map(
        (c) => new Promise((resolve, reject) => c.send(data, (e) => (e ? reject(e) : resolve()))),
      );
      return Promise.all(sends).then(() => ({ sent: clients.length }));
    },
    'ws-received': ({ path }) => [...stateOf(path).received],
    'ws-connections': ({ path }) => {
      const { clients, total, closeCodes } = stateOf(path);
      return { open: clients.size, total, closeCodes: [...closeCodes] };
    },
    'ws-drop': ({ path }) => {
      const clients = [...stateOf(path).clients];
      for (const client of clients) client.terminate();
      return { dropped: clients.length };
    },
    'ws-reset': ({ path }) => {
      for (const client of stateOf(path).clients) client.terminate();
      paths.delete(path);
      return true;
    },
  };

  return {
    name: 'ws-server',

    async serverStart() {
      server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      server.on('connection', (socket, request) => {
        const state = stateOf(new URL(request.url ?? '/', 'ws://127.0.0.1').pathname);
        state.clients.add(socket);
        state.total++;
        socket.on('message', (data, isBinary) => {
          state.received.push(isBinary ? `binary:${data.toString()}` : data.toString());
        });
        socket.on('close', (code) => {
          state.clients.delete(socket);
          state.closeCodes.push(code);
        });
      });
      await new Promise((resolve, reject) => {
        server?.once('listening', resolve);
        server?.once('error', reject);
      });
    },

    async serverStop() {
      if (!server) return;
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server?.close(() => resolve(undefined)));
      server = undefined;
    },

    executeCommand({ command, payload }) {
      const run = commands[command];
      return run ? run(payload ?? {}) : undefined;
    },
  };
}
