import { expect, fixture, html } from '@open-wc/testing';

import { bindEditorText } from '../../../src/components/bindings/editor-text-binding.js';
import { bindTitle } from '../../../src/components/bindings/title-binding.js';
import type { RpcEditorTextEvent } from '../../../src/components/events/editor-text-event.js';
import type { RpcTitleEvent } from '../../../src/components/events/title-event.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { FakeClock } from '../../support/fake-clock.js';
import { typeText } from '../../support/keys.js';

function setup() {
  const clock = new FakeClock(0);
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport, clock });
  let serial = 0;
  const setTitle = (title: string) =>
    peer.writeMessage({ type: 'extension_ui_request', id: `t${++serial}`, method: 'setTitle', title });
  const setText = (text: string) =>
    peer.writeMessage({ type: 'extension_ui_request', id: `e${++serial}`, method: 'set_editor_text', text });
  return { clock, controller, setTitle, setText };
}

/** A title target that records every write and when it happened. */
function recorder(clock: FakeClock) {
  const writes: { at: number; title: string }[] = [];
  let current = '';
  return {
    writes,
    get title() {
      return current;
    },
    set title(value: string) {
      current = value;
      writes.push({ at: clock.now(), title: value });
    },
  };
}

describe('bindTitle', () => {
  it('fires a bubbling, composed rpc-title event for every title', async () => {
    const { controller, setTitle } = setup();
    const wrapper = await fixture<HTMLDivElement>(html`<div><span></span></div>`);
    const target = wrapper.querySelector('span') as HTMLSpanElement;
    const seen: RpcTitleEvent[] = [];
    wrapper.addEventListener('rpc-title', (event) => seen.push(event));
    const stop = bindTitle(controller, { eventTarget: target });
    setTitle('\u001b[1mpi\u001b[0m: thinking');
    setTitle('pi');
    stop();
    setTitle('after');
    expect(seen.map((event) => event.detail)).to.deep.equal([
      { title: '\u001b[1mpi\u001b[0m: thinking', text: 'pi: thinking' },
      { title: 'pi', text: 'pi' },
    ]);
    expect(seen.every((event) => event.bubbles && event.composed)).to.equal(true);
  });

  it('writes a title animated every 80 ms at most once per throttle window, the last one landing', () => {
    const { clock, controller, setTitle } = setup();
    const doc = recorder(clock);
    bindTitle(controller, { document: doc, throttleMs: 250 });
    for (let i = 0; i < 50; i++) {
      setTitle(`${'⠋⠙⠹⠸'[i % 4]} working ${i}`);
      clock.advance(80);
    }
    clock.advance(250);
    expect(doc.writes.length).to.be.at.most(Math.ceil((50 * 80) / 250) + 1);
    expect(doc.writes.length).to.be.at.least(10);
    for (let i = 1; i < doc.writes.length; i++) {
      const gap = (doc.writes[i]?.at ?? 0) - (doc.writes[i - 1]?.at ?? 0);
      expect(gap).to.be.at.least(250);
    }
    expect(doc.title).to.equal('⠙ working 49');
  });

  it('writes the first title at once and only the newest one after the window', () => {
    const { clock, controller, setTitle } = setup();
    const doc = recorder(clock);
    bindTitle(controller, { document: doc });
    setTitle('a');
    setTitle('b');
    setTitle('c');
    expect(doc.writes.map((w) => w.title)).to.deep.equal(['a']);
    clock.advance(249);
    expect(doc.writes.map((w) => w.title)).to.deep.equal(['a']);
    clock.advance(1);
    expect(doc.writes).to.deep.equal([
      { at: 0, title: 'a' },
      { at: 250, title: 'c' },
    ]);
  });

  it('strips ANSI codes, formats, and writes the title already set when binding', () => {
    const { clock, controller, setTitle } = setup();
    setTitle('\u001b[31mred\u001b[0m title\u0007');
    const doc = recorder(clock);
    bindTitle(controller, { document: doc, format: (title) => `${title} · app` });
    expect(doc.title).to.equal('red title · app');
  });

  it('sets document.title when asked, and stops on dispose', () => {
    const { clock, controller, setTitle } = setup();
    const original = document.title;
    const stop = bindTitle(controller, { document: true });
    setTitle('agent title');
    expect(document.title).to.equal('agent title');
    setTitle('pending');
    stop();
    expect(clock.pending).to.equal(0);
    clock.advance(1000);
    expect(document.title).to.equal('agent title');
    document.title = original;
    expect(controller.listenerCount).to.equal(0);
  });
});

async function editorSetup(options: { selector?: boolean; deferUntil?: 'blur' | 'apply' } = {}) {
  const base = setup();
  const wrapper = await fixture<HTMLDivElement>(html`
    <div><button id="other">Other</button><textarea id="prompt"></textarea></div>
  `);
  const field = wrapper.querySelector('textarea') as HTMLTextAreaElement;
  const other = wrapper.querySelector('#other') as HTMLButtonElement;
  const inputs: InputEvent[] = [];
  const events: RpcEditorTextEvent[] = [];
  wrapper.addEventListener('input', (event) => inputs.push(event as InputEvent));
  wrapper.addEventListener('rpc-editor-text', (event) => events.push(event));
  const binding = bindEditorText(base.controller, {
    eventTarget: other,
    target: options.selector ? '#prompt' : field,
    ...(options.deferUntil ? { deferUntil: options.deferUntil } : {}),
  });
  return { ...base, wrapper, field, other, inputs, events, binding };
}

describe('bindEditorText', () => {
  it('fires rpc-editor-text with the text', async () => {
    const { setText, events } = await editorSetup();
    setText('hello');
    expect(events.map((event) => event.detail)).to.deep.equal([{ text: 'hello', deferred: false }]);
    expect(events[0]?.bubbles && events[0].composed).to.equal(true);
  });

  it('sets the value of a field found by selector and fires a bubbling input event', async () => {
    const { setText, field, inputs } = await editorSetup({ selector: true });
    setText('from the agent');
    expect(field.value).to.equal('from the agent');
    expect(inputs).to.have.length(1);
    expect(inputs[0]?.bubbles).to.equal(true);
    expect(inputs[0]?.inputType).to.equal('insertReplacementText');
  });

  it('leaves focus where it is', async () => {
    const { setText, field, other } = await editorSetup();
    other.focus();
    setText('text');
    expect(field.value).to.equal('text');
    expect(document.activeElement).to.equal(other);
  });

  it('keeps the caret of a focused field it may overwrite', async () => {
    const { setText, field } = await editorSetup();
    setText('first draft');
    field.focus();
    field.setSelectionRange(3, 5);
    setText('second draft, longer');
    expect(field.value).to.equal('second draft, longer');
    expect([field.selectionStart, field.selectionEnd]).to.deep.equal([3, 5]);
    expect(document.activeElement).to.equal(field);
  });

  it('goes through the native setter, so frameworks tracking value notice the change', async () => {
    const { setText, field } = await editorSetup();
    const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
    let tracked = '';
    Object.defineProperty(field, 'value', {
      configurable: true,
      get: () => native?.get?.call(field) as string,
      set: (value: string) => {
        tracked = value;
        native?.set?.call(field, value);
      },
    });
    setText('new');
    expect(field.value).to.equal('new');
    expect(tracked).to.equal('');
  });

  it('does not overwrite what the user is typing; the text lands when they leave the field', async () => {
    const { setText, field, other, events, inputs, binding } = await editorSetup();
    field.focus();
    await typeText('my words');
    const typed = inputs.length;
    setText('agent text');
    expect(field.value).to.equal('my words');
    expect(inputs.length).to.equal(typed);
    expect(events.map((event) => event.detail)).to.deep.equal([{ text: 'agent text', deferred: true }]);
    expect(binding.pending()).to.equal('agent text');
    setText('newer agent text');
    expect(binding.pending()).to.equal('newer agent text');
    other.focus();
    expect(field.value).to.equal('newer agent text');
    expect(binding.pending()).to.equal(undefined);
  });

  it('fills a focused field the host emptied after a send', async () => {
    const { setText, field, events } = await editorSetup();
    setText('from the agent');
    field.focus();
    field.value = ''; // the user sent it; the host clears the composer
    setText('second text');
    expect(field.value).to.equal('second text');
    expect(events.map((event) => event.detail.deferred)).to.deep.equal([false, false]);
  });

  it('with deferUntil "apply", holds the text until apply(); discard() drops it', async () => {
    const { setText, field, other, binding } = await editorSetup({ deferUntil: 'apply' });
    field.focus();
    await typeText('mine');
    setText('agent');
    other.focus();
    expect(field.value).to.equal('mine');
    expect(binding.apply()).to.equal(true);
    expect(field.value).to.equal('agent');
    field.focus();
    field.setSelectionRange(5, 5);
    await typeText('!');
    setText('again');
    binding.discard();
    expect(binding.apply()).to.equal(false);
    expect(field.value).to.equal('agent!');
  });

  it('stops on dispose', async () => {
    const { setText, field, events, binding, controller } = await editorSetup();
    binding();
    setText('late');
    expect(field.value).to.equal('');
    expect(events).to.have.length(0);
    expect(controller.listenerCount).to.equal(0);
  });
});
