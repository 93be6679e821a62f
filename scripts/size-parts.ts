/**
 * Where the whole kit's bytes come from (`npm run size -- --parts`): the kit is bundled from
 * src/index.ts as the build makes it (legacy decorators, Lit left out), minified with a source
 * map, and every byte of the output is given to the source file it came from. Files are grouped
 * into parts; each part's bytes are gzipped alone, and its share of the kit's gzipped size is that
 * figure scaled so the parts add up to the kit (gzip shares repeated text across parts, so a part
 * alone compresses a little worse than inside the kit).
 */
import { decode } from '@jridgewell/sourcemap-codec';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

/** One part of the kit and what it costs. */
export interface PartRow {
  readonly part: string;
  readonly minified: number;
  /** The part's bytes gzipped on their own. */
  readonly gzippedAlone: number;
  /** Its share of the whole kit's gzipped size. */
  readonly share: number;
}

/** What every element uses: the base, strings, ANSI text, events, the internals, define. */
const SHARED = /^components\/(base|internal|strings|ansi-text|events)\/|^components\/define\./;

/** The part a source file belongs to. */
export function partOf(source: string): string {
  if (source.includes('node_modules/zod/')) return 'zod/mini (runtime dependency)';
  if (source.includes('oxc-project+runtime')) return 'decorator helper';
  if (source.includes('node_modules/')) return 'other dependencies';
  if (source.endsWith('.styles.ts')) return 'styles (all elements)';
  const path = /src\/(.*)$/.exec(source)?.[1] ?? source;
  if (path.startsWith('protocol/ansi')) return 'ANSI parsing';
  if (path.startsWith('protocol/')) return 'protocol: schemas, parsing, responses';
  if (path.startsWith('shared/')) return 'primitives: emitter, bounded collections, clock';
  if (path.startsWith('controller/')) return 'controller';
  if (path.startsWith('transport/')) return 'transports and JSONL framing';
  if (path.startsWith('components/dialog/')) return 'dialog shell (shared by the four dialogs)';
  if (SHARED.test(path)) return 'shared: strings, ANSI text, events, define';
  if (path.startsWith('components/reactive/')) return 'reactive controllers (bindings, focus, countdowns)';
  if (/^components\/(extension-ui|bindings)\//.test(path)) return 'rpc-extension-ui (host, bindings)';
  const element = /^components\/([^/]+)\//.exec(path)?.[1];
  return element ? `rpc-${element}` : path;
}

/** The parts of the kit bundled from `entry`, largest share first. */
export async function measureParts(
  entry = 'src/index.ts',
): Promise<{ total: number; minified: number; rows: PartRow[] }> {
  const bundle = await rolldown({
    input: entry,
    external: [/^lit($|\/)/, /^@lit\//],
    platform: 'browser',
    logLevel: 'silent',
    tsconfig: 'tsconfig.json',
    transform: { decorator: { legacy: true } },
  });
  const { output } = await bundle.generate({ format: 'es', minify: true, sourcemap: true });
  await bundle.close();
  const chunk = output[0];
  if (chunk.type !== 'chunk' || !chunk.map) throw new Error('No chunk with a source map.');
  const lines = chunk.code.split('\n');
  const bytes = new Map<string, string[]>();
  const give = (part: string, text: string) => {
    const list = bytes.get(part) ?? [];
    list.push(text);
    bytes.set(part, list);
  };
  // Each mapped segment starts a run of its source's bytes; an unmapped one (bytes the minifier
  // wrote) continues the run before it, across line breaks in templates. The bundle's own import
  // and export statements are bundler glue.
  const GLUE = /^(?:import\{[^}]*\}from"[^"]*";?|export\{[^}]*\};?)/;
  let part = 'bundler glue';
  const mappings = decode(chunk.map.mappings);
  lines.forEach((line, index) => {
    const segments = mappings[index] ?? [];
    let from = 0;
    const flush = (to: number) => {
      let text = line.slice(from, to);
      for (let glue = GLUE.exec(text); glue; glue = GLUE.exec(text)) {
        give('bundler glue', glue[0]);
        text = text.slice(glue[0].length);
      }
      give(part, text);
      from = to;
    };
    for (const segment of segments) {
      flush(segment[0]);
      const source = segment.length > 1 ? chunk.map?.sources[segment[1] ?? 0] : undefined;
      if (source) part = partOf(source);
    }
    flush(line.length);
    if (index < lines.length - 1) give(part, '\n');
  });
  const total = gzipSync(chunk.code, { level: 9 }).length;
  const parts = [...bytes].map(([part, texts]) => {
    const text = texts.join('');
    return { part, minified: Buffer.byteLength(text), gzippedAlone: gzipSync(text, { level: 9 }).length };
  });
  const alone = parts.reduce((sum, row) => sum + row.gzippedAlone, 0);
  const rows = parts
    .map((row) => ({ ...row, share: Math.round((row.gzippedAlone * total) / alone) }))
    .sort((a, b) => b.share - a.share);
  return { total, minified: Buffer.byteLength(chunk.code), rows };
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** The parts as a Markdown table. */
export function formatParts({ total, rows }: { total: number; rows: readonly PartRow[] }): string {
  return [
    '| part of the whole kit | minified kB | gzipped alone kB | share of the kit, gzipped kB |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) => `| ${row.part} | ${kB(row.minified)} | ${kB(row.gzippedAlone)} | ${kB(row.share)} |`,
    ),
    `| **whole kit** | | | **${kB(total)}** |`,
  ].join('\n');
}
