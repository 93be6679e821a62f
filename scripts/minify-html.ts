import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

const TAGS = new Set(['html', 'svg', 'staticHtml']);

/**
 * The quotes of a static attribute value that HTML reads the same without them: a name, number or
 * word (`class="header"`, `tabindex="-1"`), after `name=` and before whitespace or the tag's end.
 */
const UNQUOTABLE = /(?<=\s[a-z][\w-]*=)"[\w.-]+"(?=[\s>])/g;

/**
 * Drop the indentation in the static parts of Lit's html`…` and svg`…` templates (and
 * lit/static-html's, imported as `staticHtml`): the spaces and tabs after each line break. The
 * line break stays, so the markup keeps a whitespace character where it had whitespace (the same
 * rendering outside `white-space: pre`, which the kit's templates never indent inside) and every
 * line keeps its number. Also drop the quotes around static attribute values that need none.
 * Expressions (`${…}`), other strings and nested templates' code are not touched; a nested
 * html`…` is a template of its own.
 */
export function minifyHtmlTemplates(code: string, fileName = 'module.ts'): MagicString {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edited = new MagicString(code);
  const strip = (part: ts.Node) => {
    const start = part.getStart(source);
    const text = code.slice(start, part.getEnd());
    for (const match of text.matchAll(/\n([ \t]+)/g)) {
      const from = start + match.index + 1;
      edited.remove(from, from + (match[1]?.length ?? 0));
    }
    for (const match of text.matchAll(UNQUOTABLE)) {
      const open = start + match.index;
      edited.remove(open, open + 1);
      edited.remove(open + match[0].length - 1, open + match[0].length);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && TAGS.has(node.tag.text)) {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) strip(template);
      else {
        strip(template.head);
        for (const span of template.templateSpans) strip(span.literal);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edited;
}

/**
 * The build step: the components' templates without their indentation (about a tenth of a
 * template's bytes), with a source map.
 */
export function minifyHtmlTemplatesPlugin(): Plugin {
  return {
    name: 'rpc-minify-html-templates',
    transform(code, id) {
      if (!/\/src\/components\/.*\.ts$/.test(id) || /\.styles\.ts$/.test(id) || !/(html|svg)`/.test(code))
        return undefined;
      const edited = minifyHtmlTemplates(code, id);
      if (!edited.hasChanged()) return undefined;
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
  };
}
