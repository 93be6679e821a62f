/** Every relative link of README.md and docs/ leads to a file of the repository, and to its heading. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const markdown = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.replaceAll('\\', '/')}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

function anchors(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/^#+ (.*)$/gm)].map((m) => anchor(m[1] ?? ''));
}

describe('the links of the documentation', () => {
  it.each(markdown)('%s links only to what exists', (file) => {
    const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', hash] = target.split('#');
      const resolved = path ? join(root, dirname(file), path) : join(root, file);
      if (!existsSync(resolved)) broken.push(target);
      else if (hash && !(statSync(resolved).isFile() && anchors(resolved).includes(hash)))
        broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});
