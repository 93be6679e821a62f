import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssTemplates } from '../../scripts/minify-css.js';

describe('the build’s CSS minifier', () => {
  it('drops comments and whitespace CSS never needs, shortens zeros and colours', () => {
    const source = `
      /* a comment */
      dialog {
        margin: 0.875rem 10.5px -0.5em;
        color: #ffffff;
        background: rgb(0 0 0 / 0.32);
      }
    `;
    expect(minifyCss(source)).toBe(
      'dialog{margin:.875rem 10.5px -0.5em;color:#fff;background:rgb(0 0 0 / .32)}',
    );
  });

  it('keeps the whitespace that is a descendant combinator', () => {
    expect(minifyCss(':host([contained]) ::slotted(*) { top: 0 }')).toBe(
      ':host([contained]) ::slotted(*){top:0}',
    );
    expect(minifyCss('.connection .indicator , b > c { top: 0 }')).toBe('.connection .indicator,b>c{top:0}');
  });

  it('drops the quotes of an attribute selector value that is a name, and the space before !important', () => {
    expect(
      minifyCss(".c[data-state*='connecting'], [a='true'] , [b='1x'], [c='a b'] { top: 0 !important }"),
    ).toBe(".c[data-state*=connecting],[a=true],[b='1x'],[c='a b']{top:0!important}");
  });

  it('leaves strings, eight-digit colours and numbers that only look alike', () => {
    expect(minifyCss(".a::before { content: ''; color: #aabbccdd; width: 10.05px }")).toBe(
      ".a::before{content:'';color:#aabbccdd;width:10.05px}",
    );
  });

  it('minifies a css`…` template with a `$=` selector, and leaves one with an expression', () => {
    const plugin = minifyCssTemplates();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const code =
      "css`\n  :host-context([kind$='dark']) {\n    color-scheme: dark;\n  }\n`;\ncss`a { top: ${0} }`;";
    expect(transform(code, 'x.styles.ts')?.code).toBe(
      'css`:host-context([kind$=dark]){color-scheme:dark}`;\ncss`a { top: ${0} }`;',
    );
  });
});
