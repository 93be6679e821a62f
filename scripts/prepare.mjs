// `prepare`: builds dist/ (`npm run build`), which is not committed, wherever npm makes the package
// from this folder: `npm pack`, `npm publish`, and an app's install from git (`npm install
// git+https://…`), where npm clones the repository into a folder of its own, runs `npm install` in
// the clone for the development dependencies, then runs `prepare` from the app's install and packs
// the clone.
//
// It builds nothing in an install of this folder from this folder (`npm ci`, `npm install`; npm
// names the command in `npm_command` and where it was run in `INIT_CWD`): `npm test` and
// `npm start` build what they need, CI's `npm ci` stays as fast as before, and a source that does
// not build yet does not stop the dependencies from installing. In an install from git, that is the
// clone's own `npm install`: the build runs once, from the app's install (INIT_CWD is the app).
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

/** The real path of `dir`, or undefined when there is none. */
function real(dir) {
  try {
    return dir ? realpathSync(dir) : undefined;
  } catch {
    return undefined;
  }
}

const ownInstall =
  ['ci', 'install'].includes(process.env.npm_command ?? '') &&
  real(process.env.INIT_CWD) === real(process.cwd());

if (ownInstall) {
  console.error(
    `rpc-ui-kit: no build on \`npm ${process.env.npm_command}\` here (\`npm run build\` builds dist/).`,
  );
} else {
  // The package manager that runs this script (npm, or another that runs `prepare` for git deps).
  const execPath = process.env.npm_execpath;
  const [command, args] =
    execPath?.endsWith('.js') || execPath?.endsWith('.cjs')
      ? [process.execPath, [execPath, 'run', 'build']]
      : [execPath || 'npm', ['run', 'build']];
  // Its output on stderr, as the line above: `npm pack --json` and `npm publish --json` keep stdout
  // to their JSON.
  const build = spawnSync(command, args, { stdio: ['inherit', 2, 2] });
  if (build.error) throw build.error;
  process.exit(build.status ?? 1);
}
