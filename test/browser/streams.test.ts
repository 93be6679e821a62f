import { expect } from '@open-wc/testing';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { StreamTransport } from '../../src/transport/streams.js';

describe('StreamTransport in Chromium', () => {
  it('reads a fetch body of a real transcript and answers into a WritableStream', async () => {
    const text = await (await fetch('/test/fixtures/pi-0.73.1/concurrent.jsonl')).text();
    const raw = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { dir: string; raw: string })
      .filter((r) => r.dir === 'from_agent')
      .map((r) => `${r.raw}\n`)
      .join('');
    const body = new Response(raw).body;
    if (!body) throw new Error('no body');
    const written: string[] = [];
    const decoder = new TextDecoder();
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => void written.push(decoder.decode(chunk)),
    });
    const transport = new StreamTransport({ readable: body, writable });
    const controller = new ExtensionUIController({ transport });
    await transport.done;
    expect(transport.state).to.equal('closed');
    expect(controller.dialogs.map((d) => d.request.title)).to.deep.equal([
      'concurrent: select',
      'concurrent: input',
      'concurrent: confirm',
    ]);
    // The stream has ended, so answers can no longer be sent; nothing is lost: the dialog stays.
    const errors: string[] = [];
    controller.on('error', (e) => errors.push(e.message));
    const id = controller.dialogs[0]?.request.id ?? '';
    expect(controller.respond(id, { value: 'two' })).to.equal('send-failed');
    expect(errors).to.deep.equal(['The stream transport is closed.']);
    expect(controller.dialogs.length).to.equal(3);
  });

  it('writes exactly one line per answer while the stream is open', async () => {
    let push: (chunk: string) => void = () => undefined;
    const readable = new ReadableStream<string>({ start: (c) => void (push = (chunk) => c.enqueue(chunk)) });
    const written: string[] = [];
    const writable = new WritableStream<string>({ write: (chunk) => void written.push(chunk) });
    const transport = new StreamTransport({ readable, writable, writeText: true });
    const controller = new ExtensionUIController({ transport });
    push('{"type":"extension_ui_request","id":"q1","method":"input","title":"Name"}\n');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.respond('q1', { value: '' })).to.equal('sent');
    expect(controller.respond('q1', { value: 'again' })).to.equal('not-pending');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(written).to.deep.equal(['{"type":"extension_ui_response","id":"q1","value":""}\n']);
    transport.close();
  });

  it('delivers nothing once closed: neither the rest of a chunk nor a last line without \\n', async () => {
    let push: (chunk: string) => void = () => undefined;
    const readable = new ReadableStream<string>({ start: (c) => void (push = (chunk) => c.enqueue(chunk)) });
    const transport = new StreamTransport({ readable });
    const controller = new ExtensionUIController({ transport });
    const confirm = (id: string) =>
      `{"type":"extension_ui_request","id":"${id}","method":"confirm","title":"${id}","message":"m"}`;
    // A listener closes the transport at the first line of a chunk of two.
    const stop = transport.on('message', () => transport.close());
    push(`${confirm('first')}\n${confirm('second')}\n`);
    await transport.done;
    stop();
    expect(controller.dialogs.map((d) => d.request.id)).to.deep.equal(['first']);

    let pushAgain: (chunk: string) => void = () => undefined;
    const again = new StreamTransport({
      readable: new ReadableStream<string>({ start: (c) => void (pushAgain = (chunk) => c.enqueue(chunk)) }),
    });
    const other = new ExtensionUIController({ transport: again });
    pushAgain(confirm('unfinished'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    again.close();
    await again.done;
    expect(again.state).to.equal('closed');
    expect(other.dialogs).to.deep.equal([]);
  });
});
