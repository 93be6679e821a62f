/**
 * The licence (issue 27, point 1): LICENSE in the repository and in the package, the MIT licence
 * package.json names, and the built playground's THIRD-PARTY-NOTICES.txt, which names every npm
 * package whose code its bundle holds, each with its version, licence and licence text.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };

describe('LICENSE', () => {
  it('is the MIT licence package.json names', () => {
    expect(pkg.license).toBe('MIT');
    const text = readFileSync('LICENSE', 'utf8');
    expect(text.split('\n')[0]).toBe(`${pkg.license} License`);
    expect(text).toContain('Copyright (c) 2026 the rpc-ui-kit authors');
    expect(text).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy');
    expect(text).toContain('The above copyright notice and this permission notice shall be included in all');
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR');
  });

  it('is in the package npm packs', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
    ) as { files: { path: string }[] }[];
    expect(packed?.files.map((file) => file.path)).toContain('LICENSE');
  }, 60_000);
});

interface Notice {
  readonly version: string;
  readonly licence: string;
  readonly text: string;
}

/** THIRD-PARTY-NOTICES.txt by package name. */
function readNotices(text: string): Map<string, Notice> {
  const sections = text.split(`\n${'='.repeat(80)}\n`).slice(1);
  return new Map(
    sections.map((section) => {
      const [head = '', body = ''] = section.split(`\n${'-'.repeat(80)}\n`);
      const [title = '', licence = ''] = head.split('\n');
      const at = title.lastIndexOf(' ');
      const notice = { version: title.slice(at + 1), licence: licence.replace(/^Licence: /, ''), text: body };
      return [title.slice(0, at), notice];
    }),
  );
}

/**
 * The package a module id names, found here apart from the plugin: under node_modules/, or a
 * bundler's virtual helper (`\0vite/…`, `\0@oxc-project+runtime@0.156.0/…`).
 */
function bundledPackage(id: string): { name: string; dir?: string; version?: string } | undefined {
  const virtual = /^\0(@[^/+]+\+[^/@]+|[^/@+]+)(?:@([^/]+))?\//.exec(id);
  if (virtual?.[1])
    return { name: virtual[1].replace('+', '/'), ...(virtual[2] ? { version: virtual[2] } : {}) };
  const [before, ...after] = id.replaceAll('\\', '/').split('/node_modules/').reverse();
  if (after.length === 0 || !before) return undefined;
  const parts = before.split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
  return { name, dir: `${after.reverse().join('/node_modules/')}/node_modules/${name}` };
}

describe("the built playground's third-party notices", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-notices-'));
  const moduleIds: string[] = [];
  const record: Plugin = {
    name: 'record-module-ids',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') moduleIds.push(...output.moduleIds);
    },
  };
  let notices = new Map<string, Notice>();

  beforeAll(async () => {
    // As test/support/playground.ts builds it, with one more plugin that records the bundled modules.
    await build({
      configFile: 'vite.playground.config.ts',
      logLevel: 'warn',
      build: { outDir: dir },
      plugins: [record],
    });
    notices = readNotices(readFileSync(join(dir, 'THIRD-PARTY-NOTICES.txt'), 'utf8'));
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names every package the bundle holds, and only those: lit among them, not the project', () => {
    const bundled = new Map(moduleIds.flatMap((id) => bundledPackage(id) ?? []).map((p) => [p.name, p]));
    expect([...notices.keys()].sort()).toEqual([...bundled.keys()].sort());
    for (const name of ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'zod'])
      expect(notices.has(name)).toBe(true);
    expect(notices.has('rpc-ui-kit')).toBe(false);
    expect(moduleIds.some((id) => id.startsWith(`${resolve('src')}/`))).toBe(true);
  });

  // The source maps name the files with code of their own (not lit's, which only re-exports).
  it('names every package the source maps show', () => {
    const maps = readdirSync(join(dir, 'assets')).filter((file) => file.endsWith('.map'));
    const sources = maps.flatMap(
      (file) =>
        (JSON.parse(readFileSync(join(dir, 'assets', file), 'utf8')) as { sources: string[] }).sources,
    );
    const named = new Set(sources.flatMap((source) => bundledPackage(source)?.name ?? []));
    expect([...named]).toEqual(expect.arrayContaining(['lit-html', '@lit/reactive-element', 'zod']));
    expect([...named].filter((name) => !notices.has(name))).toEqual([]);
  });

  it('gives each its version, licence id and licence text as the package holds them', () => {
    for (const id of moduleIds) {
      const found = bundledPackage(id);
      const notice = found && notices.get(found.name);
      if (!found || !notice) continue;
      expect(notice.text.length, found.name).toBeGreaterThan(300);
      expect(notice.text, found.name).toMatch(/permission|redistribution/i);
      const installed = found.dir ?? [resolve('node_modules', found.name)].find((d) => existsSync(d));
      if (!installed) {
        // A bundler helper that is not installed: the version its module id names.
        expect(notice.version, found.name).toBe(found.version);
        continue;
      }
      const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<
        string,
        string
      >;
      expect(notice.version, found.name).toBe(manifest.version);
      expect(notice.licence, found.name).toBe(manifest.license);
      const file = readdirSync(installed).find((name) => /^(licen[cs]e|copying)/i.test(name));
      const first =
        file && readFileSync(join(installed, file), 'utf8').trim().split('\n').slice(0, 3).join('\n');
      expect(notice.text.startsWith(first ?? '(The package holds no'), found.name).toBe(true);
    }
    expect(notices.get('lit')?.licence).toBe('BSD-3-Clause');
  });
});
