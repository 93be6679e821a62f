/**
 * The folders of src/components show the architecture (the dialog shell in dialog/, what no user
 * imports in internal/), and no file there grows past 400 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const components = readdirSync(new URL('src/components/', root), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => `src/components/${file.replaceAll('\\', '/')}`);

describe('the layout of src/components', () => {
  it('keeps every file under 400 lines', () => {
    const long = components
      .map((file) => ({ file, lines: read(file).split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  it('exports nothing from internal/ in the package entry', () => {
    const from = [...read('src/index.ts').matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(from.length).toBeGreaterThan(10);
    expect(from.filter((path) => path?.includes('/internal/'))).toEqual([]);
  });

  it('keeps the dialog shell in dialog/ and the internals in internal/', () => {
    const folders = new Set(components.map((file) => file.split('/')[2]));
    expect(folders).toContain('dialog');
    expect(folders).toContain('internal');
    expect(folders).not.toContain('shared');
  });
});
