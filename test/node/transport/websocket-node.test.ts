/**
 * The WebSocket transport in Node 20 (no global WebSocket) with the `ws` package's class, against
 * a real `ws` server on the loopback interface.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import type { TransportError } from '../../../src/transport/errors.js';
import type { ConnectionState } from '../../../src/transport/transport.js';
import { WebSocketTransport, type WebSocketTransportOptions } from '../../../src/transport/websocket.js';

/** The `ws` class, recording every socket the transport makes. */
const sockets: WebSocket[] = [];
class TrackedWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols);
    sockets.push(this);
  }
}

const REQUEST = '{"type":"extension_ui_request","id":"n1","method":"input","title":"From Node"}\n';

let server: WebSocketServer;
let url: string;
let received: string[] = [];
let closeCodes: number[] = [];
const transports: WebSocketTransport[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

function connect(options: Partial<WebSocketTransportOptions> = {}) {
  const transport = new WebSocketTransport({ url, WebSocket: TrackedWebSocket, ...options });
  transports.push(transport);
  const states: ConnectionState[] = [];
  const errors: TransportError[] = [];
  transport.on('state', (state) => states.push(state));
  transport.on('error', (error) => errors.push(error));
  return { transport, states, errors, controller: new ExtensionUIController({ transport }) };
}

function broadcast(text: string): void {
  for (const client of server.clients) client.send(text);
}

const LATER = '{"type":"extension_ui_response","id":"later","value":"sent later"}';

/**
 * A barrier for "nothing more was sent": a later request, answered, whose response arrives on the
 * same connection. A second response sent before it would have arrived first; order, not time,
 * decides.
 */
async function answerLater(controller: ExtensionUIController): Promise<void> {
  broadcast('{"type":"extension_ui_request","id":"later","method":"input","title":"Later"}\n');
  await until('the later dialog', () => controller.dialogs.some((d) => d.request.id === 'later'));
  expect(controller.respond('later', { value: 'sent later' })).toBe('sent');
  await until('the later response', () => received.includes(LATER));
}

beforeEach(async () => {
  // Fresh arrays per test: a socket of the test before may still report its close.
  const messages: string[] = [];
  const codes: number[] = [];
  received = messages;
  closeCodes = codes;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) => {
    socket.on('message', (data, isBinary) =>
      messages.push(!isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : 'not one text message'),
    );
    socket.on('close', (code) => codes.push(code));
  });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
});

afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  sockets.length = 0;
  vi.unstubAllGlobals();
});

describe('WebSocketTransport in Node with the ws package', () => {
  it('receives a request and sends exactly one response', async () => {
    const { transport, controller, states } = connect();
    await until('open', () => transport.state === 'open');
    broadcast(REQUEST);
    await until('the dialog', () => controller.dialogs.length === 1);
    expect(controller.respond('n1', { value: 'typed in Node' })).toBe('sent');
    expect(controller.respond('n1', { value: 'twice' })).toBe('not-pending');
    await until('the response', () => received.length > 0);
    await answerLater(controller);
    expect(received).toEqual(['{"type":"extension_ui_response","id":"n1","value":"typed in Node"}', LATER]);
    expect(states).toEqual(['open']);
  });

  it('reconnects after the server terminates the client and delivers an answer given meanwhile', async () => {
    const { transport, controller, states, errors } = connect({ reconnect: { initialDelayMs: 20 } });
    await until('open', () => transport.state === 'open');
    broadcast(REQUEST);
    await until('the dialog', () => controller.dialogs.length === 1);
    transport.on('state', (state) => {
      if (state === 'reconnecting') controller.respond('n1', { value: 'after the drop' });
    });
    for (const client of server.clients) client.terminate();
    await until('reconnected', () => states.length === 3);
    expect(states).toEqual(['open', 'reconnecting', 'open']);
    await until('the response', () => received.length > 0);
    await answerLater(controller);
    expect(received).toEqual(['{"type":"extension_ui_response","id":"n1","value":"after the drop"}', LATER]);
    expect(errors.map((e) => e.code)).toEqual(['connection']);
    expect(errors[0]?.message).toContain('close code 1006');
    expect(sockets).toHaveLength(2);
  });

  it('close() sends code 1000 and leaves no listener on the socket', async () => {
    const { transport } = connect();
    await until('open', () => transport.state === 'open');
    transport.close();
    await until('the server sees the close', () => closeCodes.length === 1);
    expect(closeCodes).toEqual([1000]);
    const socket = sockets[0];
    // ws sets CLOSED and dispatches 'close' (whose listener lets go of the last two) in one step.
    await until('the socket closed', () => socket?.readyState === WebSocket.CLOSED);
    for (const type of ['open', 'message', 'close', 'error'] as const)
      expect(socket?.listenerCount(type)).toBe(0);
  });

  it('close() while connecting does not crash the process on the error ws raises', async () => {
    const { transport, states } = connect();
    transport.close();
    const socket = sockets[0];
    // ws raises its error just before it closes the socket: once closed, the error has come and gone.
    await until('the socket closed', () => socket?.readyState === WebSocket.CLOSED);
    expect(states).toEqual(['closed']);
    expect(socket?.readyState).toBe(WebSocket.CLOSED);
    for (const type of ['open', 'message', 'close', 'error'] as const)
      expect(socket?.listenerCount(type)).toBe(0);
  });

  it('reports the reason ws gives when nothing listens', async () => {
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    server = new WebSocketServer({ noServer: true });
    const { transport, errors } = connect({ reconnect: false });
    await until('closed', () => transport.state === 'closed');
    expect(errors.map((e) => e.message)).toEqual([
      `Could not connect to ws://127.0.0.1:${port}/agent (close code 1006: connection lost without a close frame). connect ECONNREFUSED 127.0.0.1:${port}. The transport is closed.`,
    ]);
  });

  it('explains that Node needs a WebSocket class', () => {
    vi.stubGlobal('WebSocket', undefined);
    expect(() => new WebSocketTransport({ url })).toThrow(/pass one as the `WebSocket` option/);
  });
});
