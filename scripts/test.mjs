// `npm test`: type check, lint, build, vitest (Node tests, and every Storybook story in Chromium: render,
// play function, axe), the component tests (@web/test-runner) in Chromium, Firefox and WebKit, then
// a line per engine and one plain summary line
// `N passed, N failed` over every runner. Exits non-zero if anything failed. Not on a terminal (or
// with NO_COLOR), the runners' output is plain: no colour or cursor codes (scripts/plain-output.mjs).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ENGINES, NOT_YET } from '../test/support/wtr-engines.mjs';
import { atomicSource } from './atomic-source.mjs';
import { runPlainly } from './plain-output.mjs';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });

function run(name, command, args, env = {}) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  return runPlainly(command, args, {
    env: { ...process.env, FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1', ...env },
  });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const checks = [];

checks.push(['type check', await run('type check', 'npx', ['tsc', '-p', '.'])]);
checks.push([
  'lint',
  (await run('lint', 'npx', ['eslint', '.'])) && (await run('format', 'npx', ['biome', 'format', '.'])),
]);

// The build (library, bridge, playground, types, custom-elements.json and the editor metadata):
// the package tests check dist/, and the story tests read custom-elements.json.
checks.push(['build', await run('build', 'npm', ['run', '--silent', 'build'])]);

// The real agents the end-to-end tests drive, into the bridge's cache (a minute the first time,
// nothing after): pi 1.x and oh-my-pi from the npm registry with the Node and bun they need, and
// atomic built from its source, which no registry serves: the tarball beside the project unless
// RPC_UI_ATOMIC_SOURCE names another (scripts/atomic-source.mjs; without either, the step fails
// saying where to get it).
const atomic = atomicSource();
if (atomic) process.env.RPC_UI_ATOMIC_SOURCE = atomic;
checks.push(['agents', await run('agents', 'node', ['bin/rpc-ui.mjs', 'install', 'all'])]);
// The real VS Code (code-server, with the Node 24 it needs) that test/node/e2e/e2e-vscode.test.ts
// drives, into the same cache: about two minutes of compiling the first time, nothing after.
checks.push(['VS Code', await run('VS Code', 'npx', ['tsx', 'scripts/install-vscode.ts'])]);

// Every vitest project: `node` (test/node) and `storybook` (stories/, in Chromium). The JSON
// report sums them.
const vitestOk = await run('vitest: node tests and story tests', 'npx', [
  'vitest',
  'run',
  '--project=node',
  '--project=storybook',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const vitest = readJson(`${results}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!vitestOk && !vitest?.numFailedTests) checks.push(['vitest', false]);

// The component tests in each engine, one run each (test/support/wtr-engines.mjs), counted apart.
const engineLines = [];
for (const engine of ENGINES) {
  const ok = await run(`browser tests in ${engine}`, 'npx', ['web-test-runner'], { RPC_UI_ENGINE: engine });
  const wtr = readJson(`${results}/wtr-${engine}.json`);
  if (wtr) {
    totals.passed += wtr.passed;
    totals.failed += wtr.failed;
    totals.skipped += wtr.skipped;
  }
  if (!ok && !wtr?.failed) checks.push([`browser tests in ${engine}`, false]);
  const count = (n, what) => (n ? `${n} ${what}${n === 1 ? '' : 's'}` : '');
  const notRun = [count(wtr?.notRun ?? 0, 'test'), count(Object.keys(NOT_YET[engine]).length, 'file')]
    .filter(Boolean)
    .join(' and ');
  engineLines.push(
    `${engine}: ${wtr?.passed ?? 0} passed, ${wtr?.failed ?? 0} failed` +
      (wtr?.skipped ? `, ${wtr.skipped} skipped` : '') +
      (notRun ? `; ${notRun} not run in ${engine} (what and why: docs/testing.md)` : ''),
  );
}

for (const [name, ok] of checks) {
  if (ok) continue;
  console.log(`✗ ${name} failed`);
  totals.failed++;
}
console.log('');
for (const line of engineLines) console.log(`browser tests, ${line}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
