/**
 * `npm run agents:outdated` against a registry on this machine (node:http serving packuments, no
 * network): the pins of agents/ as they are, the registry made up around them.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../../scripts/agents-outdated.ts', import.meta.url).pathname;
const AGENTS = new URL('../../../agents/', import.meta.url);

/** The one package of a tree of agents/, and its pinned version. */
function pinOf(tree: string): [name: string, version: string] {
  const pkg = JSON.parse(readFileSync(new URL(`${tree}/package.json`, AGENTS), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const pin = Object.entries(pkg.dependencies)[0];
  if (!pin) throw new Error(`agents/${tree} pins nothing`);
  return pin;
}

type Versions = Record<string, { dependencies?: Record<string, string> }>;

/** A packument whose latest is the last version given. */
function packument(name: string, versions: Versions): object {
  const latest = Object.keys(versions).at(-1);
  return { name, 'dist-tags': { latest }, versions };
}

const [piName, piVersion] = pinOf('pi');
const [ompName, ompVersion] = pinOf('omp');
const [bunName, bunVersion] = pinOf('bun');
const ompNext = semver.inc(ompVersion, 'minor') ?? '';
const bunNext = semver.inc(bunVersion, 'patch') ?? '';

// pi is up to date; bun has a newer release whose dependency is there; oh-my-pi has one that
// needs a release of its own package the registry lacks (as 18.3.4 does here). Every other
// tree's package is served at its pin.
const packuments = new Map<string, object>([
  [piName, packument(piName, { [piVersion]: {} })],
  [
    bunName,
    packument(bunName, { [bunVersion]: {}, [bunNext]: { dependencies: { 'bun-helper': '^2.0.0' } } }),
  ],
  ['bun-helper', packument('bun-helper', { '2.1.0': {} })],
  [
    ompName,
    packument(ompName, {
      [ompVersion]: {},
      [ompNext]: { dependencies: { '@oh-my-pi/pi-ai': ompNext, 'bun-helper': '2.1.0' } },
    }),
  ],
  ['@oh-my-pi/pi-ai', packument('@oh-my-pi/pi-ai', { [ompVersion]: {} })],
]);
for (const tree of readdirSync(AGENTS)) {
  const [name, version] = pinOf(tree);
  if (!packuments.has(name)) packuments.set(name, packument(name, { [version]: {} }));
}

let server: Server;
let registry: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    // npm's form of a scoped name: `@scope%2fname`.
    const name = decodeURIComponent((request.url ?? '/').slice(1));
    asked.push(request.url ?? '');
    const body = packuments.get(name);
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The script's output, run as `npm run agents:outdated -- --registry URL` runs it. */
async function run(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--registry', url],
      { encoding: 'utf8' },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The table's line for `tree`, its cells split on the padding. */
function rowOf(stdout: string, tree: string): string[] | undefined {
  return stdout
    .split('\n')
    .map((line) => line.split(/ {2,}/))
    .find((cells) => cells[0] === tree);
}

describe('npm run agents:outdated', () => {
  it('says which pins are up to date, which have a newer release, and what keeps one out', async () => {
    const { code, stdout } = await run(registry);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^tree +package +pinned +latest +verdict$/);
    expect(rowOf(stdout, 'pi')).toEqual(['pi', piName, piVersion, piVersion, 'up to date']);
    expect(rowOf(stdout, 'bun')).toEqual([
      'bun',
      bunName,
      bunVersion,
      bunNext,
      `newer: ${bunNext}, installable`,
    ]);
    expect(rowOf(stdout, 'omp')).toEqual([
      'omp',
      ompName,
      ompVersion,
      ompNext,
      `newer: ${ompNext}, not installable here: @oh-my-pi/pi-ai@${ompNext}`,
    ]);
    expect(rowOf(stdout, 'atomic')?.slice(0, 4)).toEqual(['atomic', 'bastani-inc/atomic', '6031a92', '-']);
    expect(rowOf(stdout, 'atomic')?.[4]).toContain('https://github.com/bastani-inc/atomic');
    // A scoped name is asked for as npm asks for it.
    expect(asked).toContain(`/${ompName.replace('/', '%2F')}`);
  });

  it('fails, saying so, when the registry cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { code, stdout, stderr } = await run(`http://127.0.0.1:${port}`);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('the registry cannot be reached');
  });
});
