import { expect } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcSelect } from '../../../src/components/select/rpc-select.js';
import { TYPEAHEAD_TIMEOUT } from '../../../src/components/select/typeahead.js';
import type { SelectRequest } from '../../../src/protocol/types.js';
import { openDialog, shadowPart } from '../../support/dialog.js';
import { animationsDone } from '../../support/animations.js';
import { findNode, startAccessibility } from '../../support/a11y.js';
import { channels, contrast } from '../../support/contrast.js';
import { press, typeText } from '../../support/keys.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { FakeClock } from '../../support/fake-clock.js';
import { itWithForcedColors } from '../../support/engine.js';

// The page's accessibility is started before its first test, as a screen reader's would be.
before(startAccessibility);

// oh-my-pi's `optionDetails`: one entry per option by index, `{}` for none.
const request = (extra: Partial<SelectRequest> = {}): SelectRequest => ({
  type: 'extension_ui_request',
  id: 'd1',
  method: 'select',
  title: 'details: pick one',
  options: ['alpha', 'beta', 'gamma', 'delta'],
  optionDetails: [{ description: 'first letter ✓' }, {}, { description: 'Crème brûlée, ＦＵＬＬ width' }, {}],
  ...extra,
});

function open(extra: Partial<SelectRequest> = {}) {
  return openDialog<RpcSelect, SelectRequest>('rpc-select', request(extra));
}

const part = (el: RpcSelect, selector: string) => shadowPart(el, selector) as HTMLElement;
const options = (el: RpcSelect) => [
  ...(el.shadowRoot?.querySelectorAll<HTMLElement>('[role="option"]') ?? []),
];
/**
 * The active option, as assistive technology finds it: the option that takes focus in the list, or
 * with the filter (`owner`) the one the combobox's aria-activedescendant names.
 */
function active(el: RpcSelect, owner: HTMLElement | null = part(el, '#filter')): HTMLElement {
  const option = owner
    ? el.shadowRoot?.getElementById(owner.getAttribute('aria-activedescendant') ?? '')
    : options(el).find((o) => o.tabIndex === 0);
  expect(option, 'the active option is found').to.exist;
  return option as HTMLElement;
}
const labelOf = (option: HTMLElement) => option.querySelector('[part="option-label"]')?.textContent;
/** The text an option's aria-describedby points at, resolved in the shadow root. */
function describedText(el: RpcSelect, option: HTMLElement): string | undefined {
  const id = option.getAttribute('aria-describedby');
  return id ? (el.shadowRoot?.getElementById(id)?.textContent ?? undefined) : undefined;
}

describe('rpc-select: option descriptions (oh-my-pi optionDetails)', () => {
  afterEach(async () => {
    await resetMedia();
    await emulateMedia({ forcedColors: '' });
  });

  it('shows each description under its label, smaller; options without one show the label alone', async () => {
    const { el } = await open();
    const [alpha, beta] = options(el);
    const label = alpha?.querySelector('[part="option-label"]') as HTMLElement;
    const description = alpha?.querySelector('[part="option-description"]') as HTMLElement;
    expect(label.textContent).to.equal('alpha');
    expect(description.textContent).to.equal('first letter ✓');
    const labelBox = label.getBoundingClientRect();
    const descriptionBox = description.getBoundingClientRect();
    expect(descriptionBox.height).to.be.greaterThan(0);
    expect(descriptionBox.top).to.be.at.least(labelBox.bottom - 0.5);
    // Both inside the row, which is not the active one (so not grown): the row fits them.
    const row = (beta as HTMLElement).getBoundingClientRect();
    expect(row.height).to.be.at.least(labelBox.height + descriptionBox.height - 0.5);
    const sizes = [label, description].map((node) => Number.parseFloat(getComputedStyle(node).fontSize));
    expect(sizes[1]).to.be.lessThan(sizes[0] ?? 0);
    expect(labelOf(beta as HTMLElement)).to.equal('beta');
    expect(beta?.querySelector('[part="option-description"]')).to.equal(null);
    expect(beta?.hasAttribute('aria-describedby')).to.equal(false);
  });

  it("gives the accessibility tree each option's name (its label) and description", async () => {
    const { el } = await open();
    const alpha = await findNode((n) => n.role === 'option' && n.name === 'alpha', { all: true });
    expect(alpha?.description).to.equal('first letter ✓');
    const beta = await findNode((n) => n.role === 'option' && n.name === 'beta', { all: true });
    expect(beta?.description ?? '').to.equal('');
    // The active option is the focused one, and described from there.
    await press('ArrowDown');
    await press('ArrowDown');
    await el.updateComplete;
    const gamma = active(el);
    expect(labelOf(gamma)).to.equal('gamma');
    expect(describedText(el, gamma)).to.equal('Crème brûlée, ＦＵＬＬ width');
    const node = await findNode((n) => n.role === 'option' && n.name === 'gamma', { all: true });
    expect(node?.selected).to.equal(true);
    expect(node?.description).to.equal('Crème brûlée, ＦＵＬＬ width');
  });

  it('answers with the label, never the description', async () => {
    const { el, responses } = await open();
    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    await el.updateComplete;
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'd1', value: 'gamma' }]);
  });

  it('the filter matches descriptions too, folded as labels are ("creme" finds "Crème", "full" "ＦＵＬＬ")', async () => {
    const { el, responses } = await openDialog<RpcSelect, SelectRequest>(
      'rpc-select',
      request(),
      (select) => {
        select.filter = 'always';
      },
    );
    const filter = part(el, '#filter') as HTMLInputElement;
    for (const [query, expected] of [
      ['creme', ['gamma']],
      ['full', ['gamma']],
      ['LETTER', ['alpha']],
      ['ta', ['beta', 'delta']],
    ] as const) {
      filter.value = query;
      filter.dispatchEvent(new Event('input'));
      await el.updateComplete;
      expect(options(el).map(labelOf), query).to.deep.equal(expected);
    }
    filter.value = 'brûlée';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(describedText(el, active(el, filter))).to.equal('Crème brûlée, ＦＵＬＬ width');
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'd1', value: 'gamma' }]);
  });

  it('type-ahead goes to a label first, and to a description when no label starts with the keys', async () => {
    // beta's description starts with "d" too, but delta's label does.
    const clock = new FakeClock(0);
    const { el } = await openDialog<RpcSelect, SelectRequest>(
      'rpc-select',
      request({ optionDetails: [{}, { description: 'deprecated' }, { description: 'Crème' }, {}] }),
      (select) => (select.clock = clock),
    );
    await typeText('d');
    await el.updateComplete;
    expect(labelOf(active(el))).to.equal('delta');
    clock.advance(TYPEAHEAD_TIMEOUT + 1); // the typed "d" is forgotten: the next keys start over
    await typeText('cre'); // no label starts with it: gamma's description does
    await el.updateComplete;
    expect(labelOf(active(el))).to.equal('gamma');
  });

  it('5,000 options with descriptions: a bounded number of nodes, each rendered one described, fast filtering', async () => {
    const count = 5_000;
    const labels = Array.from({ length: count }, (_, i) => `model-${String(i + 1).padStart(4, '0')}`);
    const details = labels.map((_, i) =>
      i % 3 === 2 ? {} : { description: `context ${i + 1}k, Größe ${i % 7}` },
    );
    const started = performance.now();
    const { el, responses } = await open({ options: labels, optionDetails: details, title: 'Model?' });
    part(el, '#listbox').getBoundingClientRect();
    const opened = performance.now() - started;
    const filter = part(el, '#filter') as HTMLInputElement;
    expect(options(el).length).to.be.below(60);
    expect(options(el)[0]?.getAttribute('aria-setsize')).to.equal('5000');
    active(el, filter).focus(); // in the filter, End moves the caret
    await press('End');
    await el.updateComplete;
    const last = active(el, filter);
    expect(labelOf(last)).to.equal('model-5000');
    expect(describedText(el, last)).to.equal(details[count - 1]?.description);
    for (const option of options(el)) {
      const id = option.getAttribute('aria-describedby');
      if (id) expect(el.shadowRoot?.getElementById(id), id).to.exist;
    }
    const typed = performance.now();
    filter.value = 'GROSSE 6';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    const filtered = performance.now() - typed;
    console.info(
      `rpc-select, 5,000 options with descriptions: open ${opened.toFixed(1)} ms, filter ${filtered.toFixed(1)} ms`,
    );
    // Größe 6 at i % 7 = 6, minus every third option (no description): 476 of them.
    const expected = details.filter((d, i) => d.description && i % 7 === 6).length;
    expect(options(el)[0]?.getAttribute('aria-setsize')).to.equal(String(expected));
    expect(labelOf(active(el, filter))).to.equal('model-0007');
    expect(filtered).to.be.below(500);
    await press('Enter');
    expect(responses).to.deep.equal([{ type: 'extension_ui_response', id: 'd1', value: 'model-0007' }]);
  });

  it('descriptions stay readable: 4.5:1 on their row, light and dark; the active row in its own colour', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await emulateMedia({ colorScheme: scheme });
      const { el } = await open();
      await press('ArrowDown');
      await press('ArrowDown');
      await el.updateComplete;
      const alpha = options(el)[0] as HTMLElement;
      const description = alpha.querySelector('[part="option-description"]') as HTMLElement;
      const listboxBackground = getComputedStyle(part(el, '#listbox')).backgroundColor;
      const ratio = contrast(channels(getComputedStyle(description).color), channels(listboxBackground));
      expect(ratio, scheme).to.be.at.least(4.5);
      const activeRow = active(el);
      const activeDescription = activeRow.querySelector('[part="option-description"]') as HTMLElement;
      expect(getComputedStyle(activeDescription).color, scheme).to.equal(getComputedStyle(activeRow).color);
      el.remove();
    }
  });

  itWithForcedColors(
    'in forced colours, descriptions take the system colours (the active one HighlightText)',
    async () => {
      await emulateMedia({ forcedColors: 'active' });
      const { el } = await open();
      await press('ArrowDown');
      await press('ArrowDown');
      await el.updateComplete;
      const activeRow = active(el);
      const activeDescription = activeRow.querySelector('[part="option-description"]') as HTMLElement;
      expect(getComputedStyle(activeDescription).color).to.equal(getComputedStyle(activeRow).color);
      const other = options(el)[0]?.querySelector('[part="option-description"]') as HTMLElement;
      const background = getComputedStyle(part(el, '#listbox')).backgroundColor;
      expect(contrast(channels(getComputedStyle(other).color), channels(background))).to.be.at.least(4.5);
    },
  );

  it('has no axe violations, light and dark, with the filter too', async () => {
    const { el } = await open();
    await animationsDone(el);
    await expect(el).to.be.accessible();
    el.style.colorScheme = 'dark';
    await expect(el).to.be.accessible();
    el.filter = 'always';
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
