/**
 * `npm run reference`: writes docs/reference/, one page per element (its attributes, properties,
 * methods, events, slots, CSS parts and CSS custom properties, with their JSDoc) and an index,
 * from the custom elements manifest of the sources. test/node/project/reference.test.ts fails when
 * the committed pages differ from what this writes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyze, type ElementDoc, elementsOf, type Member, type Named } from './reference-manifest.js';

/** Where the pages go, from the repository's root. */
export const REFERENCE_DIR = 'docs/reference';

const GENERATED =
  '<!-- Written by `npm run reference` from the JSDoc of the sources (the custom elements manifest): edit those, not this page. -->';

/** One line of a table cell: line breaks joined, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '');

function table(title: string, head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return [];
  return [
    `## ${title}`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

/**
 * A member's type, with the dialog shell's type parameter `R` named: `RpcSelect` extends
 * `RpcDialogElement<SelectRequest>`, and so on (the analyzer keeps the parameter).
 */
const typeOf = (element: ElementDoc, text: string | undefined) =>
  text?.replace(/\bR\b/g, `${element.name.replace(/^Rpc/, '')}Request`);

const isPublic = (m: Member) => !m.static && !m.name.startsWith('#') && (m.privacy ?? 'public') === 'public';

const signature = (m: Member) =>
  `${m.name}(${(m.parameters ?? []).map((p) => (p.name.startsWith('{') ? 'options' : p.name) + (p.default !== undefined ? '?' : '')).join(', ')})`;

/** The markdown of one element's page. */
export function elementPage(element: ElementDoc): string {
  const members = (element.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field' && !m.attribute);
  const methods = members.filter((m) => m.kind === 'method');
  const named = (list: readonly Named[] | undefined) =>
    (list ?? []).map((x) => [x.name ? code(x.name) : '(default)', cell(x.description)]);
  return [
    `# \`<${element.tagName}>\``,
    '',
    GENERATED,
    '',
    ...(element.summary ? [element.summary, ''] : []),
    `\`${element.name}\`, from \`rpc-ui-kit/elements/${element.tagName}.js\` (unregistered) or registered by \`rpc-ui-kit/define.js\`.`,
    '',
    ...(element.description ? [element.description, ''] : []),
    ...table(
      'Attributes',
      ['attribute', 'property', 'type', 'default', 'description'],
      (element.attributes ?? []).map((a) => [
        code(a.name),
        code(a.fieldName),
        code(typeOf(element, a.type?.text)),
        code(a.default),
        cell(a.description),
      ]),
    ),
    ...table(
      'Properties',
      ['property', 'type', 'default', 'description'],
      fields.map((f) => [
        code(f.name) + (f.readonly ? ' (read-only)' : ''),
        code(typeOf(element, f.type?.text)),
        code(f.default),
        cell(f.description),
      ]),
    ),
    ...table(
      'Methods',
      ['method', 'description'],
      methods.map((m) => [code(signature(m)), cell(m.description)]),
    ),
    ...table(
      'Events',
      ['event', 'type', 'description'],
      (element.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    ),
    ...table('Slots', ['slot', 'description'], named(element.slots)),
    ...table('CSS parts', ['part', 'description'], named(element.cssParts)),
    ...table('CSS custom properties', ['property', 'description'], named(element.cssProperties)),
  ].join('\n');
}

/** The markdown of the index page. */
export function indexPage(elements: readonly ElementDoc[]): string {
  return [
    '# Element reference',
    '',
    GENERATED,
    '',
    'Every element of the kit: its attributes, properties, methods, events, slots, CSS parts and CSS custom',
    'properties. How they behave together: [elements.md](../elements.md).',
    '',
    ...table(
      'Elements',
      ['element', 'what'],
      elements.map((e) => [`[\`<${e.tagName}>\`](${e.tagName}.md)`, cell(e.summary)]),
    ),
  ].join('\n');
}

/** Format markdown as `biome format` does (the repository's lint checks docs/ too). */
function formatted(path: string, markdown: string, root: string): string {
  const biome = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const result = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=${path}`], {
    cwd: root,
    input: markdown,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome could not format ${path}: ${result.stderr}`);
  return result.stdout;
}

/** The reference pages (path from the root → content), from the sources under `root`. */
export async function referencePages(root: string): Promise<Map<string, string>> {
  const elements = elementsOf(await analyze(root));
  const pages = new Map<string, string>([[`${REFERENCE_DIR}/README.md`, indexPage(elements)]]);
  for (const element of elements) pages.set(`${REFERENCE_DIR}/${element.tagName}.md`, elementPage(element));
  for (const [path, text] of pages) pages.set(path, formatted(path, text, root));
  return pages;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const pages = await referencePages(root);
  rmSync(join(root, REFERENCE_DIR), { recursive: true, force: true });
  mkdirSync(join(root, REFERENCE_DIR), { recursive: true });
  for (const [path, text] of pages) writeFileSync(join(root, path), text);
  console.log(`Wrote ${readdirSync(join(root, REFERENCE_DIR)).length} pages to ${REFERENCE_DIR}/.`);
}
