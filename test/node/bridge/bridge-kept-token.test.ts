/**
 * A restart locks no page out: `rpc-ui serve` keeps its token in the state folder (this user's
 * alone), so the address printed once and the cookie a page holds stay good; `--new-token` makes a
 * new one and the old is refused; `rpc-ui open` prints the address of the bridge that runs, for a
 * person whose page has lost its cookie. The real pi 1.6.0 as the demo.
 */
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptToken } from '../../../src/bridge/state/kept-token.js';
import { Tab } from '../../support/bridge-tab.js';
import { type Cli, killClis, runCli, servingUrl, stateFolder } from '../../support/rpc-ui-cli.js';

afterEach(killClis);

async function serve(state: string, more: readonly string[] = []): Promise<{ cli: Cli; url: string }> {
  const cli = runCli(['serve', '--demo', '--port', '0', '--no-open', ...more], undefined, {
    RPC_UI_STATE: state,
  });
  return { cli, url: await servingUrl(cli, 60_000) };
}

async function stop(cli: Cli): Promise<void> {
  cli.child.kill('SIGINT');
  expect(await cli.exited).toBe(0);
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('the kept token', () => {
  it('is the same after a restart, kept where only this user reads it; --new-token makes another', async () => {
    const state = stateFolder();
    const first = await serve(state);
    const token = tokenOf(first.url);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(join(state, 'token'), 'utf8').trim()).toBe(token);
    expect(statSync(join(state, 'token')).mode & 0o777).toBe(0o600);
    await stop(first.cli);

    const second = await serve(state);
    expect(tokenOf(second.url)).toBe(token);
    // A page that had the token before gets in as it was.
    const tab = await Tab.open(second.url.replace(/\?.*$/, ''), { token });
    await tab.next('the hello', (v) => v.type === 'rpc_ui_hello');
    tab.close();
    await stop(second.cli);

    const renewed = await serve(state, ['--new-token']);
    expect(tokenOf(renewed.url)).not.toBe(token);
    await expect(Tab.open(renewed.url.replace(/\?.*$/, ''), { token })).rejects.toThrow('refused: 403');
    await stop(renewed.cli);
  }, 120_000);

  it('is made this user’s alone again when others could read it, and says so', () => {
    const state = stateFolder();
    const token = keptToken(state, false, () => undefined);
    chmodSync(join(state, 'token'), 0o644);
    const said: string[] = [];
    expect(keptToken(state, false, (line) => said.push(line))).toBe(token);
    expect(statSync(join(state, 'token')).mode & 0o777).toBe(0o600);
    expect(said).toEqual([expect.stringContaining('could be read by others; it is yours alone now')]);
    // Something that is not a token the bridge made is not taken.
    writeFileSync(join(state, 'token'), 'x\n');
    expect(keptToken(state, false, () => undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says what to do when the state folder cannot hold it, and serves nothing', async () => {
    const notAFolder = join(stateFolder(), 'a-file');
    writeFileSync(notAFolder, '');
    const cli = runCli(['serve', '--port', '0', '--no-open', '--cwd', stateFolder()], undefined, {
      RPC_UI_STATE: notAFolder,
    });
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toMatch(
      /rpc-ui: cannot keep the token in .*a-file \(E[A-Z]+\): give one with --token-file, or RPC_UI_STATE a folder of yours\./,
    );
    expect(cli.stdout).toEqual([]);
  }, 60_000);
});

describe('rpc-ui open', () => {
  it('prints the address of the bridge that runs, and says when none does', async () => {
    const state = stateFolder();
    const none = runCli(['open', '--no-open'], undefined, { RPC_UI_STATE: state });
    expect(await none.exited).toBe(1);
    expect(none.stderr()).toContain('rpc-ui: no bridge of yours runs now; start one with rpc-ui serve.');

    const { cli, url } = await serve(state);
    const open = runCli(['open', '--no-open'], undefined, { RPC_UI_STATE: state });
    expect(await open.exited).toBe(0);
    expect(open.stdout).toContain(`rpc-ui: pi 1.6.0 (demo extension) in ${folderOf(state)}: ${url}`);

    // A bridge killed outright leaves its address behind: it is not offered, and goes.
    process.kill(cli.child.pid ?? 0, 'SIGKILL');
    await cli.exited;
    const after = runCli(['open', '--no-open'], undefined, { RPC_UI_STATE: state });
    expect(await after.exited).toBe(1);
  }, 120_000);
});

/** The demo's folder as the page names it (the state folder is not under the test's home). */
const folderOf = (state: string) => join(state, 'demo', 'pi', 'work');
