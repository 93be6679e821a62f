/**
 * `npm run agents:outdated [-- --registry URL]`: says, for each package pinned in agents/<tree>/,
 * whether the registry has a newer release (its `latest` tag) and whether that release could be
 * installed from this registry, that is whether every dependency it names resolves there. A
 * mirror may serve a package without the versions its newest release needs (oh-my-pi 18.3.4's
 * own @oh-my-pi packages, for one), and then the pin has to wait. atomic is pinned by commit and
 * built from its source: it gets a row that says where to look. Exits 1 only when the registry
 * cannot be reached.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { ATOMIC_COMMIT, ATOMIC_REPOSITORY } from './atomic-source.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the script reads of a version in a packument. */
interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
}

/** What the script reads of a packument. */
interface Packument {
  readonly 'dist-tags'?: Readonly<Record<string, string>>;
  readonly versions?: Readonly<Record<string, Manifest>>;
}

/** One package pinned in one tree of agents/. */
interface Pin {
  readonly tree: string;
  readonly name: string;
  readonly version: string;
}

/** One row of the table. */
type Row = readonly [tree: string, pkg: string, pinned: string, latest: string, verdict: string];

/** The registry did not answer (or answered with something other than a packument or a 404). */
class RegistryUnreachable extends Error {}

/** `--registry URL`, else npm's own setting (npm run sets npm_config_registry), without the last `/`. */
function registryUrl(argv: readonly string[]): string {
  const flag = argv.indexOf('--registry');
  const named =
    (flag >= 0 ? argv[flag + 1] : undefined) ??
    process.env.npm_config_registry ??
    spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim();
  return (named || 'https://registry.npmjs.org/').replace(/\/+$/, '');
}

/** Every exact pin in agents/<tree>/package.json, trees in name order. */
function readPins(agents = join(ROOT, 'agents')): Pin[] {
  return readdirSync(agents, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((tree) => {
      const pkg = JSON.parse(readFileSync(join(agents, tree, 'package.json'), 'utf8')) as Manifest;
      return Object.entries(pkg.dependencies ?? {}).map(([name, version]) => ({ tree, name, version }));
    });
}

/** A package's path on the registry: a scoped name keeps its `@` and encodes its `/`. */
function packagePath(name: string): string {
  return name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
}

/** The package's packument, or undefined when the registry has no such package (404). */
async function fetchPackument(registry: string, name: string): Promise<Packument | undefined> {
  let response: Response;
  try {
    // The abbreviated form (what npm install reads) has the tags and every version's
    // dependencies, at a fraction of the full document's size.
    response = await fetch(`${registry}/${packagePath(name)}`, {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new RegistryUnreachable(`${registry}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new RegistryUnreachable(`${registry}: HTTP ${response.status} for ${name}`);
  return (await response.json()) as Packument;
}

/**
 * The dependencies of `manifest` the registry cannot satisfy, as `name@range`. One level only:
 * what the newer release names itself, not what those dependencies name in turn (a missing
 * release of the agent's own packages, the usual case, shows at this level).
 */
async function missingDependencies(registry: string, manifest: Manifest): Promise<string[]> {
  const checks = Object.entries(manifest.dependencies ?? {}).map(async ([name, range]) => {
    // A git URL, a file or an alias is not the registry's to resolve: not judged here.
    if (semver.validRange(range) === null) return undefined;
    const versions = Object.keys((await fetchPackument(registry, name))?.versions ?? {});
    return semver.maxSatisfying(versions, range) === null ? `${name}@${range}` : undefined;
  });
  return (await Promise.all(checks)).filter((missing) => missing !== undefined);
}

/** The row of one pin: its registry's latest and whether that could replace it. */
async function pinRow(registry: string, pin: Pin): Promise<Row> {
  const packument = await fetchPackument(registry, pin.name);
  const latest = packument?.['dist-tags']?.latest;
  const row = (version: string, verdict: string): Row => [pin.tree, pin.name, pin.version, version, verdict];
  if (packument === undefined || latest === undefined) return row('-', 'not on this registry');
  if (!semver.valid(latest) || !semver.gt(latest, pin.version)) return row(latest, 'up to date');
  const missing = await missingDependencies(registry, packument.versions?.[latest] ?? {});
  return row(
    latest,
    missing.length === 0
      ? `newer: ${latest}, installable`
      : `newer: ${latest}, not installable here: ${missing.join(', ')}`,
  );
}

/** The rows as a plain text table, columns padded to their widest cell (the last one not). */
function formatTable(rows: readonly Row[]): string {
  const header: Row = ['tree', 'package', 'pinned', 'latest', 'verdict'];
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const registry = registryUrl(process.argv.slice(2));
  try {
    const rows = await Promise.all(readPins().map((pin) => pinRow(registry, pin)));
    const commit = ATOMIC_COMMIT.slice(0, 7);
    rows.push([
      'atomic',
      'bastani-inc/atomic',
      commit,
      '-',
      `pinned by commit, built from source, on no registry: see ${ATOMIC_REPOSITORY}/commits`,
    ]);
    console.log(formatTable(rows));
  } catch (error) {
    if (!(error instanceof RegistryUnreachable)) throw error;
    console.error(`agents:outdated: the registry cannot be reached: ${error.message}`);
    process.exitCode = 1;
  }
}

await main();
