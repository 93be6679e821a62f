/**
 * The built package (dist/, from `npm run build`, which `npm test` runs first): its size ceiling,
 * its runtime dependencies, and `npm pack` installed into a fresh project where every entry is
 * imported (Node for the Node-safe entries, Chromium for the elements) and type-checked.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { serveDirectory } from '../../support/static-server.js';
import { formatSizes, KIT_CEILING, measurePackage, type SizeRow } from '../../../scripts/size.js';

const repo = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  dependencies: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
};

beforeAll(() => {
  if (
    !existsSync('dist/index.js') ||
    !existsSync('dist/bridge/cli.js') ||
    !existsSync('dist/web-types.json')
  ) {
    throw new Error('dist/ is not built: run `npm run build` (npm test does it first).');
  }
});

/**
 * The bare module specifiers a built file imports (`from "x"`, `import "x"`, `import("x")`). A
 * specifier has no white space: the words `from` and `import` in a string (a highlighter's list
 * of keywords) are not imports.
 */
function bareImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./\s][^"'\s]*)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'bridge' || entry.name === 'playground'
        ? []
        : jsFiles(join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('size (minified, gzipped, without Lit)', () => {
  let rows: SizeRow[];
  beforeAll(async () => {
    rows = await measurePackage('dist');
    console.log(`\n${formatSizes(rows)}\n`);
  }, 60_000);

  it('measures the whole kit, every element and the other browser entries', () => {
    const elements = rows.filter((row) => row.file.includes('/elements/')).map((row) => row.name);
    expect(elements).toEqual(
      Object.keys(pkg.exports).flatMap((key) => /^\.\/elements\/(.+)\.js$/.exec(key)?.[1] ?? []),
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['whole kit (rpc-ui-kit)', 'rpc-ui-kit/controller.js']),
    );
  });

  it('keeps the whole kit (and the drop-in host, a part of it) under its regression ceiling', () => {
    const kit = rows.find((row) => row.name.startsWith('whole kit'));
    const host = rows.find((row) => row.name === 'rpc-extension-ui');
    expect(kit?.ceiling).toBe(KIT_CEILING);
    expect(KIT_CEILING).toBe(46 * 1024);
    expect(kit?.gzipped).toBeLessThanOrEqual(KIT_CEILING);
    expect(host?.gzipped).toBeLessThanOrEqual(kit?.gzipped ?? 0);
    // One ceiling, on the whole kit's row only.
    expect(rows.filter((row) => row.ceiling !== undefined)).toEqual([kit]);
  });
});

describe('runtime dependencies', () => {
  it('are lit, ws and zod, exactly pinned', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['lit', 'ws', 'zod']);
    for (const version of Object.values(pkg.dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('the browser kit imports only lit and zod', () => {
    const imports = new Set(jsFiles('dist').flatMap(bareImports));
    expect([...imports].filter((name) => !/^(lit|@lit\/[\w-]+|zod)(\/|$)/.test(name))).toEqual([]);
    expect([...imports].some((name) => name.startsWith('lit'))).toBe(true);
  });

  it('the Node bridge imports only ws, zod and Node itself', () => {
    const node = new Set(builtinModules);
    const imports = ['dist/bridge/index.js', 'dist/bridge/cli.js'].flatMap(bareImports);
    expect(
      imports.filter((name) => !name.startsWith('node:') && !node.has(name) && !/^(ws|zod)(\/|$)/.test(name)),
    ).toEqual([]);
    expect(imports).toContain('ws');
  });
});

describe('editor metadata from the build', () => {
  const read = (file: string) => JSON.parse(readFileSync(`dist/${file}`, 'utf8')) as Record<string, unknown>;
  const tags = Object.keys(pkg.exports)
    .filter((key) => key.startsWith('./elements/'))
    .map((key) => key.slice('./elements/'.length, -'.js'.length))
    .sort();

  it('VS Code custom data lists every tag with its attributes', () => {
    const data = read('vscode.html-custom-data.json') as {
      tags: { name: string; attributes: { name: string; values?: unknown[]; valueSet?: string }[] }[];
    };
    expect(data.tags.map((tag) => tag.name).sort()).toEqual(tags);
    const select = data.tags.find((tag) => tag.name === 'rpc-select');
    expect(select?.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(['filter', 'filter-threshold', 'name']),
    );
    const host = data.tags.find((tag) => tag.name === 'rpc-extension-ui');
    expect(host?.attributes.find((a) => a.name === 'contained')?.valueSet).toBe('v');
  });

  it('web-types and the manifest point every element at its built entry', () => {
    const webTypes = read('web-types.json') as {
      contributions: { html: { elements: { name: string; source: { module: string; symbol: string } }[] } };
    };
    const elements = webTypes.contributions.html.elements;
    expect(elements.map((e) => e.name).sort()).toEqual(tags);
    for (const element of elements) {
      expect(Object.keys(pkg.exports)).toContain(`.${element.source.module.slice(pkg.name.length)}`);
    }
    const manifest = read('custom-elements.json') as {
      modules: { path: string; declarations?: { tagName?: string }[] }[];
    };
    const paths = manifest.modules.filter((m) => m.declarations?.some((d) => d.tagName)).map((m) => m.path);
    expect(paths.sort()).toEqual(tags.map((tag) => `dist/elements/${tag}.js`));
  });

  it('lists the events each element fires by their names, with their types (editors offer these)', () => {
    const webTypes = read('web-types.json') as {
      contributions: { html: { elements: { name: string; events?: { name: string }[] }[] } };
    };
    const events = (tag: string) =>
      webTypes.contributions.html.elements.find((e) => e.name === tag)?.events?.map((e) => e.name);
    for (const tag of ['rpc-confirm', 'rpc-select', 'rpc-input', 'rpc-editor'])
      expect(events(tag)).toEqual(['rpc-response', 'rpc-expire']);
    expect(events('rpc-extension-ui')?.sort()).toEqual([
      'rpc-connection',
      'rpc-editor-text',
      'rpc-stop',
      'rpc-title',
    ]);
    const manifest = read('custom-elements.json') as {
      modules: {
        declarations?: { tagName?: string; events?: { name: string; type?: { text: string } }[] }[];
      }[];
    };
    const confirm = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .find((d) => d.tagName === 'rpc-confirm');
    expect(confirm?.events?.map((e) => [e.name, e.type?.text])).toEqual([
      ['rpc-response', 'RpcResponseEvent'],
      ['rpc-expire', 'RpcExpireEvent'],
    ]);
  });
});

describe('npm pack, installed into a fresh project', () => {
  const work = mkdtempSync(join(tmpdir(), 'rpc-ui-pack-'));
  const app = join(work, 'app');
  let files: string[] = [];

  beforeAll(() => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
        encoding: 'utf8',
      }),
    ) as { filename: string; files: { path: string }[] }[];
    if (!packed) throw new Error('npm pack wrote nothing');
    files = packed.files.map((file) => file.path);
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync(
      'npm',
      [
        'install',
        join(work, packed.filename),
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
      ],
      { cwd: app, stdio: 'pipe' },
    );
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ships the built files and the editor metadata, not the sources or tests', () => {
    for (const file of ['dist/index.js', 'dist/define.js', 'dist/bridge/cli.js', 'bin/rpc-ui.mjs']) {
      expect(files).toContain(file);
    }
    for (const file of [
      'dist/custom-elements.json',
      'dist/vscode.html-custom-data.json',
      'dist/web-types.json',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /^(src|test|stories|bench)\//.test(file))).toEqual([]);
  });

  it('imports the Node-safe entries and the bridge in Node', () => {
    const script = `
      const protocol = await import('rpc-ui-kit/protocol.js');
      const transport = await import('rpc-ui-kit/transport.js');
      const controller = await import('rpc-ui-kit/controller.js');
      const bridge = await import('rpc-ui-kit/bridge');
      console.log(JSON.stringify({
        parse: typeof protocol.parseRequest,
        memory: typeof transport.createMemoryTransport,
        controller: typeof controller.ExtensionUIController,
        startBridge: typeof bridge.startBridge,
      }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      parse: 'function',
      memory: 'function',
      controller: 'function',
      startBridge: 'function',
    });
  });

  it('runs the rpc-ui command from the built bridge', () => {
    const out = execFileSync(join(app, 'node_modules', '.bin', 'rpc-ui'), ['--help'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(out).toContain('Usage: rpc-ui serve');
  });

  it('type-checks every entry with its declared types', () => {
    const tags = Object.keys(pkg.exports).filter((key) => key.startsWith('./elements/'));
    const lines = [
      "import { ExtensionUIController, RpcSelect as RootSelect, createMemoryTransport } from 'rpc-ui-kit';",
      "import { parseRequest } from 'rpc-ui-kit/protocol.js';",
      "import { WebSocketTransport } from 'rpc-ui-kit/transport.js';",
      "import { ExtensionUIController as Controller } from 'rpc-ui-kit/controller.js';",
      "import { startBridge, type Bridge } from 'rpc-ui-kit/bridge';",
      "import 'rpc-ui-kit/define.js';",
      ...tags.map((key, i) => `import * as element${i} from 'rpc-ui-kit${key.slice(1)}';`),
      "const select: RootSelect = document.createElement('rpc-select');",
      'const controller: Controller = new ExtensionUIController({ transport: createMemoryTransport().transport });',
      "const bridge: Promise<Bridge> = startBridge({ port: 0, agent: { command: 'pi' } });",
      'export { select, controller, bridge, parseRequest, WebSocketTransport };',
      `export const elements = [${tags.map((_, i) => `element${i}`).join(', ')}];`,
    ];
    writeFileSync(join(app, 'check.ts'), `${lines.join('\n')}\n`);
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    args.push('--target', 'es2022', '--lib', 'es2023,dom,dom.iterable', '--skipLibCheck', 'false');
    args.push('--types', 'node', '--typeRoots', join(repo, 'node_modules', '@types'), 'check.ts');
    execFileSync(process.execPath, [tsc, ...args], { cwd: app, encoding: 'utf8' });
  }, 60_000);

  it('imports every browser entry in Chromium: classes unregistered until define.js runs', async () => {
    const tags = Object.keys(pkg.exports)
      .filter((key) => key.startsWith('./elements/'))
      .map((key) => key.slice('./elements/'.length, -'.js'.length));
    writeFileSync(
      join(app, 'main.js'),
      [
        "import * as kit from 'rpc-ui-kit';",
        ...tags.map((tag, i) => `import * as e${i} from 'rpc-ui-kit/elements/${tag}.js';`),
        `const classes = [${tags.map((_, i) => `...Object.values(e${i})`).join(', ')}];`,
        `const tags = ${JSON.stringify(tags)};`,
        'const before = tags.filter((tag) => customElements.get(tag));',
        "await import('rpc-ui-kit/define.js');",
        'window.result = {',
        '  before,',
        '  after: tags.filter((tag) => customElements.get(tag) !== undefined),',
        '  sameClasses: tags.every((tag) => classes.includes(customElements.get(tag))),',
        '  rootExports: typeof kit.RpcConfirm === "function" && typeof kit.ExtensionUIController === "function",',
        '};',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><script type="module" src="./main.js"></script>\n',
    );
    const out = join(work, 'web');
    await build({ root: app, configFile: false, logLevel: 'warn', build: { outDir: out, target: 'es2022' } });
    const server = await serveDirectory(out);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForFunction(() => 'result' in window);
      const result = await page.evaluate(() => (window as unknown as { result: unknown }).result);
      expect(result).toEqual({ before: [], after: tags, sameClasses: true, rootExports: true });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 60_000);
});
