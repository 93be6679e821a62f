/**
 * The folders of src/ show the architecture: protocol → transport → controller → components, the
 * bridge beside them, markdown/ (agent text parsed as Markdown, no DOM) under the components, on a
 * floor of shared primitives; the dialog shell in components/dialog/,
 * what no user imports in components/internal/; every element on the kit's base, with its reactive
 * controllers in components/reactive/; and no file grows past 400 lines. The tests are laid out
 * the same way, and start a browser only through its engine's helper in test/support/engines/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const sources = readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);
const components = sources.filter((file) => file.startsWith('src/components/'));

/** The layers of src/ each file may import from (its own included): `shared` is every layer's floor. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  shared: ['shared'],
  protocol: ['shared', 'protocol'],
  transport: ['shared', 'protocol', 'transport'],
  controller: ['shared', 'protocol', 'transport', 'controller'],
  // Agent text as Markdown, parsed (and code highlighted) with no DOM: the elements draw it.
  markdown: ['shared', 'markdown'],
  components: ['shared', 'protocol', 'transport', 'controller', 'markdown', 'components'],
  bridge: ['shared', 'protocol', 'transport', 'controller', 'bridge'],
};

/** The src/ folders `file` imports from (relative imports only). */
function importedLayers(file: string): string[] {
  const folder = file.split('/').slice(0, -1);
  return [...read(file).matchAll(/from '(\.[^']+)'/g)].map((match) => {
    const parts = [...folder];
    for (const step of (match[1] ?? '').split('/')) {
      if (step === '..') parts.pop();
      else if (step !== '.') parts.push(step);
    }
    return parts[1] ?? '';
  });
}

describe('the layout of src/', () => {
  it('keeps every file under 400 lines', () => {
    const long = sources
      .map((file) => ({ file, lines: read(file).split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  it('imports only from the layers before: shared → protocol → transport → controller → components, the bridge beside', () => {
    const wrong = sources.flatMap((file) => {
      const layer = file.split('/')[1] ?? '';
      const allowed = MAY_IMPORT[layer];
      if (!allowed) return [];
      return importedLayers(file)
        .filter((imported) => !allowed.includes(imported))
        .map((imported) => `${file} imports from ${imported}/`);
    });
    expect(wrong).toEqual([]);
    // The test sees the imports it checks.
    expect(importedLayers('src/components/dialogs/rpc-dialogs.ts')).toContain('controller');
  });

  it('exports nothing from components/internal/ in the package entry', () => {
    const from = [...read('src/index.ts').matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(from.length).toBeGreaterThan(10);
    expect(from.filter((path) => path?.includes('/internal/'))).toEqual([]);
  });

  it('keeps the dialog shell in components/dialog/ and the internals in components/internal/', () => {
    const folders = new Set(components.map((file) => file.split('/')[2]));
    expect(folders).toContain('dialog');
    expect(folders).toContain('internal');
    expect(folders).not.toContain('shared');
  });

  it('writes every element one way: on the kit base, with its reactive controllers in components/reactive/', () => {
    const elements = components.filter((file) => read(file).includes('@tagname'));
    expect(elements.length).toBeGreaterThan(10);
    const base =
      /extends (KitElement|BoundElement|RpcDialogElement<|TextDialogElement<|FormValueDialogElement<)/;
    expect(elements.filter((file) => !base.test(read(file)))).toEqual([]);
    // What the base does is done nowhere else.
    const byHand = components.filter(
      (file) =>
        !/\/(base|reactive)\//.test(file) &&
        /extends LitElement|new LangBinding|addInitializer\(followVsCodeScheme/.test(read(file)),
    );
    expect(byHand).toEqual([]);
    const reactive = components.filter((file) => read(file).includes('implements ReactiveController'));
    expect(reactive.filter((file) => !file.startsWith('src/components/reactive/'))).toEqual([]);
    // "Controller" alone is the kit's ExtensionUIController: Lit's reactive controllers are named otherwise.
    const names = reactive.flatMap((file) =>
      [...read(file).matchAll(/class (\w+) implements ReactiveController/g)].map((match) => match[1]),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => name?.endsWith('Controller'))).toEqual([]);
  });
});

/** Every file under `folder` (relative to the root) ending in .ts, .mts or .mjs. */
const scripts = (folder: string) =>
  readdirSync(new URL(`${folder}/`, root), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`)
    .filter((file) => /\.(ts|mts|mjs)$/.test(file) && !file.includes('/node_modules/'));

describe('the layout of test/', () => {
  it('keeps the Node tests in folders by layer or capability', () => {
    const loose = scripts('test/node').filter((file) => file.split('/').length < 4);
    expect(loose).toEqual([]);
  });

  it('starts each browser engine only through its helper in test/support/engines/', () => {
    const starts =
      /\b(chromium|firefox|webkit)\.launch\(|puppeteer\.launch\(|\b(chromeLauncher|webdriverLauncher|playwrightLauncher)\(/;
    const elsewhere = [
      ...scripts('test'),
      ...scripts('bench'),
      ...scripts('scripts'),
      'vitest.config.ts',
      'web-test-runner.config.mjs',
    ].filter((file) => !file.startsWith('test/support/engines/') && starts.test(read(file)));
    expect(elsewhere).toEqual([]);
    const helpers = readdirSync(new URL('test/support/engines/', root)).filter((file) =>
      file.endsWith('.mjs'),
    );
    expect(helpers).toEqual(expect.arrayContaining(['chromium.mjs', 'firefox.mjs', 'webkit.mjs']));
  });
});
