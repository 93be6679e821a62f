import { expect, fixture, html } from '@open-wc/testing';
import { ansiBaseColor, ansiText } from '../../../src/components/ansi-text/ansi-text.js';
import { channels, contrast } from '../../support/contrast.js';

const E = '\u001b';
/** Captured from pi 0.73.1 (`/probe` setStatus with themeColor "accent"), see test/node/protocol/ansi-agent.test.ts. */
const capturedAccent = `${E}[38;2;138;190;183maccent text ✓${E}[39m`;

async function show(text: string, style = '') {
  const el = await fixture<HTMLDivElement>(html`<div style=${style}>${ansiText(text)}</div>`);
  const spans = [...el.querySelectorAll<HTMLSpanElement>('span.ansi')];
  const css = (index: number) => getComputedStyle(spans[index] ?? el);
  return { el, spans, css };
}

describe('ansiText', () => {
  it('renders plain text as text, without spans', async () => {
    const { el, spans } = await show('just text\twith a tab');
    expect(spans).to.have.length(0);
    expect(el.textContent).to.equal('just text\twith a tab');
  });

  it("renders the agent's captured 24-bit colour as a styled span, reset after", async () => {
    const { el, spans, css } = await show(`${capturedAccent} after`, 'color-scheme: dark');
    expect(spans.map((s) => s.textContent)).to.deep.equal(['accent text ✓']);
    expect(css(0).color).to.equal('rgb(138, 190, 183)');
    expect(el.textContent).to.equal('accent text ✓ after');
  });

  // pi's default theme is dark: its colours, as it writes them (#ffff00 is its warning).
  const piDark = {
    accent: '138;190;183',
    success: '181;189;104',
    warning: '255;255;0',
    error: '204;102;102',
  };
  const painted = Object.values(piDark)
    .map((rgb) => `${E}[38;2;${rgb}mx${E}[39m`)
    .join(' ');

  it("darkens the agent's light colours in the light scheme to 4.5:1 on the kit's surfaces, hue kept", async () => {
    const { spans, css } = await show(painted, 'color-scheme: light');
    const sent = Object.values(piDark).map((rgb) => rgb.split(';').map(Number));
    spans.forEach((_, index) => {
      const shown = channels(css(index).color);
      expect(contrast(shown, [236, 236, 236]), css(index).color).to.be.at.least(4.5);
      const [r = 0, g = 0, b = 0] = sent[index] ?? [];
      const [sr = 0, sg = 0, sb = 0] = shown;
      // The same hue: the channels keep their order.
      expect(Math.sign(sr - sg), 'r vs g').to.equal(Math.sign(r - g));
      expect(Math.sign(sg - sb), 'g vs b').to.equal(Math.sign(g - b));
    });
  });

  it("lightens the agent's dark colours in the dark scheme, and keeps the readable ones as sent", async () => {
    const dimGrey = `${E}[38;2;102;102;102mdim${E}[39m`;
    const { css } = await show(`${painted} ${dimGrey}`, 'color-scheme: dark');
    expect(css(0).color).to.equal('rgb(138, 190, 183)');
    expect(css(1).color).to.equal('rgb(181, 189, 104)');
    expect(css(2).color).to.equal('rgb(255, 255, 0)');
    for (const index of [3, 4])
      expect(contrast(channels(css(index).color), [42, 45, 46])).to.be.at.least(4.5);
  });

  it('keeps a colour the agent paired with a background of its own', async () => {
    const { css } = await show(`${E}[38;2;255;255;0;48;2;40;40;50mx${E}[0m`, 'color-scheme: light');
    expect(css(0).color).to.equal('rgb(255, 255, 0)');
    expect(css(0).backgroundColor).to.equal('rgb(40, 40, 50)');
  });

  it('maps base colours to --rpc-ansi-* tokens, then VS Code terminal colours, then a fallback', async () => {
    const text = `${E}[31mred${E}[0m ${E}[92mgreen${E}[0m`;
    expect((await show(text)).css(0).color).to.equal('rgb(194, 27, 27)');
    const vscode = await show(
      text,
      '--vscode-terminal-ansiRed: rgb(4, 5, 6); --vscode-terminal-ansiBrightGreen: rgb(7, 8, 9)',
    );
    expect(vscode.css(0).color).to.equal('rgb(4, 5, 6)');
    expect(vscode.css(1).color).to.equal('rgb(7, 8, 9)');
    const own = await show(
      text,
      '--vscode-terminal-ansiRed: rgb(4, 5, 6); --rpc-ansi-red: rgb(1, 2, 3); --rpc-ansi-bright-green: rgb(3, 2, 1)',
    );
    expect(own.css(0).color).to.equal('rgb(1, 2, 3)');
    expect(own.css(1).color).to.equal('rgb(3, 2, 1)');
    expect(ansiBaseColor(13))
      .to.contain('--rpc-ansi-bright-magenta')
      .and.contain('--vscode-terminal-ansiBrightMagenta');
  });

  it('renders 256 colours and backgrounds as literal colours', async () => {
    const { css } = await show(`${E}[38;5;196;48;5;21mx${E}[0m`);
    expect(css(0).color).to.equal('rgb(255, 0, 0)');
    expect(css(0).backgroundColor).to.equal('rgb(0, 0, 255)');
  });

  it('renders bold, italic, underline, dim and inverse', async () => {
    const { css } = await show(
      `${E}[1mb${E}[22;3mi${E}[23;4mu${E}[24;2md${E}[22;7;38;2;1;2;3;48;2;4;5;6mv${E}[0m`,
    );
    expect(css(0).fontWeight).to.equal('700');
    expect(css(1).fontStyle).to.equal('italic');
    expect(css(2).textDecorationLine).to.equal('underline');
    expect(Number(css(3).opacity)).to.be.lessThan(1);
    expect(css(4).color).to.equal('rgb(4, 5, 6)');
    expect(css(4).backgroundColor).to.equal('rgb(1, 2, 3)');
  });

  it('renders untrusted markup as text and drops other control sequences', async () => {
    const evil = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
    const { el, spans } = await show(
      `${E}[31m${evil}${E}[0m${E}]8;;https://x${E}\\link${E}]8;;${E}\\${E}[2K\u0007!`,
    );
    expect(el.querySelector('img, script')).to.equal(null);
    expect(spans[0]?.textContent).to.equal(evil);
    expect(el.textContent).to.equal(`${evil}link!`);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('updates in place when the text changes', async () => {
    const el = await fixture<HTMLDivElement>(html`<div></div>`);
    const { render } = await import('lit');
    render(ansiText(`${E}[1;31mx`), el);
    const span = el.querySelector<HTMLElement>('span.ansi');
    render(ansiText(`${E}[32mx`), el);
    expect(el.querySelector('span.ansi')).to.equal(span);
    expect(span?.style.fontWeight).to.equal('');
    expect(getComputedStyle(span ?? el).color).to.equal('rgb(26, 127, 26)');
  });
});
