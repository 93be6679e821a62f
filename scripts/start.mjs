// `npm start`: install dependencies when missing, build the playground when its sources changed,
// then run the rpc-ui bridge (bin/rpc-ui.mjs, in this process's place) on the offline demo
// (`--demo`) of the default agent: the current pi (1.x), with the demo extension; the first start
// installs it (and a Node 22 when this one is older) into the bridge's cache. Arguments after `npm start --` go to
// `rpc-ui serve` (e.g. `npm start -- --agent omp`, `npm start -- --port 0 -- my-agent --mode rpc`).
// `--agent atomic` builds atomic, once, from the source `npm test` uses (scripts/atomic-source.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicSource, defaultAtomicSource } from './atomic-source.mjs';

/** Where the playground is built, and the digest of what it was built from. */
const OUT = 'dist/playground';
const STAMP = join(OUT, '.built-from');

/** Every file the playground is built from (the bridge, run from source, is not among them). */
function playgroundInputs() {
  const files = [
    'index.html',
    'vite.playground.config.ts',
    'scripts/third-party-notices.ts',
    'package-lock.json',
    'docs/models.md',
  ];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join('src', 'bridge')) walk(path);
      } else files.push(path);
    }
  };
  walk('src');
  return files.sort();
}

/** A digest of the inputs' paths and contents: a checkout that changes nothing keeps the build. */
function inputsDigest() {
  const hash = createHash('sha256');
  for (const file of playgroundInputs())
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function run(command, args) {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync('node_modules/.bin/vite')) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
// Rebuilt only when something it is built from changed (a warm start then takes about a second).
const digest = inputsDigest();
if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== digest) {
  console.error('Building the playground…'); // stdout holds only the serving line
  run(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--config',
    'vite.playground.config.ts',
    '--logLevel',
    'warn',
  ]);
  writeFileSync(STAMP, digest);
}
// atomic's source where `npm test` finds it (scripts/atomic-source.mjs), unless RPC_UI_ATOMIC_SOURCE
// names one; without it, the bridge says where to get it.
const atomic = atomicSource();
if (atomic) process.env.RPC_UI_ATOMIC_SOURCE = atomic;
else if (
  process.argv
    .slice(2)
    .join(' ')
    .match(/--agent[= ]atomic\b/)
)
  console.error(`npm start: atomic's source is not at ${defaultAtomicSource()}, where npm test looks too.`);
// `npm start -- serve --port 0` names the command itself.
if (process.argv[2] !== 'serve') process.argv.splice(2, 0, 'serve');
// The offline demo, unless an agent command follows `--` (that runs as written). A person's own
// agent in their project is `node bin/rpc-ui.mjs serve --cwd FOLDER` (docs/hosting.md).
if (!process.argv.includes('--') && !process.argv.includes('--demo')) process.argv.splice(3, 0, '--demo');
await import('../bin/rpc-ui.mjs');
