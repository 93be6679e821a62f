/**
 * The bridge's installer: a cache whose installs are whole or absent, and the command line of
 * each agent it knows (the installs themselves run in `npm test`'s install step and the
 * end-to-end tests, on the real registry).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AtomicSourceMissingError } from '../../../src/bridge/agents/atomic.js';
import { cacheRoot, once } from '../../../src/bridge/agents/cache.js';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { versionAtLeast } from '../../../src/bridge/agents/runtime.js';

const scratch = mkdtempSync(join(tmpdir(), 'rpc-ui-cache-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the cache', () => {
  it('is RPC_UI_CACHE, else the user cache folder', () => {
    expect(cacheRoot({ RPC_UI_CACHE: scratch })).toBe(scratch);
    expect(cacheRoot({ XDG_CACHE_HOME: '/x/cache' })).toBe(join('/x/cache', 'rpc-ui-kit'));
  });

  it('builds a target once; a failed build leaves nothing; two at once end with one whole', async () => {
    const target = join(scratch, 'tree');
    await expect(
      once(target, (dir) => {
        writeFileSync(join(dir, 'half'), 'x');
        return Promise.reject(new Error('the build broke'));
      }),
    ).rejects.toThrow('the build broke');
    expect(readdirSync(scratch)).toEqual([]);
    let builds = 0;
    // "At once": each build goes on only when both have begun, so they overlap whatever the timing.
    let bothBegun: () => void = () => {};
    const begun = new Promise<void>((resolve) => (bothBegun = resolve));
    const build = async (dir: string) => {
      if (++builds === 2) bothBegun();
      await begun;
      writeFileSync(join(dir, 'file'), `build ${builds}`);
    };
    await Promise.all([once(target, build), once(target, build)]);
    expect(readFileSync(join(target, 'file'), 'utf8')).toMatch(/^build [12]$/);
    expect(readdirSync(scratch)).toEqual(['tree']);
    await once(target, build);
    expect(builds).toBe(2);
  });
});

describe('the agents by name', () => {
  it('oh-my-pi gets its flags, a stub model it never calls, and setTitle turned on', async () => {
    // `npm test` installed it first (rpc-ui install all): a missing one fails here, clearly.
    const command = await agentCommand('omp', { install: false });
    try {
      expect(command.args).toEqual(expect.arrayContaining(['--mode', 'rpc', '--no-rules', '--no-lsp', '-e']));
      expect(command.args).not.toContain('--offline');
      expect(command.env.PI_RPC_EMIT_TITLE).toBe('1');
      expect(readFileSync(join(command.cwd, 'agent', 'models.yml'), 'utf8')).toMatch(/127\.0\.0\.1:9/);
      expect(command.identity).toEqual({ name: 'omp', version: '18.2.3' });
    } finally {
      command.cleanup();
    }
    expect(existsSync(command.cwd)).toBe(false);
  });

  it("pi 1.x runs on a Node that fits it; atomic's names are ATOMIC_*; atomic needs its source named", async () => {
    const pi = await agentCommand('pi', { install: false });
    pi.cleanup();
    const node = spawnSync(pi.command, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(versionAtLeast(node.replace(/^v/, ''), [22, 19]), node).toBe(true);
    expect(pi.env).toMatchObject({ PI_OFFLINE: '1', PI_CODING_AGENT_DIR: join(pi.cwd, 'agent') });
    await expect(agentCommand('atomic', { env: {} })).rejects.toBeInstanceOf(AtomicSourceMissingError);
    expect(versionAtLeast('22.19.0', [22, 19])).toBe(true);
    expect(versionAtLeast('22.18.9', [22, 19])).toBe(false);
    expect(versionAtLeast('24.0.0', [22, 19])).toBe(true);
  });
});
