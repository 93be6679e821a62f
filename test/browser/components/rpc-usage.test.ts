/**
 * <rpc-usage> on a memory transport: the agent's `get_session_stats` answers (the shape of
 * docs/agents.md, "Controls") given back under the id it asked with; what a person reads, what a
 * screen reader is told, axe.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcUsage } from '../../../src/components/usage/rpc-usage.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { findNode, startAccessibility } from '../../support/a11y.js';

before(startAccessibility);

const STATS = {
  tokens: { input: 12_345, output: 678, cacheRead: 4_000, cacheWrite: 0, total: 17_023 },
  cost: 0.0421,
  contextUsage: { tokens: 43_520, contextWindow: 128_000, percent: 34 },
};

async function mount(dir = 'ltr') {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(
    html`<div dir=${dir}><rpc-usage .controller=${controller}></rpc-usage></div>`,
  );
  const el = wrapper.querySelector('rpc-usage') as RpcUsage;
  const root = () => el.shadowRoot as ShadowRoot;
  const text = () => root().querySelector('[part="base"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  /** Answer the element's last question. */
  const answer = (data: unknown) => {
    const asked = peer.received
      .map((line) => JSON.parse(line) as { type: string; id: string })
      .findLast((line) => line.type === 'get_session_stats');
    peer.writeMessage({ type: 'response', id: asked?.id, command: 'get_session_stats', success: true, data });
  };
  return { el, wrapper, peer, root, text, answer };
}

describe('rpc-usage', () => {
  it('says it is asking, then the figures: tokens short, the cache when used, dollars, the context', async () => {
    const { text, answer } = await mount();
    expect(text()).to.equal('This session Asking the agent…');
    answer(STATS);
    await waitUntil(() => text() !== 'This session Asking the agent…');
    expect(text()).to.equal(
      'This session Tokens in12.3K Tokens out678 Read from cache4K Cost$0.042 Context used: 34% of 128K tokens',
    );
  });

  it('gives the context meter its name and its value in words', async () => {
    const { answer, root } = await mount();
    answer(STATS);
    await waitUntil(() => root().querySelector('meter') !== null);
    const meter = await findNode(
      (n) => n.role !== 'StaticText' && n.role !== 'InlineTextBox' && n.name === 'Context used',
      { all: true },
    );
    expect(meter?.role, JSON.stringify(meter)).to.equal('meter');
    expect(root().querySelector('meter')?.getAttribute('aria-valuetext')).to.equal('34% of 128K tokens');
  });

  it('says the context is not known right after a compaction', async () => {
    const { text, answer, peer } = await mount();
    answer(STATS);
    peer.writeMessage({ type: 'compaction_end', reason: 'manual', aborted: false, willRetry: false });
    answer({ ...STATS, contextUsage: { tokens: null, contextWindow: 128_000, percent: null } });
    await waitUntil(() => text().endsWith('Context used: Known after the next reply'));
  });

  it('offers compaction near the limit, asks the agent, and says how it went in its words', async () => {
    const { answer, root, peer, text } = await mount();
    const button = () => root().querySelector<HTMLButtonElement>('[part="compact-button"]');
    answer(STATS);
    await waitUntil(() => root().querySelector('meter') !== null);
    expect(button(), 'not offered at 34%').to.equal(null);
    answer({ ...STATS, contextUsage: { tokens: 110_000, contextWindow: 128_000, percent: 86 } });
    await waitUntil(() => button() !== null);
    const said = (part: string) => root().querySelector(`[part="${part}"]`)?.textContent?.trim();
    button()?.click();
    const compact = () =>
      peer.received
        .map((line) => JSON.parse(line) as { type: string; id: string })
        .filter((line) => line.type === 'compact');
    await waitUntil(() => compact().length === 1);
    await waitUntil(() => said('status') === 'Compacting the session…');
    expect(button()?.getAttribute('aria-disabled')).to.equal('true');
    button()?.click();
    expect(compact(), 'one at a time').to.have.length(1);
    peer.writeMessage({
      type: 'response',
      id: compact()[0]?.id,
      command: 'compact',
      success: false,
      error: 'Nothing to compact (session too small)',
    });
    await waitUntil(() => said('error') !== '');
    expect(said('error')).to.equal('The session was not compacted: Nothing to compact (session too small)');
    button()?.focus();
    button()?.click();
    await waitUntil(() => compact().length === 2);
    peer.writeMessage({
      type: 'response',
      id: compact()[1]?.id,
      command: 'compact',
      success: true,
      data: {},
    });
    await waitUntil(() => said('status') === 'The session was compacted.');
    expect(said('error')).to.equal('');
    // Asked again: after a compaction the fill is low, and the offer goes.
    answer({ ...STATS, contextUsage: { tokens: null, contextWindow: 128_000, percent: null } });
    await waitUntil(() => button() === null);
    expect(text()).to.include('Known after the next reply');
    expect(root().activeElement?.getAttribute('part'), 'focus stays in the panel').to.equal('base');
  });

  it('has no axe violations, left to right and right to left', async () => {
    for (const dir of ['ltr', 'rtl']) {
      const { wrapper, answer, root } = await mount(dir);
      answer({ ...STATS, contextUsage: { tokens: 110_000, contextWindow: 128_000, percent: 86 } });
      await waitUntil(() => root().querySelector('[part="compact-button"]') !== null);
      await expect(wrapper).to.be.accessible();
    }
  });
});
