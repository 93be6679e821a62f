// `npm start`: install dependencies when missing, then serve the playground.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('node_modules/.bin/vite')) {
  console.log('Installing dependencies (npm ci)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const open = process.env.CI ? [] : ['--open'];
const server = spawnSync('npx', ['vite', '--host', '127.0.0.1', ...open], { stdio: 'inherit' });
process.exit(server.status ?? 0);
