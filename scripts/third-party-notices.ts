/**
 * A Vite plugin that writes THIRD-PARTY-NOTICES.txt beside a build: every npm package whose code
 * the output chunks contain (read from their `moduleIds`), with its version, its licence id and the
 * licence text from the package's own LICENSE, LICENCE or COPYING file. The project's own files are
 * left out. The bundler's helpers are virtual modules named after their package (`\0vite/…`,
 * `\0@oxc-project+runtime@0.156.0/…`); one that is not installed is written from the copy built
 * into rolldown, and is listed with rolldown's licence.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/**
 * The package a module id names: its folder under node_modules/ (the last one), or, for a virtual
 * module, its name and the version the id gives.
 */
type Source = { name: string; dir: string } | { name: string; virtual: true; version?: string };

function sourceOf(id: string): Source | undefined {
  const virtual = /^\0((?:@[^/+]+\+)?[^/@+]+)(?:@([^/]+))?\//.exec(id);
  if (virtual?.[1]) {
    const name = virtual[1].replace('+', '/');
    return virtual[2] ? { name, virtual: true, version: virtual[2] } : { name, virtual: true };
  }
  const path = (id.split('?')[0] ?? '').replaceAll('\\', '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name ? { name, dir: `${path.slice(0, at)}/node_modules/${name}` } : undefined;
}

/** The folder of package `name` as Node would find it from `from`, or nothing. */
function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function readManifest(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
}

/** The id of a package.json's licence, the old `licenses` array included. */
function licenceId(manifest: Record<string, unknown>): string {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  const entries: unknown[] = [license, ...(Array.isArray(licenses) ? (licenses as unknown[]) : [])];
  const types = entries.flatMap((entry) =>
    entry && typeof entry === 'object' && 'type' in entry && typeof entry.type === 'string'
      ? [entry.type]
      : [],
  );
  return types.length > 0 ? types.join(' OR ') : 'not stated in its package.json';
}

/**
 * The licence text a package holds. A file that goes on to list the licences of the package's own
 * bundled dependencies (Vite's LICENSE.md) is cut there: their code is not in this build.
 */
function licenceText(dir: string): string {
  const files = readdirSync(dir)
    .filter((file) => /^(licen[cs]e|copying)([.-]|$)/i.test(file))
    .sort();
  if (files.length === 0) return '(The package holds no LICENSE, LICENCE or COPYING file.)';
  return files
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const bundled = /^#+\s*Licenses of bundled dependencies/im.exec(text);
      return (bundled ? text.slice(0, bundled.index) : text).trim();
    })
    .join('\n\n');
}

function notice(name: string, version: string, licence: string, text: string, note?: string): string {
  const head = ['='.repeat(80), `${name} ${version}`, `Licence: ${licence}`, ...(note ? [note] : [])];
  return [...head, '-'.repeat(80), text].join('\n');
}

/** One package's notice, from its folder. */
function packageNotice(name: string, dir: string): string {
  const manifest = readManifest(dir);
  const version = typeof manifest.version === 'string' ? manifest.version : 'unknown';
  return notice(name, version, licenceId(manifest), licenceText(dir));
}

/** The plugin: `plugins: [thirdPartyNotices('what the build is')]`. */
export function thirdPartyNotices(title: string): Plugin {
  let root = process.cwd();
  return {
    name: 'rpc-ui-third-party-notices',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const vite = findPackage('vite', root);
      const rolldown = vite && findPackage('rolldown', vite);
      const notices = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const source = sourceOf(id);
          if (!source) {
            if (id.startsWith('\0')) this.error(`${NOTICES_FILE}: no package is known for ${id.slice(1)}`);
            continue;
          }
          if (notices.has(source.name)) continue;
          const dir =
            'dir' in source
              ? source.dir
              : [root, vite, rolldown].map((from) => from && findPackage(source.name, from)).find(Boolean);
          if (dir) notices.set(source.name, packageNotice(source.name, dir));
          else if ('virtual' in source && rolldown) {
            const bundler = readManifest(rolldown);
            const from = `rolldown ${String(bundler.version)}`;
            const note = `Not installed: ${from} writes it from its own copy; the licence is rolldown's.`;
            const version = source.version ?? 'unknown';
            notices.set(
              source.name,
              notice(source.name, version, licenceId(bundler), licenceText(rolldown), note),
            );
          } else this.error(`${NOTICES_FILE}: ${source.name} (from ${id}) is not installed`);
        }
      }
      const names = [...notices.keys()].sort();
      const head = [
        `Third-party notices for ${title}`,
        '',
        'Its files contain code from these npm packages, each given with its version, its licence',
        'and the licence text the package holds.',
        '',
      ];
      const source = [...head, ...names.map((name) => notices.get(name)), ''].join('\n');
      this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source });
    },
  };
}
