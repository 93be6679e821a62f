import { expect, fixture, html } from '@open-wc/testing';
import { ansiBaseColor, ansiText } from '../../../src/components/shared/ansi-text.js';

const E = '\u001b';
/** Captured from pi 0.73.1 (`/probe` setStatus with themeColor "accent"), see test/node/ansi-agent.test.ts. */
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
    const { el, spans, css } = await show(`${capturedAccent} after`);
    expect(spans.map((s) => s.textContent)).to.deep.equal(['accent text ✓']);
    expect(css(0).color).to.equal('rgb(138, 190, 183)');
    expect(el.textContent).to.equal('accent text ✓ after');
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
