import { describe, expect, it } from 'vitest';
import { minifyHtmlTemplates } from '../../scripts/minify-html.js';

const minify = (code: string) => minifyHtmlTemplates(code).toString();

describe('the build’s html template minifier', () => {
  it('drops the indentation of html and svg templates, keeping each line break', () => {
    const code =
      'const a = html`\n      <div\n\t\tclass="x"\n      >${b}</div>\n    `;\nconst c = svg`\n  <path/>`;';
    expect(minify(code)).toBe('const a = html`\n<div\nclass=x\n>${b}</div>\n`;\nconst c = svg`\n<path/>`;');
  });

  it('leaves expressions, other templates and strings alone, and minifies nested templates', () => {
    const code = [
      'const t = html`',
      '  <ul>${items.map((item) => html`',
      '    <li>${item}</li>`)}',
      '  </ul>${css`',
      '  a { b: c }`}${`',
      '  plain`}${"x\\n  y"}`;',
    ].join('\n');
    expect(minify(code)).toBe(
      [
        'const t = html`',
        '<ul>${items.map((item) => html`',
        '<li>${item}</li>`)}',
        '</ul>${css`',
        '  a { b: c }`}${`',
        '  plain`}${"x\\n  y"}`;',
      ].join('\n'),
    );
  });

  it('keeps the same number of lines, so the source map stays line for line', () => {
    const code = 'x = html`\n   <p>\n     ${y}\n   </p>`;\nz();';
    expect(minify(code).split('\n')).toHaveLength(code.split('\n').length);
    expect(minifyHtmlTemplates('no templates here').hasChanged()).toBe(false);
  });

  it('drops the quotes of static attribute values that need none', () => {
    const code =
      'x = html`<p class="a b" part="body" tabindex="-1" id=${id} aria-hidden="true">${t}</p>' +
      '<path d="M1 2" stroke-width="1.75"/><input type="text" />`;';
    expect(minify(code)).toBe(
      'x = html`<p class="a b" part=body tabindex=-1 id=${id} aria-hidden=true>${t}</p>' +
        '<path d="M1 2" stroke-width="1.75"/><input type=text />`;',
    );
  });
});
