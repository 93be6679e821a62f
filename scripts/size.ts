/**
 * `npm run size`: what each entry of the built package (dist/) costs a page, minified and gzipped,
 * with everything it imports but Lit.
 *
 * Prints a Markdown table (`--json`: the rows; `--parts`: where the whole kit's bytes come from,
 * see scripts/size-parts.ts). Exits 1 when the whole kit passes {@link KIT_CEILING} or dist/ is
 * missing; test/node/project/package.test.ts checks the same ceiling in `npm test`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type OutputChunk, rolldown } from 'rolldown';
import { formatParts, measureParts } from './size-parts.js';

/**
 * The regression ceiling of the whole kit (dist/index.js without Lit), in bytes gzipped: 40 kB
 * until the agents of issue 17 (their methods, logins and cut text) took the kit to 42.4 kB; 44
 * kB until issue 18 (the offered editor text, the refused state and its reason) took it to 44.0.
 */
export const KIT_CEILING = 46 * 1024;

/** One measured entry. */
export interface SizeRow {
  readonly name: string;
  readonly file: string;
  readonly minified: number;
  readonly gzipped: number;
  /** The most `gzipped` may be (the whole kit's row only). */
  readonly ceiling?: number;
}

const LIT = [/^lit($|\/)/, /^@lit\//, /^@lit-labs\//];

/**
 * Bundle one built entry with what it imports (Lit left out), minify it, gzip it. What it imports
 * only when needed (`import()`, as rpc-transcript loads the highlighter) is not counted: a page
 * loads it later, if ever, and it is measured as an entry of its own.
 */
export async function measureEntry(file: string): Promise<{ minified: number; gzipped: number }> {
  const bundle = await rolldown({ input: file, external: LIT, platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'es', minify: true });
  await bundle.close();
  const chunks = new Map<string, OutputChunk>();
  for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const loaded = new Set<OutputChunk>();
  const load = (chunk: OutputChunk | undefined) => {
    if (!chunk || loaded.has(chunk)) return;
    loaded.add(chunk);
    for (const name of chunk.imports) load(chunks.get(name));
  };
  load([...chunks.values()].find((chunk) => chunk.isEntry));
  const code = [...loaded].map((chunk) => chunk.code).join('');
  return { minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

/**
 * The rows: the whole kit, each element, and the other entries.
 * @param dist the built package's folder
 */
export async function measurePackage(dist = 'dist'): Promise<SizeRow[]> {
  if (!existsSync(`${dist}/index.js`))
    throw new Error(`${dist}/index.js is missing: run \`npm run build\` first.`);
  const tags = readdirSync(`${dist}/elements`)
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.slice(0, -3))
    .sort();
  const entries: Omit<SizeRow, 'minified' | 'gzipped'>[] = [
    { name: 'whole kit (rpc-ui-kit)', file: `${dist}/index.js`, ceiling: KIT_CEILING },
    ...tags.map((tag) => ({ name: tag, file: `${dist}/elements/${tag}.js` })),
    ...['controller', 'transport', 'protocol', 'strings'].map((name) => ({
      name: `rpc-ui-kit/${name}.js`,
      file: `${dist}/${name}.js`,
    })),
    // Not a package entry: rpc-transcript loads it with the first code it highlights (each
    // language's grammar, 1 to 10 kB, comes after it).
    { name: 'highlighter (rpc-transcript loads it)', file: `${dist}/highlight.js` },
    ...readdirSync(`${dist}/locales`)
      .filter((file) => file.endsWith('.js'))
      .sort()
      .map((file) => ({ name: `rpc-ui-kit/locales/${file}`, file: `${dist}/locales/${file}` })),
  ];
  const rows: SizeRow[] = [];
  for (const entry of entries) rows.push({ ...entry, ...(await measureEntry(entry.file)) });
  return rows;
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** The rows as a Markdown table. */
export function formatSizes(rows: readonly SizeRow[]): string {
  const lines = [
    '| entry | minified kB | gzipped kB | ceiling kB (gz) | |',
    '| --- | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    let ceiling = '';
    let verdict = '';
    if (row.ceiling !== undefined) {
      ceiling = kB(row.ceiling);
      verdict = row.gzipped <= row.ceiling ? 'ok' : 'OVER';
    }
    lines.push(`| ${row.name} | ${kB(row.minified)} | ${kB(row.gzipped)} | ${ceiling} | ${verdict} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--parts')) {
  const parts = await measureParts();
  console.log(process.argv.includes('--json') ? JSON.stringify(parts, null, 2) : formatParts(parts));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measurePackage();
  console.log(process.argv.includes('--json') ? JSON.stringify(rows, null, 2) : formatSizes(rows));
  const over = rows.some((row) => row.ceiling !== undefined && row.gzipped > row.ceiling);
  process.exit(over ? 1 : 0);
}
