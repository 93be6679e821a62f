/**
 * atomic's source, one place for `npm start` and `npm test` (scripts/atomic-source.mjs): the
 * tarball beside the project when RPC_UI_ATOMIC_SOURCE names none; without it, `npm start -- --agent
 * atomic` says where to get atomic: its repository, the commit the kit is tested with, and the
 * setting that names it. Nothing is built here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AtomicSourceMissingError } from '../../../src/bridge/agents/atomic.js';
import {
  ATOMIC_COMMIT,
  ATOMIC_REPOSITORY,
  ATOMIC_TARBALL,
  atomicSource,
  defaultAtomicSource,
} from '../../../scripts/atomic-source.mjs';
import { killClis, root, runCli } from '../../support/rpc-ui-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'rpc-ui-atomic-source-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(killClis);

describe("atomic's source", () => {
  it('is RPC_UI_ATOMIC_SOURCE, else the tarball in ../shared/agents/ when it is there', () => {
    const shared = join(scratch, 'shared');
    expect(atomicSource({ RPC_UI_SHARED_DIR: shared })).toBeUndefined();
    mkdirSync(join(shared, 'agents'), { recursive: true });
    writeFileSync(join(shared, 'agents', ATOMIC_TARBALL), '');
    expect(atomicSource({ RPC_UI_SHARED_DIR: shared })).toBe(join(shared, 'agents', ATOMIC_TARBALL));
    expect(atomicSource({ RPC_UI_SHARED_DIR: shared, RPC_UI_ATOMIC_SOURCE: '/src/atomic' })).toBe(
      '/src/atomic',
    );
    expect(defaultAtomicSource({})).toBe(join(root, '..', 'shared', 'agents', 'atomic-src-6031a92.tar.gz'));
  });

  it('names the commit the tarball holds, and the error names the same', () => {
    expect(ATOMIC_TARBALL).toBe(`atomic-src-${ATOMIC_COMMIT.slice(0, 7)}.tar.gz`);
    const tarball = defaultAtomicSource({});
    if (existsSync(tarball)) {
      const id = spawnSync('git', ['get-tar-commit-id'], { input: gunzipSync(readFileSync(tarball)) });
      expect(id.stdout.toString().trim()).toBe(ATOMIC_COMMIT);
      expect(atomicSource({})).toBe(tarball);
    }
    const { message } = new AtomicSourceMissingError();
    for (const text of [ATOMIC_REPOSITORY, ATOMIC_COMMIT, ATOMIC_COMMIT.slice(0, 7), 'RPC_UI_ATOMIC_SOURCE'])
      expect(message).toContain(text);
  });

  it('npm start -- --agent atomic, without it, says where to get it', async () => {
    const nowhere = join(scratch, 'nowhere');
    const cli = runCli(
      ['--agent', 'atomic', '--no-open', '--port', '0'],
      join(root, 'scripts', 'start.mjs'),
      {
        RPC_UI_ATOMIC_SOURCE: '',
        RPC_UI_SHARED_DIR: nowhere,
      },
    );
    // start.mjs may build the playground first.
    expect(await cli.exited).toBe(1);
    expect(cli.stdout.filter(Boolean)).toEqual([]);
    const stderr = cli.stderr();
    expect(stderr).toContain(`atomic's source is not at ${join(nowhere, 'agents', ATOMIC_TARBALL)}`);
    for (const text of [ATOMIC_REPOSITORY, ATOMIC_COMMIT, 'RPC_UI_ATOMIC_SOURCE'])
      expect(stderr).toContain(text);
  }, 90_000);
});
