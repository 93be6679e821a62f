// Part of `npm run build`: from custom-elements.json (written by `cem analyze`) write the editor
// metadata shipped in dist/:
// - dist/custom-elements.json: the manifest, with each element's module pointing at its built
//   entry (dist/elements/<tag>.js) instead of the TypeScript source;
// - dist/vscode.html-custom-data.json: VS Code's HTML custom data (tags, attributes, values);
// - dist/web-types.json: JetBrains web-types (elements, attributes, events, slots, CSS parts and
//   custom properties).
import { readFileSync, writeFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

/** The element declarations, with their module. */
const elements = manifest.modules.flatMap((mod) =>
  (mod.declarations ?? []).filter((d) => d.customElement && d.tagName).map((d) => ({ mod, d })),
);

/** `'a' | 'b'` → ['a', 'b']; anything else → undefined. */
function literalValues(typeText) {
  const parts = typeText?.split('|').map((p) => p.trim());
  if (!parts?.length || !parts.every((p) => /^(['"]).*\1$/.test(p))) return undefined;
  return parts.map((p) => p.slice(1, -1));
}

const published = structuredClone(manifest);
for (const mod of published.modules) {
  const element = elements.find((e) => e.mod.path === mod.path);
  if (element) mod.path = `dist/elements/${element.d.tagName}.js`;
}
writeFileSync('dist/custom-elements.json', `${JSON.stringify(published, null, 2)}\n`);

const customData = {
  version: 1.1,
  tags: elements.map(({ d }) => ({
    name: d.tagName,
    description: d.summary ?? d.description ?? '',
    attributes: (d.attributes ?? []).map((a) => {
      const values = literalValues(a.type?.text);
      return {
        name: a.name,
        description: a.description ?? '',
        ...(a.type?.text === 'boolean' ? { valueSet: 'v' } : {}),
        ...(values ? { values: values.map((name) => ({ name })) } : {}),
      };
    }),
  })),
};
writeFileSync('dist/vscode.html-custom-data.json', `${JSON.stringify(customData, null, 2)}\n`);

const named = (list) => (list ?? []).map((x) => ({ name: x.name, description: x.description ?? '' }));
const webTypes = {
  $schema: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json',
  name: pkg.name,
  version: pkg.version,
  'description-markup': 'markdown',
  'js-types-syntax': 'typescript',
  contributions: {
    html: {
      elements: elements.map(({ d }) => ({
        name: d.tagName,
        description: d.description ?? d.summary ?? '',
        source: { module: `${pkg.name}/elements/${d.tagName}.js`, symbol: d.name },
        attributes: (d.attributes ?? []).map((a) => ({
          name: a.name,
          description: a.description ?? '',
          ...(a.default === undefined ? {} : { default: a.default }),
          value: literalValues(a.type?.text)
            ? { type: 'enum', kind: 'plain' }
            : { type: a.type?.text ?? 'string', required: a.type?.text !== 'boolean' },
          ...(literalValues(a.type?.text)
            ? { values: literalValues(a.type?.text).map((name) => ({ name })) }
            : {}),
        })),
        events: named(d.events),
        slots: named(d.slots),
        js: {
          properties: (d.members ?? [])
            .filter(
              (m) => m.kind === 'field' && !m.static && m.privacy !== 'private' && !m.name.startsWith('#'),
            )
            .map((m) => ({
              name: m.name,
              description: m.description ?? '',
              ...(m.type ? { type: m.type.text } : {}),
            })),
          events: named(d.events),
        },
        css: { parts: named(d.cssParts), properties: named(d.cssProperties) },
      })),
    },
  },
};
writeFileSync('dist/web-types.json', `${JSON.stringify(webTypes, null, 2)}\n`);
console.log(
  `manifests: ${elements.length} elements → dist/custom-elements.json, dist/vscode.html-custom-data.json, dist/web-types.json`,
);
