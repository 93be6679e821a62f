import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { TransportError } from '../../src/transport/errors.js';
import type { ConnectionState, OutboundMessage } from '../../src/transport/transport.js';
import { WebSocketTransport, type WebSocketTransportOptions } from '../../src/transport/websocket.js';

// Real Chromium WebSockets against the real `ws` server of test/support/wtr-ws-server.mjs.

interface Connections {
  open: number;
  total: number;
  closeCodes: number[];
}

const server = {
  port: async () => (await executeServerCommand<{ port: number }, undefined>('ws-server-info')).port,
  closedPort: async () => (await executeServerCommand<{ port: number }, undefined>('ws-closed-port')).port,
  send: (path: string, text: string, binary = false) =>
    executeServerCommand<{ sent: number }, object>('ws-send', { path, text, binary }),
  received: (path: string) => executeServerCommand<string[], object>('ws-received', { path }),
  connections: (path: string) => executeServerCommand<Connections, object>('ws-connections', { path }),
  drop: (path: string) => executeServerCommand<{ dropped: number }, object>('ws-drop', { path }),
  reset: (path: string) => executeServerCommand<boolean, object>('ws-reset', { path }),
};

const request = (id: string, title: string) =>
  JSON.stringify({ type: 'extension_ui_request', id, method: 'input', title });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until `check` holds, or fail naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

let count = 0;
let path = '';
const transports: WebSocketTransport[] = [];

/** A transport to this test's own path, recording its state changes and errors. */
async function connect(options: Partial<WebSocketTransportOptions> = {}) {
  const url = `ws://127.0.0.1:${await server.port()}${path}`;
  const transport = new WebSocketTransport({ url, ...options });
  transports.push(transport);
  const states: ConnectionState[] = [];
  const errors: TransportError[] = [];
  transport.on('state', (state) => states.push(state));
  transport.on('error', (error) => errors.push(error));
  return { transport, states, errors };
}

describe('WebSocketTransport in Chromium', () => {
  beforeEach(() => {
    path = `/t/websocket-${Date.now().toString(36)}-${++count}`;
  });

  afterEach(async () => {
    for (const transport of transports.splice(0)) transport.close();
    await server.reset(path);
  });

  it('delivers a request to the controller and sends its answer as exactly one message', async () => {
    const { transport, states } = await connect();
    const controller = new ExtensionUIController({ transport });
    expect(transport.state).to.equal('connecting');
    await until('open', () => transport.state === 'open');
    await server.send(path, request('q1', 'Your name?'));
    await until('the dialog', () => controller.dialogs.length === 1);
    expect(controller.dialogs[0]?.request.title).to.equal('Your name?');

    expect(controller.respond('q1', { value: 'Ada' })).to.equal('sent');
    expect(controller.respond('q1', { value: 'again' })).to.equal('not-pending');
    // A barrier: a socket delivers in order, so a message sent after the answer comes after any
    // second copy of it.
    transport.send({ type: 'abort' });
    await until(
      'the answer, and the message after it',
      async () => (await server.received(path)).length >= 2,
    );
    expect(await server.received(path)).to.deep.equal([
      '{"type":"extension_ui_response","id":"q1","value":"Ada"}',
      '{"type":"abort"}',
    ]);
    expect(states).to.deep.equal(['open']);
  });

  it('reads every line of a message that holds several, as text and as bytes', async () => {
    const { transport } = await connect();
    const controller = new ExtensionUIController({ transport });
    await until('open', () => transport.state === 'open');
    await server.send(path, `${request('a', 'First')}\n${request('b', 'Second')}\n`);
    await server.send(
      path,
      `${request('c', 'Third, binary')}\r\n${request('d', 'Fourth, no newline')}`,
      true,
    );
    await until('four dialogs', () => controller.dialogs.length === 4);
    expect(controller.dialogs.map((d) => d.request.title)).to.deep.equal([
      'First',
      'Second',
      'Third, binary',
      'Fourth, no newline',
    ]);
  });

  it('keeps messages sent while connecting and sends them in order on open', async () => {
    const { transport, states } = await connect();
    transport.send({ type: 'prompt', message: 'one' });
    transport.send({ type: 'prompt', message: 'two' });
    await until('open', () => transport.state === 'open');
    transport.send({ type: 'prompt', message: 'three' });
    await until('three messages', async () => (await server.received(path)).length === 3);
    expect(
      (await server.received(path)).map((text) => (JSON.parse(text) as { message: string }).message),
    ).to.deep.equal(['one', 'two', 'three']);
    expect(states).to.deep.equal(['open']);
  });

  it('reconnects after the server drops it, keeps the dialog, and sends an answer given meanwhile once', async () => {
    const { transport, states, errors } = await connect({
      reconnect: { initialDelayMs: 50, maxDelayMs: 100 },
    });
    const controller = new ExtensionUIController({ transport });
    await until('open', () => transport.state === 'open');
    await server.send(path, request('q1', 'Still there?'));
    await until('the dialog', () => controller.dialogs.length === 1);

    let pendingWhileReconnecting: string[] = [];
    let answered: string | undefined;
    transport.on('state', (state) => {
      if (state !== 'reconnecting') return;
      pendingWhileReconnecting = controller.dialogs.map((d) => d.request.id);
      answered = controller.respond('q1', { value: 'yes' });
    });
    expect((await server.drop(path)).dropped).to.equal(1);
    await until('reconnected', () => states.length === 3);

    expect(states).to.deep.equal(['open', 'reconnecting', 'open']);
    expect(pendingWhileReconnecting).to.deep.equal(['q1']);
    expect(answered).to.equal('sent');
    expect(errors.map((e) => e.code)).to.deep.equal(['connection']);
    expect(errors[0]?.message).to.contain('closed abnormally (close code 1006');
    expect(errors[0]?.message).to.contain('Retrying in');
    // A barrier, as above: what is sent after the answer comes after any second copy of it.
    transport.send({ type: 'abort' });
    await until(
      'the answer, and the message after it',
      async () => (await server.received(path)).length >= 2,
    );
    expect(await server.received(path)).to.deep.equal([
      '{"type":"extension_ui_response","id":"q1","value":"yes"}',
      '{"type":"abort"}',
    ]);
    expect((await server.connections(path)).total).to.equal(2);
  });

  it('without reconnect, closes for good when the server drops it', async () => {
    const { transport, states, errors } = await connect({ reconnect: false });
    await until('open', () => transport.state === 'open');
    await server.drop(path);
    await until('closed', () => transport.state === 'closed');
    expect(states).to.deep.equal(['open', 'closed']);
    expect(errors.map((e) => e.message)).to.deep.equal([
      `The WebSocket connection to ws://127.0.0.1:${await server.port()}${path} closed abnormally (close code 1006: connection lost without a close frame). The transport is closed.`,
    ]);
  });

  it('close() closes the socket with code 1000, for good, and then send throws', async () => {
    const { transport, states, errors } = await connect({ reconnect: { initialDelayMs: 10 } });
    await until('open', () => transport.state === 'open');
    transport.close();
    expect(transport.state).to.equal('closed');
    expect(states).to.deep.equal(['open', 'closed']);
    await until('the server sees the close', async () => (await server.connections(path)).open === 0);
    // Ten times the reconnect delay: a reconnect that must never come has nothing to be ordered
    // after. The window can only miss one.
    await sleep(100);
    expect(await server.connections(path)).to.deep.equal({ open: 0, total: 1, closeCodes: [1000] });
    expect(() => transport.send({ type: 'prompt', message: 'late' }))
      .to.throw(TransportError, 'The WebSocket transport is closed.')
      .with.property('code', 'send-failed');
    expect(errors).to.deep.equal([]);
  });

  it('close() while waiting to reconnect stops retrying', async () => {
    const { transport, states } = await connect({ reconnect: { initialDelayMs: 200 } });
    await until('open', () => transport.state === 'open');
    transport.on('state', (state) => {
      if (state === 'reconnecting') transport.close();
    });
    await server.drop(path);
    await until('closed', () => transport.state === 'closed');
    // Twice the reconnect delay: the retry that close() stopped would have come by then. A window
    // for what must never come; it can only miss it.
    await sleep(400);
    expect(states).to.deep.equal(['open', 'reconnecting', 'closed']);
    expect((await server.connections(path)).total).to.equal(1);
  });

  it('gives up after maxRetries failed attempts, reports each, and drops what waited', async () => {
    const url = `ws://127.0.0.1:${await server.closedPort()}/nothing`;
    const transport = new WebSocketTransport({
      url,
      reconnect: { initialDelayMs: 10, maxDelayMs: 20, maxRetries: 2 },
    });
    const states: ConnectionState[] = [];
    const errors: TransportError[] = [];
    transport.on('state', (state) => states.push(state));
    transport.on('error', (error) => errors.push(error));
    transport.send({ type: 'prompt', message: 'never sent' });
    await until('closed', () => transport.state === 'closed');

    expect(states).to.deep.equal(['closed']);
    expect(errors.map((e) => e.code)).to.deep.equal([
      'connection',
      'connection',
      'connection',
      'send-failed',
    ]);
    expect(errors[0]?.message).to.match(
      /^Could not connect to ws:\/\/127\.0\.0\.1:\d+\/nothing \(close code 1006/,
    );
    expect(errors[0]?.message).to.contain('(retry 1 of 2)');
    expect(errors[1]?.message).to.contain('(retry 2 of 2)');
    expect(errors[2]?.message).to.contain('Gave up after 2 retries.');
    expect(errors[3]?.message).to.equal(
      `1 message waiting for the connection to ${url} was not sent: the connection closed.`,
    );
    expect(() => transport.send({ type: 'prompt' })).to.throw(TransportError);
  });

  it('refuses to queue more than outboxLimit messages', async () => {
    const url = `ws://127.0.0.1:${await server.closedPort()}/full`;
    const transport = new WebSocketTransport({ url, outboxLimit: 2, reconnect: { initialDelayMs: 5000 } });
    transports.push(transport);
    const errors: TransportError[] = [];
    transport.on('error', (error) => errors.push(error));
    transport.send({ type: 'prompt', message: '1' });
    transport.send({ type: 'prompt', message: '2' });
    let thrown: unknown;
    try {
      transport.send({ type: 'prompt', message: '3' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(TransportError);
    expect(thrown).to.have.property('code', 'send-failed');
    expect(errors).to.deep.equal([thrown]);
    expect(errors[0]?.message).to.contain('The outbox is full (2 messages waiting');
  });

  it('refuses what is not a plain object and sends nothing', async () => {
    const { transport } = await connect();
    await until('open', () => transport.state === 'open');
    for (const bad of [null, [], 'text', new Date()])
      expect(() => transport.send(bad as unknown as OutboundMessage)).to.throw(
        TypeError,
        'Only plain JSON objects',
      );
    transport.send({ type: 'abort' });
    await until('the one message', async () => (await server.received(path)).length === 1);
    expect(await server.received(path)).to.deep.equal(['{"type":"abort"}']);
  });
});
