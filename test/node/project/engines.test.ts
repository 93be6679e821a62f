/**
 * `npm ci` on the Node the package names (its `engines`, which the README repeats) warns of no
 * engine: every package in the lock accepts the oldest Node of each range named.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  /** An object in today's packages; an array in some old ones. */
  readonly engines?: { readonly node?: string };
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};
/** The oldest Node of each range of `engines.node`: 20.19.0 of `^20.19.0`, and so on. */
const oldest = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())?.version ?? range);

describe('engines', () => {
  it('names Node versions that every locked package accepts', () => {
    expect(oldest.length).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = entry.engines?.node;
      if (typeof wanted !== 'string') continue;
      for (const node of oldest)
        if (!semver.satisfies(node, wanted)) refused.push(`${path} wants Node ${wanted}, not ${node}`);
    }
    expect(refused).toEqual([]);
  });

  it('is what the README asks for', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`Node ${semver.minVersion(pkg.engines.node)?.version.replace(/\.0$/, '')}`);
  });

  it('holds for the Node running the tests', () => {
    expect(semver.satisfies(process.version, pkg.engines.node), process.version).toBe(true);
  });
});
