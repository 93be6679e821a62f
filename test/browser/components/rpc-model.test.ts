/**
 * <rpc-model> on a memory transport: the agent's answers (`get_available_models`, `get_state`,
 * `get_available_thinking_levels`, `set_model`, `set_thinking_level`, in the shapes of
 * docs/agents.md, "Controls") given back under the ids the element sent. The stand-in model's
 * test (test/node/bridge/stand-in-model.test.ts) shows the four agents answer so, and the next turn
 * uses what was chosen; e2e-model shows this element doing it with a real agent.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcModel } from '../../../src/components/model/rpc-model.js';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { itWithForcedColors } from '../../support/engine.js';
import { combo, press, typeText } from '../../support/keys.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { panelQueries } from '../../support/panel-queries.js';

before(startAccessibility);

const PLAIN = {
  provider: 'stand-in',
  id: 'plain',
  name: 'Plain model',
  reasoning: false,
  contextWindow: 128_000,
};
const THINKER = {
  provider: 'stand-in',
  id: 'thinker',
  name: 'Thinker',
  reasoning: true,
  contextWindow: 200_000,
};
// oh-my-pi: a window it does not know, its own efforts.
const OTHER = {
  provider: 'lab',
  id: 'quick',
  name: 'Quick <b>bold</b>',
  reasoning: true,
  contextWindow: null,
  thinking: { mode: 'effort', efforts: ['low', 'high'] },
};

async function mount(setup: { dir?: string; style?: string; lang?: string } = {}) {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${setup.dir ?? 'ltr'} lang=${setup.lang ?? 'en'} style="padding: 16px; ${setup.style ?? ''}">
      <rpc-model .controller=${controller}></rpc-model>
    </div>
  `);
  const el = wrapper.querySelector('rpc-model') as RpcModel;
  await el.updateComplete;
  const { $, $$, sent, sentOf, text, options, activeOption } = panelQueries(el, peer);
  const radios = () => $$<HTMLInputElement>('input[type="radio"]');
  /** Answer the element's last command of this type. */
  const answer = async (command: string, data?: unknown, after = 0) => {
    const asked = await sentOf(command, after);
    peer.writeMessage({ type: 'response', id: asked.id, command, success: true, ...(data ? { data } : {}) });
  };
  /** The agent is on `model` at `level`, with these models and (pi 1.x) these levels. */
  const agentOn = async (model: unknown, level?: string, levels?: string[]) => {
    await answer('get_available_models', { models: [PLAIN, THINKER, OTHER] });
    await answer('get_state', { model, ...(level ? { thinkingLevel: level } : {}) });
    if (levels) await answer('get_available_thinking_levels', { levels });
    await waitUntil(() => options().length === 3, 'the list is not shown');
    await el.updateComplete;
  };
  return { el, wrapper, peer, $, sent, sentOf, text, options, radios, answer, agentOn, activeOption };
}

describe('rpc-model', () => {
  afterEach(resetMedia);

  it('lists the models with provider and context window, the current one said, and its levels', async () => {
    const { agentOn, options, text, radios, $ } = await mount();
    expect(text('[part="note"]')).to.equal('Asking the agent…');
    await agentOn(THINKER, 'medium', ['off', 'minimal', 'low', 'medium', 'high']);
    const rows = options().map((option) => option.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).to.deep.equal([
      'Plain model stand-in · 128K context',
      'Thinker stand-in · 200K context · Current',
      // Agent text is text: the name's markup is shown as written.
      'Quick <b>bold</b> lab',
    ]);
    expect(options()[1]?.getAttribute('aria-current')).to.equal('true');
    expect(options().map((option) => option.tabIndex)).to.deep.equal([-1, 0, -1]);
    expect(text('[part="current"]')).to.equal('Current: Thinker');
    expect(text('legend')).to.equal('Thinking');
    expect(radios().map((radio) => radio.value)).to.deep.equal(['off', 'minimal', 'low', 'medium', 'high']);
    expect(radios().find((radio) => radio.checked)?.value).to.equal('medium');
    expect($('#list')?.getAttribute('aria-label')).to.equal('Models the agent can use');
  });

  it('chooses a model with the keyboard, and the levels follow the new model', async () => {
    const { agentOn, options, activeOption, sentOf, answer, text, radios, sent } = await mount();
    await agentOn(PLAIN, undefined, ['off']);
    expect(text('[part="thinking"]')).to.equal('This model does not think before it answers.');
    options()[0]?.focus();
    await press('ArrowDown');
    await waitUntil(() => activeOption()?.dataset.key === 'stand-in/thinker');
    await press('End');
    await waitUntil(() => activeOption()?.dataset.key === 'lab/quick');
    await typeText('t');
    await waitUntil(
      () => activeOption()?.dataset.key === 'stand-in/thinker',
      'type-ahead did not find "Thinker"',
    );
    const before = sent().length;
    await press('Enter');
    const set = await sentOf('set_model', before);
    expect(set).to.include({ provider: 'stand-in', modelId: 'thinker' });
    await waitUntil(() => text('[part="status"]') === 'Changing the model…');
    // A second Enter while it changes sends nothing more.
    await press('Enter');
    expect(sent().filter((line) => line.type === 'set_model')).to.have.length(1);
    const asked = sent().length;
    await answer('set_model', THINKER);
    await waitUntil(() => text('[part="status"]') === 'The agent uses Thinker now.');
    await answer('get_available_thinking_levels', { levels: ['off', 'low', 'high'] }, asked);
    await answer('get_state', { model: THINKER, thinkingLevel: 'off' }, asked);
    await waitUntil(() => radios().length === 3);
    expect(options()[1]?.getAttribute('aria-current')).to.equal('true');
    expect(activeOption()?.dataset.key, 'focus stays in the list').to.equal('stand-in/thinker');
  });

  it('sets the thinking level from the radio group, and says it in the agent’s words when refused', async () => {
    const { agentOn, radios, sentOf, answer, text, peer, sent } = await mount();
    await agentOn(THINKER, 'low', ['off', 'low', 'high']);
    radios()[2]?.focus();
    radios()[2]?.click();
    const set = await sentOf('set_thinking_level');
    expect(set.level).to.equal('high');
    await waitUntil(() => text('[part="status"]') === 'Changing the thinking level…');
    expect(radios()[2]?.checked, 'the choice stays shown while the agent is asked').to.equal(true);
    const before = sent().length;
    await answer('set_thinking_level');
    peer.writeMessage({ type: 'thinking_level_changed', level: 'high' });
    await answer('get_state', { model: THINKER, thinkingLevel: 'high' }, before);
    await waitUntil(() => text('[part="status"]') === 'Thinking: High.');
    // Arrows move through native radios, and each is sent.
    await press('ArrowLeft');
    const next = await sentOf('set_thinking_level', before);
    peer.writeMessage({
      type: 'response',
      id: next.id,
      command: 'set_thinking_level',
      success: false,
      error: 'Thinking is <i>not</i> available now',
    });
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal(
      'The thinking level was not changed: Thinking is <i>not</i> available now',
    );
  });

  it('works the levels out for an agent without get_available_thinking_levels (oh-my-pi)', async () => {
    const { answer, radios, peer, sentOf, options } = await mount();
    await answer('get_available_models', { models: [PLAIN, THINKER, OTHER] });
    await answer('get_state', { model: OTHER, thinkingLevel: 'low' });
    const asked = await sentOf('get_available_thinking_levels');
    peer.writeMessage({
      type: 'response',
      id: asked.id,
      command: 'get_available_thinking_levels',
      success: false,
      error: 'Unknown command: get_available_thinking_levels',
    });
    await waitUntil(() => radios().length === 3);
    expect(radios().map((radio) => radio.parentElement?.textContent?.trim())).to.deep.equal([
      'Off',
      'Low',
      'High',
    ]);
    expect(options()[2]?.getAttribute('aria-current')).to.equal('true');
  });

  it('says the agent has no model, and that a change was not sent without a connection', async () => {
    const { answer, text, peer, el, options } = await mount();
    await answer('get_available_models', { models: [] });
    await answer('get_state', {});
    await waitUntil(() => text('[part="note"]').startsWith('The agent has no model'));
    expect(options()).to.have.length(0);
    peer.end();
    await el.updateComplete;
    expect(text('[part="error"]')).to.equal('');
  });

  it('says a change was not answered when the connection closes', async () => {
    const { agentOn, options, sentOf, peer, text } = await mount();
    await agentOn(PLAIN, undefined, ['off']);
    options()[1]?.click();
    await sentOf('set_model');
    peer.end();
    await waitUntil(() => text('[part="error"]') !== '');
    expect(text('[part="error"]')).to.equal(
      'The connection closed before the agent answered. The panel shows what it uses once it is back.',
    );
  });

  it('leaves Ctrl+Space and Alt+ArrowDown to the page', async () => {
    const { agentOn, options, sent, activeOption } = await mount();
    await agentOn(PLAIN, undefined, ['off']);
    options()[0]?.focus();
    const before = sent().length;
    await combo(['Control'], ' ');
    await combo(['Alt'], 'ArrowDown');
    expect(sent().length).to.equal(before);
    expect(activeOption()?.dataset.key).to.equal('stand-in/plain');
  });

  it('is named for a screen reader: the region, the list box, the options, the radio group', async () => {
    const { agentOn, options } = await mount();
    await agentOn(THINKER, 'high', ['off', 'low', 'high']);
    options()[1]?.focus();
    const listbox = await findNode((n) => n.role === 'listbox');
    expect(listbox?.name).to.equal('Models the agent can use');
    const option = await findNode((n) => n.role === 'option' && n.selected === true);
    expect(option?.name).to.equal('Thinker stand-in · 200K context · Current');
    const group = await findNode((n) => n.role === 'group' && n.name === 'Thinking', { all: true });
    expect(group, 'the radio group is named by its legend').to.not.equal(undefined);
    const high = await findNode((n) => n.role === 'radio' && n.name === 'High');
    expect(high, 'each level is a radio button named by its label').to.not.equal(undefined);
    const region = await findNode((n) => n.role === 'region');
    expect(region?.name).to.equal('Model');
  });

  it('speaks Japanese', async () => {
    const { ja } = await import('../../../src/components/strings/locales/ja.js');
    const { setLocaleStrings } = await import('../../../src/components/strings/locales.js');
    setLocaleStrings('ja', ja);
    const { agentOn, text, radios } = await mount({ lang: 'ja' });
    await agentOn(THINKER, 'high', ['off', 'high']);
    await waitUntil(() => text('[part="title"]') === 'モデル');
    expect(radios().map((radio) => radio.parentElement?.textContent?.trim())).to.deep.equal(['オフ', '高']);
  });

  for (const [scheme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`has no axe violations (${scheme}, ${dir})`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const background = scheme === 'dark' ? 'background: #1e1e1e; color: #e4e4e4' : '';
      const { agentOn, wrapper, $ } = await mount({ dir, style: background });
      await agentOn(THINKER, 'high', ['off', 'low', 'high']);
      if (dir === 'rtl') expect(getComputedStyle($('#list') as Element).direction).to.equal('rtl');
      await expect(wrapper).to.be.accessible();
    });
  }

  itWithForcedColors('keeps the current model and the active one visible in forced colours', async () => {
    const { agentOn, options } = await mount();
    await agentOn(THINKER, 'high', ['off', 'high']);
    options()[0]?.focus();
    await waitUntil(() => options()[0]?.getAttribute('aria-selected') === 'true');
    await emulateMedia({ forcedColors: 'active' });
    const current = getComputedStyle(options()[1] as Element);
    expect(current.borderInlineStartStyle).to.equal('solid');
    expect(current.borderInlineStartColor).to.not.equal(
      getComputedStyle(options()[2] as Element).borderInlineStartColor,
    );
  });
});
