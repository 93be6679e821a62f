import { expect, fixture, html } from '@open-wc/testing';

import '../../../src/components/define.js';
import type { RpcDialogs } from '../../../src/components/dialogs/rpc-dialogs.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport, MemoryTransport } from '../../../src/transport/memory.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { findNamed, findNode, startAccessibility } from '../../support/a11y.js';
import { animationsDone } from '../../support/animations.js';
import { FakeClock } from '../../support/fake-clock.js';
import { keyDown, keyUp, press } from '../../support/keys.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

async function setup(options: { contained?: boolean } = {}) {
  const clock = new FakeClock(0);
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport, clock });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div style="position: relative; inline-size: 420px; block-size: 320px; margin: 40px">
      <button id="trigger">Trigger</button>
      <rpc-dialogs .controller=${controller} ?contained=${options.contained ?? false}></rpc-dialogs>
    </div>
  `);
  const trigger = wrapper.querySelector<HTMLButtonElement>('#trigger');
  trigger?.focus();
  const host = wrapper.querySelector('rpc-dialogs') as RpcDialogs;
  const confirm = (id: string, extra: Record<string, unknown> = {}) =>
    peer.writeMessage({
      type: 'extension_ui_request',
      id,
      method: 'confirm',
      title: `Confirm ${id}?`,
      message: 'm',
      ...extra,
    });
  const ask = (id: string, method: 'select' | 'input', title = `Ask ${id}?`) =>
    peer.writeMessage({ type: 'extension_ui_request', id, method, title, options: ['Allow', 'Deny'] });
  const settle = async () => {
    await host.updateComplete;
    const child = current();
    if (child) await (child as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  };
  const current = () =>
    host.shadowRoot?.querySelector('rpc-confirm, rpc-select, rpc-input, rpc-editor') ?? null;
  const part = (selector: string) => current()?.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
  const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { clock, controller, host, trigger, confirm, ask, settle, current, part, sent, wrapper };
}

/** The note shown when a queued dialog titled `title` expires behind another one. */
async function noticeOfQueuedExpiry(title: string): Promise<Element | null | undefined> {
  const { confirm, settle, clock, host } = await setup();
  confirm('first');
  confirm('queued', { timeout: 1000, title });
  await settle();
  clock.advance(1000);
  await settle();
  return host.shadowRoot?.querySelector('[role="status"]');
}

describe('rpc-dialogs', () => {
  it('shows dialogs first in, first out, with "1 of 3" visible and in the description', async () => {
    const { confirm, settle, part, sent } = await setup();
    confirm('a');
    confirm('b');
    confirm('c');
    await settle();
    expect(part('h2')?.textContent).to.equal('Confirm a?');
    expect(part('#position')?.textContent?.trim()).to.equal('1 of 3');
    const node = await findNamed('alertdialog', 'Confirm a?');
    expect(node?.name).to.equal('Confirm a?');
    expect(node?.description).to.equal('m 1 of 3');
    await press('Enter'); // "No" has focus
    await settle();
    expect(part('h2')?.textContent).to.equal('Confirm b?');
    expect(part('#position')?.textContent?.trim()).to.equal('1 of 2');
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', confirmed: false }]);
  });

  it('moves focus into each next dialog and back to the page when the queue empties', async () => {
    const { confirm, settle, current, trigger } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    await press('Escape');
    await settle();
    expect(current()?.shadowRoot?.activeElement?.getAttribute('data-action')).to.equal('deny');
    await press('Escape');
    await settle();
    expect(current()).to.equal(null);
    expect(document.activeElement).to.equal(trigger);
  });

  it('Escape cancels only the dialog on top', async () => {
    const { confirm, settle, sent, controller } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    await press('Escape');
    await settle();
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', cancelled: true }]);
    expect(controller.dialogs.map((d) => d.request.id)).to.deep.equal(['b']);
  });

  it('sends one answer for Enter plus a click on the same dialog', async () => {
    const { confirm, settle, part, sent } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    const yes = part('[data-action="confirm"]');
    await press('Enter');
    yes?.click();
    await settle();
    expect(sent()).to.deep.equal([{ type: 'extension_ui_response', id: 'a', confirmed: false }]);
  });

  it('a held-down Enter answers only the dialog it went down in', async () => {
    const { confirm, ask, settle, sent, controller } = await setup();
    confirm('a');
    confirm('b');
    ask('c', 'select');
    ask('d', 'select');
    ask('e', 'input');
    ask('f', 'input');
    for (const id of ['a', 'c', 'e']) {
      await settle();
      await keyDown('Enter');
      await settle();
      await keyDown('Enter'); // the key repeats
      await settle();
      await keyUp('Enter');
      expect(sent().at(-1)?.id).to.equal(id);
      controller.respond(controller.dialogs[0]?.request.id ?? '', { cancelled: true });
    }
    expect(sent().map((m) => m.id)).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(
      sent()
        .filter((m) => m.cancelled)
        .map((m) => m.id),
    ).to.deep.equal(['b', 'd', 'f']);
  });

  it('moves focus straight from one dialog to the next, never back to the page between', async () => {
    const { confirm, settle, trigger, current } = await setup();
    confirm('a');
    confirm('b');
    await settle();
    let focusEvents = 0;
    trigger?.addEventListener('focus', () => focusEvents++);
    await press('Escape');
    await settle();
    expect(focusEvents).to.equal(0);
    expect(current()?.shadowRoot?.activeElement?.getAttribute('data-action')).to.equal('deny');
  });

  it('keeps focus in the queue when what had it before is gone', async () => {
    const { confirm, settle, trigger, host, current } = await setup();
    confirm('a');
    await settle();
    trigger?.remove();
    await press('Escape');
    await settle();
    expect(current()).to.equal(null);
    expect(document.activeElement?.localName).to.equal(host.localName);
  });

  it('gives focus to the queue, not to the page body, when nothing had it before (a dialog back after a reload)', async () => {
    const { confirm, settle, trigger, host, current } = await setup();
    trigger?.blur();
    expect(document.activeElement).to.equal(document.body);
    confirm('a');
    await settle();
    await press('Escape');
    await settle();
    expect(current()).to.equal(null);
    expect(document.activeElement?.localName).to.equal(host.localName);
    expect(host.shadowRoot?.activeElement?.classList.contains('notice')).to.equal(true);
  });

  it('isolates the queue position, so "1 of 2" reads right on a right-to-left page', async () => {
    const { confirm, settle, part, wrapper } = await setup();
    wrapper.dir = 'rtl';
    confirm('a');
    confirm('b');
    await settle();
    expect(part('#position > bdi')?.textContent).to.equal('1 of 2');
  });

  it('keeps the shown seconds exact and closes at the deadline, sending nothing', async () => {
    const { confirm, settle, part, clock, current, host, sent } = await setup();
    confirm('t', { timeout: 3000 });
    await settle();
    for (let t = 0; t < 3000; t += 50) {
      const remaining = 3000 - t;
      expect(part('#countdown')?.textContent, `at ${t} ms`).to.equal(`${Math.ceil(remaining / 1000)} s left`);
      clock.advance(50);
      await settle();
    }
    expect(current()).to.equal(null);
    expect(host.shadowRoot?.querySelector('[role="status"]')?.textContent).to.equal(
      '“\u2068Confirm t?\u2069” timed out: the agent went on with its default.',
    );
    expect(sent()).to.deep.equal([]);
  });

  it('says inside the next dialog that the one before timed out (behind a modal dialog the notice is not heard)', async () => {
    const { confirm, settle, clock, current } = await setup();
    confirm('first', { timeout: 1000 });
    confirm('next');
    await settle();
    clock.advance(1000);
    await settle();
    expect(current()?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Confirm next?');
    const said = '“Confirm first?” timed out: the agent went on with its default.';
    expect(await findNode((node) => node.name === said, { within: 3000 })).not.to.equal(undefined);
  });

  it('drops and reports a queued dialog whose deadline passes', async () => {
    const { confirm, settle, part, clock, host, controller } = await setup();
    confirm('first');
    confirm('queued', { timeout: 1000 });
    await settle();
    expect(part('#position')?.textContent?.trim()).to.equal('1 of 2');
    clock.advance(1000);
    await settle();
    expect(controller.dialogs.map((d) => d.request.id)).to.deep.equal(['first']);
    expect(part('#position')).to.equal(null);
    expect(host.shadowRoot?.querySelector('[role="status"]')?.textContent).to.contain('Confirm queued?');
  });

  it('reports an expired dialog by its title without ANSI codes', async () => {
    const notice = await noticeOfQueuedExpiry('\u001b[1;31mDeploy\u001b[0m now?');
    expect(notice?.textContent).to.equal(
      '“\u2068Deploy now?\u2069” timed out: the agent went on with its default.',
    );
  });

  it('a direction override in the title stays inside it: the rest of the note reads left to right', async () => {
    // An override, and a pop of the kit's own isolate before it: neither turns the sentence.
    const notice = await noticeOfQueuedExpiry('Push to origin\u2069\u202e');
    const text = [...(notice?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE);
    const left = (word: string) => {
      const range = document.createRange();
      const at = text?.textContent?.indexOf(word) ?? -1;
      range.setStart(text as Node, at);
      range.setEnd(text as Node, at + word.length);
      return range.getBoundingClientRect().left;
    };
    // The first line: “Push to origin” timed out: the agent…
    expect(left('Push')).to.be.below(left('timed'));
    expect(left('timed')).to.be.below(left('agent'));
  });

  it('says so when an answer given while offline could not be sent before the deadline', async () => {
    /** A memory transport that, like a reconnecting WebSocket, keeps what is sent while down. */
    class Flaky extends MemoryTransport {
      readonly outbox: OutboundMessage[] = [];
      drop(): void {
        this.setState('reconnecting');
      }
      override send(message: OutboundMessage): void {
        if (this.state === 'reconnecting') this.outbox.push(message);
        else super.send(message);
      }
    }
    const clock = new FakeClock(0);
    const transport = new Flaky();
    const controller = new ExtensionUIController({ transport, clock });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><rpc-dialogs .controller=${controller}></rpc-dialogs></div>`,
    );
    const host = wrapper.querySelector('rpc-dialogs') as RpcDialogs;
    transport.peer.writeMessage({
      type: 'extension_ui_request',
      id: 'd',
      method: 'confirm',
      title: 'Deploy?',
      message: 'm',
      timeout: 3000,
    });
    await host.updateComplete;
    transport.drop();
    const dialog = host.shadowRoot?.querySelector('rpc-confirm');
    (dialog?.shadowRoot?.querySelector('[data-action="confirm"]') as HTMLButtonElement).click();
    await host.updateComplete;
    expect(transport.outbox).to.have.length(1);
    expect(host.shadowRoot?.querySelector('[role="status"]')?.textContent).to.equal('');
    clock.advance(3000);
    await host.updateComplete;
    expect(host.shadowRoot?.querySelector('[role="status"]')?.textContent).to.equal(
      'Your answer to “\u2068Deploy?\u2069” could not be sent before the agent stopped waiting: it went on with its default.',
    );
  });

  it('contained: the dialog stays inside the host box and is not page-modal', async () => {
    const { confirm, settle, part, wrapper, current } = await setup({ contained: true });
    confirm('a');
    await settle();
    const dialog = part('dialog') as HTMLDialogElement;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(false);
    const box = wrapper.getBoundingClientRect();
    const rect = dialog.getBoundingClientRect();
    expect(rect.left >= box.left && rect.right <= box.right).to.equal(true);
    expect(rect.top >= box.top && rect.bottom <= box.bottom).to.equal(true);
    await animationsDone(current() ?? wrapper);
    await expect(wrapper).to.be.accessible();
  });
});

describe('registration', () => {
  it('is silent when the same elements are registered again', async () => {
    const { defineElements, elements } = await import('../../../src/components/define.js');
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      defineElements();
      defineElements();
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal([]);
    for (const [tag, element] of Object.entries(elements)) expect(customElements.get(tag)).to.equal(element);
  });
});
