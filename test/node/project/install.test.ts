/**
 * The kit installed as the README's "Install" says, before it is on the npm registry, into fresh
 * apps that build the README's own page ("One tag in your page") with Vite:
 *
 * - a tarball: a clone of this repository (its HEAD: committed files only, so no dist/), where
 *   `npm pack` builds dist/ (the `prepare` script) and packs it; the app installs the tarball;
 * - straight from git: the app installs that clone with `npm install git+file://…`, and npm clones
 *   it again, installs the kit's development dependencies there and runs `prepare`, which builds.
 *
 * Each app's page is type-checked against the installed package, built by `vite build`, and opened
 * in Chromium, where it connects and sends what is typed. `npm publish --dry-run` says what the
 * package holds. And `prepare` builds nothing on `npm ci` or `npm install` in the kit's own folder
 * (CI's install), only where npm makes the package. About 3 minutes, most of it npm installing the
 * kit's development dependencies for the git install (which runs beside the tarball's steps).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { readmeBlock, writeReadmePage } from '../../support/readme-page.js';
import { serveDirectory } from '../../support/static-server.js';

const run = promisify(execFile);
const repo = resolve('.');

/** The environment of a user's shell: not vitest's (NODE_ENV=test, VITEST…). */
const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
);

/** A command's stdout; its output in the error when it fails. */
async function sh(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      env: { ...userEnv, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`, {
      cause: error,
    });
  }
}

const npmInstall = (cwd: string, spec: string) =>
  sh(cwd, 'npm', ['install', spec, '--prefer-offline', '--no-audit', '--no-fund']);

interface Packed {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

interface KitPackage {
  readonly name: string;
  readonly version: string;
  readonly exports: Record<string, unknown>;
  readonly bin: Record<string, string>;
  readonly customElements: string;
  readonly 'web-types': string;
  readonly scripts: Record<string, string>;
}

let work: string;
/** The clone of this repository, beside the apps, as the README has it. */
let kit: string;
let kitPackage: KitPackage;
/** `npm install git+file://…` in its app, started once the clone exists (it takes longest). */
let gitInstall: Promise<{ error?: Error }>;
/** What `npm pack` put in the tarball. */
let packedFiles: string[] = [];
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rpc-ui-install-'));
  kit = join(work, 'rpc-ui-kit');
  await sh(work, 'git', ['clone', '--quiet', repo, kit]);
  kitPackage = JSON.parse(readFileSync(join(kit, 'package.json'), 'utf8')) as KitPackage;
  const gitApp = await newApp('app-git');
  gitInstall = npmInstall(gitApp, `git+file://${await realpath(kit)}`).then(
    () => ({}),
    (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
  );
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await gitInstall?.catch(() => undefined);
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
}, 600_000);

/** A fresh app beside the clone: package.json only. */
async function newApp(name: string): Promise<string> {
  const app = join(work, name);
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  return app;
}

/** A stand-in for the bridge: accepts the page's WebSocket and records what it sends. */
async function startBridge(): Promise<{ url: string; received: unknown[]; close: () => Promise<void> }> {
  const received: unknown[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/rpc' });
  server.on('connection', (socket) => {
    // The page sends text frames: `ws` gives them as one Buffer each.
    socket.on('message', (data) =>
      received.push(Buffer.isBuffer(data) ? JSON.parse(data.toString()) : '(not one text frame)'),
    );
  });
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/rpc`,
    received,
    close: () => {
      for (const client of server.clients) client.terminate();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * The README's page in `app`, against the package installed there: type-checked (strict, the
 * package's declarations checked too), built by `vite build` (this repository's Vite, run as the
 * app's), then opened in Chromium, connected to a stand-in bridge; Enter sends what is typed.
 */
async function checkReadmePage(app: string): Promise<void> {
  const bridge = await startBridge();
  try {
    await writeReadmePage(app, bridge.url);
    const compilerOptions = {
      strict: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2023', 'dom', 'dom.iterable'],
      types: [],
      noEmit: true,
    };
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
    await sh(app, process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    await sh(app, process.execPath, [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      NODE_ENV: 'production',
    });

    const assets = join(app, 'dist', 'assets');
    const code = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    // The kit's define map, tag to class, bundled from rpc-ui-kit/define.js.
    for (const tag of ['rpc-extension-ui', 'rpc-transcript'])
      expect(code).toMatch(new RegExp(`"${tag}":\\w`));

    const server = await serveDirectory(join(app, 'dist'));
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(server.url);
      await page.locator('rpc-extension-ui[connection="connected"]').waitFor();
      expect(
        await page.evaluate(() =>
          ['rpc-extension-ui', 'rpc-transcript'].map((tag) => {
            const element = document.querySelector(tag);
            const defined = customElements.get(tag);
            return Boolean(defined && element instanceof defined && element.shadowRoot);
          }),
        ),
      ).toEqual([true, true]);
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('hello from an installed kit');
      await message.press('Enter');
      await expect
        .poll(() => bridge.received.at(-1))
        .toEqual({ type: 'prompt', message: 'hello from an installed kit', streamingBehavior: 'steer' });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  } finally {
    await bridge.close();
  }
}

/** The files the installed package holds, as paths relative to it. */
function installedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .replaceAll('\\', '/'),
    );
}

describe('the README', () => {
  it('says how to install the kit: from the registry, from a tarball npm pack writes, from git', () => {
    const install = readmeBlock('Install', 'sh');
    expect(install).toMatch(/^npm install rpc-ui-kit\b/m);
    expect(install).toMatch(/^npm ci && npm pack\b/m);
    expect(install).toContain('npm install "git+https://');
    expect(install).toContain('npm install "git+file://$(realpath ../rpc-ui-kit)"');
  });
});

describe('from a tarball: npm pack in a clone, installed into an app', () => {
  let packed: Packed;
  let app: string;

  beforeAll(async () => {
    expect(existsSync(join(kit, 'dist'))).toBe(false);
    // The clone's development dependencies are this repository's: linked, not installed (never
    // run npm install or npm ci in the clone, which would empty them).
    await symlink(join(repo, 'node_modules'), join(kit, 'node_modules'), 'dir');
    [packed] = JSON.parse(await sh(kit, 'npm', ['pack', '--json'])) as [Packed];
    packedFiles = packed.files.map((file) => file.path);
    app = await newApp('app-tarball');
    await npmInstall(app, `../rpc-ui-kit/${packed.filename}`);
  }, 180_000);

  it('is the tarball the README names, built by prepare: dist/ is in it', () => {
    expect(packed.filename).toBe(`rpc-ui-kit-${kitPackage.version}.tgz`);
    expect(readmeBlock('Install', 'sh')).toContain(`npm install ../rpc-ui-kit/${packed.filename}`);
    for (const file of ['dist/index.js', 'dist/define.js', 'dist/index.d.ts', 'dist/bridge/cli.js'])
      expect(packedFiles).toContain(file);
  });

  it("builds the README's page, which runs in Chromium", () => checkReadmePage(app), 120_000);

  it('runs the rpc-ui command', async () => {
    const help = await sh(app, join(app, 'node_modules', '.bin', 'rpc-ui'), ['--help']);
    expect(help).toContain('Usage: rpc-ui serve');
  });
});

describe('npm publish --dry-run (in the clone, dist/ built by npm pack above)', () => {
  let files: string[];

  beforeAll(async () => {
    // Offline and without the scripts: dist/ is built, and a dry run needs no login.
    const out = await sh(kit, 'npm', ['publish', '--dry-run', '--json', '--offline', '--ignore-scripts']);
    const published = (JSON.parse(out) as Record<string, Packed>)[kitPackage.name];
    files = published?.files.map((file) => file.path) ?? [];
  }, 60_000);

  /** Every path a value of package.json's `exports` names. */
  const exported = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value.replace(/^\.\//, '')]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(exported)
        : [];

  it('holds the licence, the readme, the changelog, the entries, the manifests and the command', () => {
    const needed = [
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      kitPackage.customElements,
      kitPackage['web-types'].replace(/^\.\//, ''),
      ...Object.values(kitPackage.bin),
      ...exported(kitPackage.exports),
    ];
    expect(kitPackage.customElements).toBe('dist/custom-elements.json');
    expect(needed.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('holds what rpc-ui serve and rpc-ui install read: the playground, the demo extension, the agents', () => {
    for (const file of ['dist/playground/index.html', 'examples/pi-extension/index.ts'])
      expect(files).toContain(file);
    const agents = readdirSync(join(kit, 'agents')).filter(
      (name) => !['code-server', 'node24'].includes(name),
    );
    for (const agent of agents) expect(files).toContain(`agents/${agent}/package.json`);
  });

  it('holds no source maps, sources, tests, stories, benches, nor the test-only agents', () => {
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => /^(src|test|stories|bench|scripts|\.ci)\//.test(file))).toEqual([]);
    expect(files.filter((file) => /^agents\/(code-server|node24)\//.test(file))).toEqual([]);
  });

  it('is what the tarball holds', () => {
    expect(files.length).toBeGreaterThan(0);
    expect([...files].sort()).toEqual([...packedFiles].sort());
  });
});

describe('straight from git: npm install git+file://<clone>', () => {
  let app: string;

  beforeAll(async () => {
    const { error } = await gitInstall;
    if (error) throw error;
    app = join(work, 'app-git');
  }, 600_000);

  it('builds dist/ with prepare, from committed files without it', async () => {
    expect((await sh(kit, 'git', ['ls-files', 'dist'])).trim()).toBe('');
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies[kitPackage.name]).toMatch(/^git\+file:/);
    const installed = installedFiles(join(app, 'node_modules', kitPackage.name));
    for (const file of ['dist/index.js', 'dist/define.js', 'dist/index.d.ts', 'dist/custom-elements.json'])
      expect(installed).toContain(file);
    expect(installed.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it("builds the README's page, which runs in Chromium", () => checkReadmePage(app), 120_000);

  it('runs the rpc-ui command', async () => {
    const help = await sh(app, join(app, 'node_modules', '.bin', 'rpc-ui'), ['--help']);
    expect(help).toContain('Usage: rpc-ui serve');
  });
});

describe('prepare builds where npm makes the package, not on an install of its own folder', () => {
  let dir: string;
  let other: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rpc-ui-prepare-'));
    other = await mkdtemp(join(tmpdir(), 'rpc-ui-prepare-app-'));
    const build = `node -e "require('fs').writeFileSync('built', process.env.npm_lifecycle_event)"`;
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'probe', scripts: { build } }));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(other, { recursive: true, force: true });
  });

  /** Whether the clone's prepare.mjs builds, run with this `npm_command` and `INIT_CWD`. */
  async function builds(command: string | undefined, initCwd: string | undefined): Promise<boolean> {
    await rm(join(dir, 'built'), { force: true });
    const env: NodeJS.ProcessEnv = { npm_command: command, INIT_CWD: initCwd };
    await sh(dir, process.execPath, [join(kit, 'scripts', 'prepare.mjs')], env);
    return existsSync(join(dir, 'built'));
  }

  it('skips `npm ci` and `npm install` run in the folder (CI, a developer, a git clone’s own install)', async () => {
    expect(await builds('ci', dir)).toBe(false);
    expect(await builds('install', dir)).toBe(false);
  });

  it('builds for npm pack and npm publish, for an app installing it from git, and for other tools', async () => {
    expect(await builds('pack', dir)).toBe(true);
    expect(await builds('publish', dir)).toBe(true);
    expect(await builds('install', other)).toBe(true);
    expect(await builds('ci', other)).toBe(true);
    expect(await builds(undefined, undefined)).toBe(true);
  });

  it('is the package’s prepare script, and nothing else builds on pack', () => {
    expect(kitPackage.scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(kitPackage.scripts.prepack).toBeUndefined();
  });
});
