// Where atomic's source is found when RPC_UI_ATOMIC_SOURCE names none: the `git archive` tarball of
// the commit the kit is tested with, in `../shared/agents/` beside the project (RPC_UI_SHARED_DIR
// names another folder). One place for `npm test`, `npm start`, the tests and scripts/record-turns.ts.
// No registry serves atomic; without the tarball, the bridge's error says where to get it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The atomic commit the kit is tested with (bastani-inc/atomic). */
export const ATOMIC_COMMIT = '6031a9269809c4a556420b8a698704ba6da47754';

/** Its repository. */
export const ATOMIC_REPOSITORY = 'https://github.com/bastani-inc/atomic';

/** The tarball's name: `git archive` of that commit. */
export const ATOMIC_TARBALL = `atomic-src-${ATOMIC_COMMIT.slice(0, 7)}.tar.gz`;

/** The folder looked in: `RPC_UI_SHARED_DIR`'s `agents/`, else `../shared/agents/` beside the project. */
export function sharedAgentsDir(env = process.env) {
  return env.RPC_UI_SHARED_DIR
    ? join(env.RPC_UI_SHARED_DIR, 'agents')
    : fileURLToPath(new URL('../../shared/agents', import.meta.url));
}

/** The default source's path, whether or not it is there. */
export function defaultAtomicSource(env = process.env) {
  return join(sharedAgentsDir(env), ATOMIC_TARBALL);
}

/** atomic's source: `RPC_UI_ATOMIC_SOURCE`, else the default tarball when it exists, else undefined. */
export function atomicSource(env = process.env) {
  if (env.RPC_UI_ATOMIC_SOURCE) return env.RPC_UI_ATOMIC_SOURCE;
  const tarball = defaultAtomicSource(env);
  return existsSync(tarball) ? tarball : undefined;
}
