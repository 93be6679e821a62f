/**
 * The kit's translations are whole and say what the English says: every key, no placeholder the
 * English lacks, and a form for every plural category of their language wherever a count goes.
 * Each file in src/components/strings/locales is checked, so a new one is too.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { format, type CountedText } from '../../../src/components/strings/format.js';
import { localeFor, setLocaleStrings } from '../../../src/components/strings/locales.js';
import { defaultStrings } from '../../../src/components/strings/catalogue.js';
import { type RpcStrings, stringsFor } from '../../../src/components/strings/strings.js';

const LOCALES = new URL('../../../src/components/strings/locales/', import.meta.url);
const english = defaultStrings();

const forms = (text: CountedText): string[] => (typeof text === 'string' ? [text] : Object.values(text));
const placeholders = (text: CountedText): Set<string> =>
  new Set(forms(text).flatMap((form) => form.match(/\{\w+\}/g) ?? []));
const counted = (Object.keys(english) as (keyof RpcStrings)[]).filter((key) =>
  placeholders(english[key]).has('{count}'),
);

async function tables(): Promise<[string, RpcStrings][]> {
  const files = readdirSync(LOCALES).filter((name) => name.endsWith('.ts'));
  return Promise.all(
    files.map(async (file) => {
      const lang = file.replace(/\.ts$/, '');
      const module = (await import(new URL(file, LOCALES).href)) as Record<string, RpcStrings>;
      const table = module[lang];
      if (!table) throw new Error(`${file} exports no \`${lang}\``);
      return [lang, table] as [string, RpcStrings];
    }),
  );
}

/** What is wrong with `table`, a translation into `lang`, against the English. */
function problems(lang: string, table: RpcStrings): string[] {
  const found: string[] = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const key of Object.keys(english) as (keyof RpcStrings)[]) {
    const text = table[key] as CountedText | undefined;
    if (text === undefined) {
      found.push(`${key}: missing`);
      continue;
    }
    const allowed = placeholders(english[key]);
    for (const placeholder of placeholders(text))
      if (!allowed.has(placeholder)) found.push(`${key}: ${placeholder} is not in the English`);
    if (!counted.includes(key)) {
      if (typeof text !== 'string') found.push(`${key}: plural forms, but nothing is counted`);
      continue;
    }
    if (typeof text === 'string') {
      found.push(`${key}: one string for every count; ${lang} has ${categories.join(', ')}`);
      continue;
    }
    for (const category of categories) if (!(category in text)) found.push(`${key}: no "${category}" form`);
    for (const category of Object.keys(text))
      if (!categories.includes(category as Intl.LDMLPluralRule))
        found.push(`${key}: "${category}" is not a plural category of ${lang}`);
  }
  for (const key of Object.keys(table)) if (!(key in english)) found.push(`${key}: not a key of the kit`);
  return found;
}

describe('translations', () => {
  it('ships German, Japanese and Arabic', async () => {
    expect((await tables()).map(([lang]) => lang).sort()).toEqual(['ar', 'de', 'ja']);
  });

  it('the English has a form for each of its plural categories wherever a count goes', () => {
    expect(problems('en', english)).toEqual([]);
    expect(counted.length).toBeGreaterThan(10);
  });

  it('each translation has every key, no placeholder the English lacks, and every plural form', async () => {
    for (const [lang, table] of await tables()) expect(problems(lang, table), lang).toEqual([]);
  });

  it('fails a translation that lacks a key, adds a placeholder or leaves a plural category out', async () => {
    const [, de] = (await tables()).find(([lang]) => lang === 'de') as [string, RpcStrings];
    const { cancel: _, ...lacking } = de;
    expect(problems('de', lacking as RpcStrings)).toEqual(['cancel: missing']);
    expect(problems('de', { ...de, submit: 'OK {count}' })).toEqual([
      'submit: {count} is not in the English',
    ]);
    expect(problems('ar', { ...de, matchCount: { one: '{count}', other: '{count}' } })).toContain(
      'matchCount: no "few" form',
    );
    expect(problems('de', { ...de, matchCount: '{count}' })).toEqual([
      'matchCount: one string for every count; de has one, other',
    ]);
  });
});

describe('plural rules and numbers', () => {
  it('takes the form the count calls for in the language, and writes the number as it does', () => {
    const seconds = {
      zero: 'z {count}',
      one: 'o {count}',
      two: 't {count}',
      few: 'f {count}',
      many: 'm {count}',
      other: 'x {count}',
    };
    expect([0, 1, 2, 3, 11, 100].map((count) => format(seconds, { count }, 'ar-EG'))).toEqual([
      `z ${(0).toLocaleString('ar-EG')}`,
      `o ${(1).toLocaleString('ar-EG')}`,
      `t ${(2).toLocaleString('ar-EG')}`,
      `f ${(3).toLocaleString('ar-EG')}`,
      `m ${(11).toLocaleString('ar-EG')}`,
      `x ${(100).toLocaleString('ar-EG')}`,
    ]);
    expect(format(english.titleCut, { count: 1 })).toBe(
      'The agent cut this title short: 1 character left out.',
    );
    expect(format(english.titleCut, { count: 12345 })).toBe(
      'The agent cut this title short: 12,345 characters left out.',
    );
    expect(format(english.titleCut, { count: 12345 }, 'de')).toContain('12.345 characters');
  });

  it('a string given as text is never read as a number or a plural', () => {
    expect(format('{title} {count}', { title: '{count}', count: '7' })).toBe('{count} 7');
    expect(format('“{title}”', { title: 'One of 1,000' })).toBe('“One of 1,000”');
  });
});

describe('choosing the language', () => {
  it('a tag takes the nearest language the kit has strings for, else English', async () => {
    const [, de] = (await tables()).find(([lang]) => lang === 'de') as [string, RpcStrings];
    setLocaleStrings('de', de);
    expect(localeFor('de-CH')).toBe('de');
    expect(localeFor('DE-at-1996')).toBe('de');
    expect(localeFor('fr')).toBe('en');
    expect(localeFor('')).toBe('en');
    expect(stringsFor({ cancel: 'Cancel' }, {}, 'de').cancel).toBe(de.cancel);
    // The element's own strings win over the language's.
    expect(stringsFor({ cancel: 'Cancel' }, { cancel: 'Stop' }, 'de').cancel).toBe('Stop');
  });
});
