import type { Plugin } from 'vite';

/**
 * Minify the CSS inside Lit's css`…` templates in `*.styles.ts` modules: drop comments, collapse
 * whitespace, and remove it where CSS never needs it (around `{ } ; , >`, after `:` and before
 * `!important`); drop the quotes of an attribute selector's value that is a name, the leading zero
 * of `0.5`, and shorten `#aabbcc` to `#abc`. Whitespace before `:` and around other characters is
 * kept, so selectors such as `:host ::slotted(*)` keep their descendant combinators (and `calc()`
 * its spaces around `+` and `-`). Templates with `${…}` are left alone (a `$` on its own, as in
 * `[attr$='x']`, is not an expression).
 */
export function minifyCssTemplates(): Plugin {
  return {
    name: 'rpc-minify-css-templates',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return undefined;
      return {
        code: code.replace(/css`((?:[^`$]|\$(?!\{))*)`/g, (_, body: string) => `css\`${minifyCss(body)}\``),
        map: null,
      };
    },
  };
}

/** The minification itself, exported for its test. */
export function minifyCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/\s+!important/g, '!important')
    .replace(/\[([\w-]+[~|^$*]?=)'([a-z_][\w-]*)'\]/gi, '[$1$2]')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .replace(/(^|[^\w.#-])0\.(\d)/g, '$1.$2')
    .replace(/#([\da-f])\1([\da-f])\2([\da-f])\3\b/gi, '#$1$2$3')
    .trim();
}
