/**
 * `npm run size`: what each entry of the built package (dist/) costs a page, minified and
 * gzipped, with everything it imports except Lit (the page's own copy): zod counts. Prints a
 * table with the budgets; exits 1 when one is exceeded or dist/ is missing. `--json` prints the
 * rows instead. test/node/package.test.ts checks the budgets in `npm test`. `--parts` prints where
 * the whole kit's bytes come from instead (scripts/size-parts.ts); it reads src/, not dist/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';
import { formatParts, measureParts } from './size-parts.js';

/** Budgets in bytes, gzipped (issue 6). */
export const KIT_BUDGET = 20 * 1024;
export const ELEMENT_BUDGET = 8 * 1024;

/** One measured entry. */
export interface SizeRow {
  readonly name: string;
  readonly file: string;
  readonly minified: number;
  readonly gzipped: number;
  readonly budget?: number;
}

const LIT = [/^lit($|\/)/, /^@lit\//, /^@lit-labs\//];

/** Bundle one built entry with what it imports (Lit left out), minify it, gzip it. */
export async function measureEntry(file: string): Promise<{ minified: number; gzipped: number }> {
  const bundle = await rolldown({ input: file, external: LIT, platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'es', minify: true });
  await bundle.close();
  const code = output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('');
  return { minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

/**
 * The rows: the whole kit (dist/index.js: every element, the controller, the schemas, the
 * browser transports), each element (dist/elements/*.js), and for information the other entries.
 * The drop-in host, rpc-extension-ui, is the whole kit but the four dialog elements: the kit's
 * budget is its budget.
 */
export async function measurePackage(dist = 'dist'): Promise<SizeRow[]> {
  if (!existsSync(`${dist}/index.js`))
    throw new Error(`${dist}/index.js is missing: run \`npm run build\` first.`);
  const tags = readdirSync(`${dist}/elements`)
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.slice(0, -3))
    .sort();
  const entries: Omit<SizeRow, 'minified' | 'gzipped'>[] = [
    { name: 'whole kit (rpc-ui-kit)', file: `${dist}/index.js`, budget: KIT_BUDGET },
    ...tags.map((tag) => ({
      name: tag,
      file: `${dist}/elements/${tag}.js`,
      budget: tag === 'rpc-extension-ui' ? KIT_BUDGET : ELEMENT_BUDGET,
    })),
    ...['controller', 'transport', 'protocol'].map((name) => ({
      name: `rpc-ui-kit/${name}.js`,
      file: `${dist}/${name}.js`,
    })),
  ];
  const rows: SizeRow[] = [];
  for (const entry of entries) rows.push({ ...entry, ...(await measureEntry(entry.file)) });
  return rows;
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** The rows as a Markdown table. */
export function formatSizes(rows: readonly SizeRow[]): string {
  const lines = [
    '| entry | minified kB | gzipped kB | budget kB (gz) | |',
    '| --- | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const budget = row.budget === undefined ? '' : kB(row.budget);
    const verdict = row.budget === undefined ? '' : row.gzipped <= row.budget ? 'ok' : 'OVER';
    lines.push(`| ${row.name} | ${kB(row.minified)} | ${kB(row.gzipped)} | ${budget} | ${verdict} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--parts')) {
  const parts = await measureParts();
  console.log(process.argv.includes('--json') ? JSON.stringify(parts, null, 2) : formatParts(parts));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measurePackage();
  console.log(process.argv.includes('--json') ? JSON.stringify(rows, null, 2) : formatSizes(rows));
  process.exit(rows.some((row) => row.budget !== undefined && row.gzipped > row.budget) ? 1 : 0);
}
