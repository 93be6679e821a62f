/**
 * Every ```ts snippet of README.md and docs/ compiles under the project's strict settings, with
 * `rpc-ui-kit` imports resolved to the sources of the entries package.json exports: what the
 * documentation shows is what a reader can paste.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSnippets, docSnippets, type Snippet } from '../../support/doc-snippets.js';

const root = new URL('../../../', import.meta.url);
const markdown = [
  'README.md',
  ...readdirSync(new URL('docs/', root), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.replaceAll('\\', '/')}`),
];
const snippets = markdown.flatMap((file) => docSnippets(file, readFileSync(new URL(file, root), 'utf8')));

describe('the TypeScript snippets of the documentation', () => {
  it('are found in the README and in docs/', () => {
    const files = new Set(snippets.map((s) => s.file));
    expect(files).toContain('README.md');
    expect([...files].some((file) => file.startsWith('docs/'))).toBe(true);
  });

  // One program for every snippet: the DOM lib, Lit and the sources take a few seconds to check.
  it('each compile under strict, against the package entries', () => {
    expect(compileSnippets(snippets)).toEqual([]);
  }, 60_000);

  it('would report a snippet that does not compile, where it is', () => {
    const broken: Snippet = {
      file: 'docs/broken.md',
      line: 7,
      code: "import 'rpc-ui-kit/define.js';\ndocument.querySelector('rpc-extension-ui').controller.send({ type: 'prompt', message: 'hi' });\n",
    };
    const errors = compileSnippets([broken]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^docs\/broken\.md:8: .*possibly 'null'/);
  }, 60_000);

  it("compiles a snippet of the kit's source in the folder its first line names", () => {
    const code =
      "import { KitElement } from '../base/kit-element.js';\nexport class X extends KitElement {}\n";
    const named: Snippet = { file: 'docs/named.md', line: 3, code: `// src/components/widget/x.ts\n${code}` };
    const unnamed: Snippet = { file: 'docs/unnamed.md', line: 3, code };
    expect(compileSnippets([named])).toEqual([]);
    expect(compileSnippets([unnamed])).toEqual([
      expect.stringMatching(/^docs\/unnamed\.md:3: Cannot find module/),
    ]);
  }, 60_000);
});
