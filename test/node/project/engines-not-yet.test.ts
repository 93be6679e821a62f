/**
 * Nothing is left out of an engine without a word: every file a browser engine does not run yet
 * (NOT_YET in test/support/wtr-engines.mjs) is named in docs/testing.md, on a row of that engine.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, NOT_YET } from '../../support/wtr-engines.mjs';

const doc = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
const named = (name: string) => `\`${name}\``;

describe('the files an engine does not run yet', () => {
  it('are each named in docs/testing.md, with the engine', () => {
    const missing: string[] = [];
    for (const engine of ENGINES) {
      const title = engine === 'webkit' ? 'WebKit' : engine === 'firefox' ? 'Firefox' : 'Chromium';
      for (const file of Object.keys(NOT_YET[engine])) {
        const name = basename(file, '.test.ts');
        if (!rows.some((row) => row.includes(named(name)) && row.includes(`| ${title}`)))
          missing.push(`${engine}: ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
