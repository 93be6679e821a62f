import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ControllerBinding } from '../../src/components/reactive/controller-binding.js';
import { ExtensionUIController } from '../../src/controller/controller.js';
import { createMemoryTransport } from '../../src/transport/memory.js';

class StatusProbe extends LitElement {
  readonly binding = new ControllerBinding(this, ['statuses']);
  renders = 0;

  override render() {
    this.renders++;
    return html`${this.binding.controller?.statuses.map((s) => `${s.key}=${s.text}`).join(' ') ?? ''}`;
  }
}
customElements.define('status-probe', StatusProbe);

function setStatus(peer: ReturnType<typeof createMemoryTransport>['peer'], i: number, key = `k${i % 5}`) {
  peer.writeMessage({
    type: 'extension_ui_request',
    id: `s${i}`,
    method: 'setStatus',
    statusKey: key,
    statusText: `t${i}`,
  });
}

describe('ControllerBinding', () => {
  it('follows what it is given of the controller from the moment it is set, while the host is on the page', async () => {
    const followed: string[] = [];
    class EventProbe extends LitElement {
      readonly binding = new ControllerBinding(this, [], {
        follow: (controller) => {
          const stop = controller.on('message', (line) => followed.push(String(line.type)));
          return () => {
            stop();
            followed.push('stopped');
          };
        },
      });
    }
    customElements.define('event-probe', EventProbe);
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const el = await fixture<EventProbe>(html`<event-probe></event-probe>`);
    el.binding.controller = controller;
    // A line written at once, before the host updates, is not missed.
    peer.writeMessage({ type: 'agent_start' });
    expect(followed).to.deep.equal(['agent_start']);
    el.remove();
    peer.writeMessage({ type: 'agent_end' });
    expect(followed).to.deep.equal(['agent_start', 'stopped']);
    document.body.append(el);
    peer.writeMessage({ type: 'turn_start' });
    el.binding.controller = undefined;
    peer.writeMessage({ type: 'turn_end' });
    expect(followed).to.deep.equal(['agent_start', 'stopped', 'turn_start', 'stopped']);
  });

  it('renders once for a burst of changes in one task, and shows the latest state', async () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const el = await fixture<StatusProbe>(html`<status-probe></status-probe>`);
    el.binding.controller = controller;
    await el.updateComplete;
    const before = el.renders;
    for (let i = 0; i < 1000; i++) setStatus(peer, i);
    await el.updateComplete;
    expect(el.renders - before).to.equal(1);
    expect(el.shadowRoot?.textContent).to.equal('k0=t995 k1=t996 k2=t997 k3=t998 k4=t999');
  });

  it('per frame: a burst spread over many tasks renders at most once per animation frame', async () => {
    class FrameProbe extends StatusProbe {
      override readonly binding = new ControllerBinding(this, ['statuses'], { perFrame: true });
    }
    customElements.define('frame-probe', FrameProbe);
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const el = await fixture<FrameProbe>(html`<frame-probe></frame-probe>`);
    el.binding.controller = controller;
    await new Promise(requestAnimationFrame);
    await el.updateComplete;
    let frames = 0;
    let counting = true;
    const count = () => {
      frames++;
      if (counting) requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const before = el.renders;
    for (let i = 0; i < 200; i++) {
      setStatus(peer, i);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await new Promise(requestAnimationFrame);
    await el.updateComplete;
    counting = false;
    expect(el.renders - before).to.be.at.most(frames + 1);
    expect(el.renders - before).to.be.lessThan(200);
    expect(el.shadowRoot?.textContent).to.equal('k0=t195 k1=t196 k2=t197 k3=t198 k4=t199');
  });

  it('ignores changes it does not render', async () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const el = await fixture<StatusProbe>(html`<status-probe></status-probe>`);
    el.binding.controller = controller;
    await el.updateComplete;
    const before = el.renders;
    peer.writeMessage({ type: 'extension_ui_request', id: 't', method: 'setTitle', title: 'x' });
    await el.updateComplete;
    expect(el.renders).to.equal(before);
  });

  it('leaves no listener behind when the element leaves the DOM', async () => {
    const controller = new ExtensionUIController({ transport: createMemoryTransport().transport });
    const baseline = controller.listenerCount;
    const el = await fixture<StatusProbe>(html`<status-probe></status-probe>`);
    el.binding.controller = controller;
    expect(controller.listenerCount).to.equal(baseline + 1);
    el.remove();
    expect(controller.listenerCount).to.equal(baseline);
    document.body.append(el);
    expect(controller.listenerCount).to.equal(baseline + 1);
    el.binding.controller = undefined;
    expect(controller.listenerCount).to.equal(baseline);
  });
});
