/**
 * The README's "One tag in your page" as a reader builds it: its HTML and main.ts, with Vite, in
 * production mode, the kit's imports resolved to this repository's sources (install.test.ts builds
 * the same page against the installed package). Node only.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { kitAlias } from '../../examples/vite.kit.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The fenced block of `language` in the README section that starts with `heading`. */
export function readmeBlock(heading: string, language: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const code = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1];
  if (start < 0 || code === undefined)
    throw new Error(`The README has no ${language} block under "${heading}".`);
  return code;
}

/** The bridge URL the README's page connects to. */
export const README_URL = 'ws://127.0.0.1:5178/rpc';

/** Write the README's page into `dir` (index.html, main.ts), connecting to `socketUrl`. */
export async function writeReadmePage(dir: string, socketUrl: string): Promise<void> {
  const html = readmeBlock('One tag in your page', 'html').replace(README_URL, socketUrl);
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en"><body>\n${html}</body></html>\n`,
  );
  await writeFile(join(dir, 'main.ts'), readmeBlock('One tag in your page', 'ts'));
}

/** Build the README's page into `dir`/dist, connecting to `socketUrl` instead of the README's. */
export async function buildReadmePage(dir: string, socketUrl: string): Promise<string> {
  await writeReadmePage(dir, socketUrl);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: dir, configFile: false, resolve: { alias: kitAlias }, logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return join(dir, 'dist');
}
