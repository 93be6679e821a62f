import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { RpcConfirm } from '../../../src/components/confirm/rpc-confirm.js';
import { setDefaultStrings } from '../../../src/components/strings/strings.js';
import type { ConfirmRequest } from '../../../src/protocol/types.js';
import { FakeClock } from '../../support/fake-clock.js';
import { emulateMedia, resetMedia } from '../../support/media.js';
import { itWithForcedColors } from '../../support/engine.js';

const request: ConfirmRequest = {
  type: 'extension_ui_request',
  id: 'c1',
  method: 'confirm',
  title: 'Proceed?',
  message: 'm',
  timeout: 10_000,
};

async function render(style = '') {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div style=${style}><rpc-confirm .clock=${new FakeClock(0)} .request=${request}></rpc-confirm></div>`,
  );
  const el = wrapper.querySelector('rpc-confirm') as RpcConfirm;
  await el.updateComplete;
  const part = (selector: string) => el.shadowRoot?.querySelector(selector) as HTMLElement;
  return { el, part };
}

describe('theming', () => {
  afterEach(() => resetMedia());

  it('follows VS Code variables, and --rpc-* properties win over them', async () => {
    const vscode = await render(
      '--vscode-button-background: rgb(1, 2, 3); --vscode-editorWidget-background: rgb(4, 5, 6)',
    );
    expect(getComputedStyle(vscode.part('.primary')).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(vscode.part('dialog')).backgroundColor).to.equal('rgb(4, 5, 6)');
    const own = await render(
      '--vscode-button-background: rgb(1, 2, 3); --rpc-button-background: rgb(7, 8, 9)',
    );
    expect(getComputedStyle(own.part('.primary')).backgroundColor).to.equal('rgb(7, 8, 9)');
  });

  it('picks neutral light and dark values by prefers-color-scheme', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const light = getComputedStyle((await render()).part('dialog')).backgroundColor;
    await emulateMedia({ colorScheme: 'dark' });
    const dark = getComputedStyle((await render()).part('dialog')).backgroundColor;
    expect(light).to.equal('rgb(255, 255, 255)');
    expect(dark).to.equal('rgb(37, 37, 38)');
  });

  it('turns motion off under prefers-reduced-motion', async () => {
    const { part } = await render();
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(part('.fill')).transitionDuration).to.equal('0s');
    expect(getComputedStyle(part('dialog')).animationName).to.equal('none');
  });

  itWithForcedColors('keeps borders visible in forced colours', async () => {
    const bar = async () => getComputedStyle((await render()).part('.bar')).borderTopStyle;
    expect(await bar()).to.equal('none');
    await emulateMedia({ forcedColors: 'active' });
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    expect(await bar()).to.equal('solid');
    const { part } = await render();
    for (const selector of ['dialog', '.primary', '[data-action="deny"]']) {
      expect(getComputedStyle(part(selector)).borderTopStyle, selector).to.equal('solid');
      expect(getComputedStyle(part(selector)).borderTopWidth, selector).not.to.equal('0px');
      // The primary button's transparent border too: forced colours draw it.
      expect(getComputedStyle(part(selector)).borderTopColor, selector).not.to.equal('rgba(0, 0, 0, 0)');
    }
  });

  it('exposes a part for every structural node', async () => {
    const { part } = await render();
    for (const name of [
      'dialog',
      'header',
      'title',
      'body',
      'message',
      'countdown',
      'countdown-text',
      'countdown-bar',
      'actions',
    ]) {
      expect(part(`[part~="${name}"]`), name).to.not.equal(null);
    }
  });

  it('lays out right to left with logical properties', async () => {
    const { part } = await render('direction: rtl');
    const actions = part('[part="actions"]').getBoundingClientRect();
    const yes = part('.primary').getBoundingClientRect();
    // Buttons sit at the end of the row: on the left in RTL.
    expect(Math.round(yes.left - actions.left)).to.be.lessThan(40);
  });

  it('lets every string be overridden globally and per element', async () => {
    setDefaultStrings({ confirm: 'Oui', deny: 'Non' });
    try {
      const { el, part } = await render();
      expect(part('.primary').textContent?.trim()).to.equal('Oui');
      el.strings = { deny: 'Nein', secondsLeft: 'noch {seconds} s' };
      await el.updateComplete;
      expect(part('[data-action="deny"]').textContent?.trim()).to.equal('Nein');
      expect(part('#countdown').textContent).to.equal('noch 10 s');
    } finally {
      setDefaultStrings({ confirm: 'Yes', deny: 'No' });
    }
  });
});
