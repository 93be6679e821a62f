import { expect, fixture, html } from '@open-wc/testing';
import type { CSSResultOrNative, LitElement } from 'lit';
import { elements } from '../../../src/components/define.js';
import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import { FakeClock } from '../../support/fake-clock.js';
import { emulateMedia, resetMedia } from '../../support/media.js';

// light-dark() came late (Chrome 123, Firefox 120, Safari 17.5). Every colour the kit's styles
// write with it has a fallback by prefers-color-scheme for the browsers before; here the engine
// under test plays such a browser, given the styles with the light-dark() rules taken out.

const cssText = (style: CSSResultOrNative) =>
  style instanceof CSSStyleSheet ? [...style.cssRules].map((rule) => rule.cssText).join('\n') : style.cssText;

/** The rules of `sheet`, `@media` and `@supports` opened, each with the `@supports` around it. */
function* rules(list: CSSRuleList, supports = ''): Generator<{ rule: CSSRule; supports: string }> {
  for (const rule of list) {
    if (rule instanceof CSSSupportsRule) yield* rules(rule.cssRules, rule.conditionText);
    else if (rule instanceof CSSMediaRule) yield* rules(rule.cssRules, supports);
    else yield { rule, supports };
  }
}

function sheetOf(style: CSSResultOrNative): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText(style));
  return sheet;
}

/**
 * `sheet` as a browser without light-dark() takes it: the rules that ask for it left out, and
 * light-dark() anywhere else a function it does not know.
 */
function withoutLightDark(sheet: CSSStyleSheet): CSSStyleSheet {
  const kept = new CSSStyleSheet();
  kept.replaceSync(
    [...sheet.cssRules]
      .filter((rule) => !(rule instanceof CSSSupportsRule && rule.conditionText.includes('light-dark')))
      .map((rule) => rule.cssText.replaceAll('light-dark(', 'unknown-function('))
      .join('\n'),
  );
  return kept;
}

describe('colours before light-dark()', () => {
  afterEach(() => resetMedia());

  it('every element writes light-dark() only where the browser is known to have it', () => {
    for (const [tag, element] of Object.entries(elements)) {
      const styles = (element as unknown as typeof LitElement).elementStyles;
      for (const style of styles)
        for (const { rule, supports } of rules(sheetOf(style).cssRules))
          if (rule.cssText.includes('light-dark('))
            expect(supports, `${tag}: ${rule.cssText.slice(0, 120)}`).to.contain('light-dark');
    }
  });

  it('a dialog keeps its surface and text, light and dark, by the system scheme', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rpc-confirm
        contained
        .clock=${new FakeClock(0)}
        .request=${{ type: 'extension_ui_request', id: 'c1', method: 'confirm', title: 'Proceed?', message: 'm' }}
      ></rpc-confirm>
    </div>`);
    const el = wrapper.querySelector('rpc-confirm') as RpcConfirm;
    await el.updateComplete;
    const root = el.shadowRoot as ShadowRoot;
    const styles = (el.constructor as typeof LitElement).elementStyles;
    root.adoptedStyleSheets = styles.map((style) => withoutLightDark(sheetOf(style)));
    const dialog = root.querySelector('dialog') as HTMLElement;
    const primary = root.querySelector('.primary') as HTMLElement;
    const look = () => [
      getComputedStyle(dialog).backgroundColor,
      getComputedStyle(dialog).color,
      getComputedStyle(primary).backgroundColor,
    ];
    await emulateMedia({ colorScheme: 'light' });
    expect(look()).to.deep.equal(['rgb(255, 255, 255)', 'rgb(31, 31, 31)', 'rgb(0, 95, 184)']);
    await emulateMedia({ colorScheme: 'dark' });
    expect(look()).to.deep.equal(['rgb(37, 37, 38)', 'rgb(228, 228, 228)', 'rgb(14, 99, 156)']);
  });
});
