import { expect } from '@open-wc/testing';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { TransportError } from '../../src/transport/errors.js';
import { PostMessageTransport, type PostMessageTransportOptions } from '../../src/transport/postmessage.js';
import type { ConnectionState, OutboundMessage } from '../../src/transport/transport.js';

const request = (id: string, title: string) => ({ type: 'extension_ui_request', id, method: 'input', title });
const line = (id: string, title: string) => JSON.stringify(request(id, title));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until `check` holds, or fail naming `what`. */
async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

const transports: PostMessageTransport[] = [];
const frames: HTMLIFrameElement[] = [];
const ports: MessagePort[] = [];

function open(options: PostMessageTransportOptions) {
  const transport = new PostMessageTransport(options);
  transports.push(transport);
  const controller = new ExtensionUIController({ transport });
  const errors: TransportError[] = [];
  transport.on('error', (error) => errors.push(error));
  return { transport, controller, errors };
}

/** A MessageChannel: `port` for the transport, and what the agent end `peer` received. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const received: unknown[] = [];
  port2.onmessage = (event: MessageEvent) => received.push(event.data);
  return { port: port1, peer: port2, received };
}

/**
 * A barrier on the way in: a port hands on its messages in order, so once `port` has a marker
 * posted now by `peer`, it has had everything posted before it.
 */
function inboxDrained(port: MessagePort, peer: MessagePort): Promise<void> {
  const marker = { barrier: `${performance.now()}-${Math.random()}` };
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if ((event.data as typeof marker | undefined)?.barrier !== marker.barrier) return;
      port.removeEventListener('message', onMessage);
      resolve();
    };
    port.addEventListener('message', onMessage);
    port.start();
    peer.postMessage(marker);
  });
}

/** A srcdoc iframe running `script`; `sandbox` gives it an opaque origin. */
function frame(script: string, sandbox?: string): Window {
  const iframe = document.createElement('iframe');
  if (sandbox !== undefined) iframe.sandbox.value = sandbox;
  iframe.srcdoc = `<!doctype html><script>${script}</script>`;
  document.body.append(iframe);
  frames.push(iframe);
  if (!iframe.contentWindow) throw new Error('The iframe has no window.');
  return iframe.contentWindow;
}

const postsRequest = (id: string, title: string) =>
  `parent.postMessage(${JSON.stringify(request(id, title))}, '*');`;

describe('PostMessageTransport in Chromium', () => {
  afterEach(() => {
    for (const transport of transports.splice(0)) transport.close();
    for (const iframe of frames.splice(0)) iframe.remove();
    for (const port of ports.splice(0)) port.close();
  });

  it('reads objects, JSON text with several lines, and bytes from a MessagePort', async () => {
    const { port, peer } = channel();
    const { transport, controller, errors } = open({ target: port });
    expect(transport.state).to.equal('open');
    peer.postMessage(request('o1', 'Object'));
    peer.postMessage(`${line('s1', 'Text one')}\n${line('s2', 'Text two')}\n`);
    peer.postMessage(new TextEncoder().encode(`${line('b1', 'Bytes')}\n`));
    peer.postMessage(new TextEncoder().encode(line('b2', 'Buffer')).buffer);
    await until('five dialogs', () => controller.dialogs.length === 5);
    expect(controller.dialogs.map((d) => d.request.title)).to.deep.equal([
      'Object',
      'Text one',
      'Text two',
      'Bytes',
      'Buffer',
    ]);
    expect(errors).to.deep.equal([]);
  });

  it('posts each answer once, as a plain object by default', async () => {
    const { port, peer, received } = channel();
    const { transport, controller } = open({ target: port });
    peer.postMessage(request('q1', 'Name?'));
    await until('the dialog', () => controller.dialogs.length === 1);
    expect(controller.respond('q1', { value: 'Ada' })).to.equal('sent');
    expect(controller.respond('q1', { value: 'again' })).to.equal('not-pending');
    // A barrier: a message sent after the answers comes after any second copy of one.
    transport.send({ type: 'abort' });
    await until('the answer, and the message after it', () => received.length >= 2);
    expect(received).to.deep.equal([
      { type: 'extension_ui_response', id: 'q1', value: 'Ada' },
      { type: 'abort' },
    ]);
  });

  it("posts JSON text with serialize: 'json'", async () => {
    const { port, received } = channel();
    const { transport } = open({ target: port, serialize: 'json' });
    transport.send({ type: 'prompt', message: 'line\u2028separator' });
    await until('the message', () => received.length > 0);
    expect(received).to.deep.equal(['{"type":"prompt","message":"line\\u2028separator"}']);
  });

  it('refuses what is not a plain object and posts nothing', async () => {
    const { port, received } = channel();
    const { transport } = open({ target: port });
    for (const bad of [null, [], 'text', new Date()])
      expect(() => transport.send(bad as unknown as OutboundMessage)).to.throw(
        TypeError,
        'Only plain JSON objects',
      );
    // A barrier: what is sent after them comes after anything they would have posted.
    transport.send({ type: 'abort' });
    await until('the message sent after them', () => received.length > 0);
    expect(received).to.deep.equal([{ type: 'abort' }]);
  });

  it('close() stops listening, and then send throws', async () => {
    const { port, peer } = channel();
    const { transport, controller } = open({ target: port });
    const states: ConnectionState[] = [];
    transport.on('state', (state) => states.push(state));
    transport.close();
    peer.postMessage(request('late', 'Too late'));
    await inboxDrained(port, peer);
    expect(controller.dialogs).to.deep.equal([]);
    expect(states).to.deep.equal(['closed']);
    expect(() => transport.send({ type: 'abort' }))
      .to.throw(TransportError, 'The postMessage transport is closed.')
      .with.property('code', 'send-failed');
  });

  it('delivers nothing more of a message once a listener closes the transport', async () => {
    const { port, peer } = channel();
    const transport = new PostMessageTransport({ target: port });
    transports.push(transport);
    const ids: unknown[] = [];
    transport.on('message', (message) => {
      ids.push((message.value as { id: string }).id);
      transport.close();
    });
    peer.postMessage(`${line('first', 'First')}\n${line('second', 'Second')}`);
    await until('closed', () => transport.state === 'closed');
    await inboxDrained(port, peer);
    expect(ids).to.deep.equal(['first']);
  });

  it('works with a VS Code–like API object, receiving on the window', async () => {
    const posted: unknown[] = [];
    const vscode = { postMessage: (message: unknown) => void posted.push(message) };
    const { controller, errors } = open({ target: vscode });
    const passed: unknown[] = [];
    controller.on('message', (message) => passed.push(message.value));
    window.postMessage(request('v1', 'From the extension'), '*');
    for (const noise of [42, null, [1, 2]]) window.postMessage(noise, '*');
    window.postMessage({ type: 'response', command: 'prompt', success: true }, '*');
    await until('the dialog', () => controller.dialogs.length === 1);
    await until('the passed-through message', () => passed.length > 0);
    expect(controller.respond('v1', { cancelled: true })).to.equal('sent');
    expect(posted).to.deep.equal([{ type: 'extension_ui_response', id: 'v1', cancelled: true }]);
    expect(passed).to.deep.equal([{ type: 'response', command: 'prompt', success: true }]);
    expect(errors).to.deep.equal([]);
  });

  it('drops and reports a message from an origin that is not allowed', () => {
    const source = new EventTarget();
    const target = { postMessage: () => undefined };
    const { controller, errors } = open({ target, source });
    const evil = (data: unknown) => new MessageEvent('message', { data, origin: 'https://evil.example' });
    source.dispatchEvent(evil(request('e1', 'Evil')));
    expect(controller.dialogs).to.deep.equal([]);
    expect(errors.map((e) => [e.code, e.message])).to.deep.equal([
      [
        'origin',
        `A message from the origin "https://evil.example" was dropped: it is not in allowedOrigins (${location.origin}).`,
      ],
    ]);
    source.dispatchEvent(
      new MessageEvent('message', { data: request('ok', 'Own'), origin: location.origin }),
    );
    expect(controller.dialogs.map((d) => d.request.id)).to.deep.equal(['ok']);
  });

  it('accepts an origin listed in allowedOrigins, or any with "*"', () => {
    const target = { postMessage: () => undefined };
    for (const allowedOrigins of [['https://evil.example'], '*'] as const) {
      const source = new EventTarget();
      const { controller, errors } = open({ target, source, allowedOrigins });
      const data = request('e2', 'Allowed');
      source.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
      expect(controller.dialogs.map((d) => d.request.id)).to.deep.equal(['e2']);
      expect(errors).to.deep.equal([]);
    }
  });

  it('talks with a same-origin iframe as a Window target', async () => {
    const echo = `addEventListener('message', (event) => {
      if (event.source === parent) parent.postMessage({ type: 'echo', received: event.data }, '*');
    });
    ${postsRequest('f1', 'From the frame')}`;
    const target = frame(echo);
    const { controller, errors } = open({ target });
    const echoed: unknown[] = [];
    controller.on('message', (message) => echoed.push(message.value));
    await until('the dialog', () => controller.dialogs.length === 1);
    expect(controller.dialogs[0]?.request.title).to.equal('From the frame');
    expect(controller.respond('f1', { value: 'hello' })).to.equal('sent');
    await until('the echo', () => echoed.length > 0);
    expect(echoed).to.deep.equal([
      { type: 'echo', received: { type: 'extension_ui_response', id: 'f1', value: 'hello' } },
    ]);
    expect(errors).to.deep.equal([]);
  });

  it('ignores messages from a window other than the target', async () => {
    const target = frame('');
    const { controller, errors } = open({ target });
    const other = frame(postsRequest('x1', 'From another frame'));
    let arrived = false;
    const onMessage = (event: MessageEvent) => {
      if (event.source === other) arrived = true;
    };
    window.addEventListener('message', onMessage);
    await until('the other frame’s message', () => arrived);
    window.removeEventListener('message', onMessage);
    expect(controller.dialogs).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });

  it('drops and reports the messages of a sandboxed frame (opaque origin "null")', async () => {
    const target = frame(postsRequest('n1', 'From a sandbox'), 'allow-scripts');
    const { controller, errors } = open({ target });
    await until('the error', () => errors.length > 0);
    expect(errors.map((e) => [e.code, e.message])).to.deep.equal([
      [
        'origin',
        `A message from the origin "null" was dropped: it is not in allowedOrigins (${location.origin}).`,
      ],
    ]);
    expect(controller.dialogs).to.deep.equal([]);
  });
});
