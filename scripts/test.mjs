// `npm test`: type check, lint, build, vitest (Node tests, and every Storybook story in Chromium: render,
// play function, axe), Chromium tests (@web/test-runner), then one plain summary line
// `N passed, N failed` over every runner. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });

function run(name, command, args) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  return status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const checks = [];

checks.push(['type check', run('type check', 'npx', ['tsc', '-p', '.'])]);
checks.push(['lint', run('lint', 'npx', ['eslint', '.']) && run('format', 'npx', ['biome', 'format', '.'])]);

// The build (library, bridge, playground, types, custom-elements.json and the editor metadata):
// the package tests check dist/, and the story tests read custom-elements.json.
checks.push(['build', run('build', 'npm', ['run', '--silent', 'build'])]);

// The real agents the end-to-end tests drive, into the bridge's cache (a minute the first time,
// nothing after): pi 1.x and oh-my-pi from the npm registry with the Node and bun they need, and
// atomic built from its source, which no registry serves: the tarball beside the project unless
// RPC_UI_ATOMIC_SOURCE names another.
process.env.RPC_UI_ATOMIC_SOURCE ??= fileURLToPath(
  new URL('../../shared/agents/atomic-src-6031a92.tar.gz', import.meta.url),
);
checks.push(['agents', run('agents', 'node', ['bin/rpc-ui.mjs', 'install', 'all'])]);
// The real VS Code (code-server, with the Node 24 it needs) that test/node/e2e-vscode.test.ts
// drives, into the same cache: about two minutes of compiling the first time, nothing after.
checks.push(['VS Code', run('VS Code', 'npx', ['tsx', 'scripts/install-vscode.ts'])]);

// Every vitest project: `node` (test/node) and `storybook` (stories/, in Chromium). The JSON
// report sums them.
const vitestOk = run('vitest: node tests and story tests', 'npx', [
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

const wtrOk = run('browser tests', 'npx', ['web-test-runner']);
const wtr = readJson(`${results}/wtr.json`);
if (wtr) {
  totals.passed += wtr.passed;
  totals.failed += wtr.failed;
  totals.skipped += wtr.skipped;
}
if (!wtrOk && !wtr?.failed) checks.push(['browser tests', false]);

for (const [name, ok] of checks) {
  if (ok) continue;
  console.log(`✗ ${name} failed`);
  totals.failed++;
}
console.log('');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
