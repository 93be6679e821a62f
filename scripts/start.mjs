// `npm start`: install dependencies when missing, build the playground, then run the rpc-ui
// bridge (bin/rpc-ui.mjs, in this process's place) on the embedded default agent: pi, offline,
// with the demo extension. Arguments after `npm start --` go to `rpc-ui serve`
// (e.g. `npm start -- --port 0 -- my-agent --mode rpc`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command, args) {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (!existsSync('node_modules/.bin/vite')) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
run(process.execPath, [
  'node_modules/vite/bin/vite.js',
  'build',
  '--config',
  'vite.playground.config.ts',
  '--logLevel',
  'warn',
]);
// `npm start -- serve --port 0` names the command itself.
if (process.argv[2] !== 'serve') process.argv.splice(2, 0, 'serve');
await import('../bin/rpc-ui.mjs');
