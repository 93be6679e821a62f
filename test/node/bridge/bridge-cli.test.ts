/**
 * `rpc-ui serve` as a user runs it: the `rpc-ui` command (bin/rpc-ui.mjs, which runs the bridge
 * in its own process, so SIGTERM reaches it), on the embedded default agent; and its argument
 * parsing. The installed package's command is tested in package.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { parseCli } from '../../../src/bridge/cli-args.js';
import { atomicSource } from '../../support/agent.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { isRunning, killClis, root, runCli, servingUrl } from '../../support/rpc-ui-cli.js';

afterEach(killClis);

describe('rpc-ui serve', () => {
  it('prints one serving line, bridges the default agent (the current pi), and ends it cleanly on SIGTERM', async () => {
    const cli = runCli(['serve', '--demo', '--port', '0', '--no-open']);
    const line = await until('the serving line', () => cli.stdout[0], 15_000);
    const match = /^rpc-ui: serving (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[0-9a-f-]{36})$/.exec(line);
    expect(match, `${line}\n${cli.stderr()}`).not.toBeNull();
    const url = match?.[1] ?? '';

    const tab = await Tab.open(url);
    const hello = await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    expect(hello.value).toEqual({
      type: 'rpc_ui_hello',
      agent: 'pi 1.6.0 (demo extension)',
      identity: { name: 'pi', version: '1.6.0' },
      // The demo works in a folder of its own, in the state folder (where its sessions are kept).
      folder: expect.stringMatching(/rpc-ui-test-state-\w+\/demo\/pi\/work$/),
      session: expect.stringMatching(/^[0-9a-f-]{36}$/),
      process: expect.stringMatching(/^[0-9a-f-]{36}$/),
      history: true,
      running: true,
      dialogs: [],
      statuses: [],
      widgets: [],
    });
    const results = tab.probe([{ call: 'select', args: ['Via the CLI', ['yes', 'no']] }]);
    const request = await tab.request('select', 'Via the CLI');
    tab.send({ type: 'extension_ui_response', id: request.id, value: 'yes' });
    expect((await results).map((r) => r.value)).toEqual(['yes']);

    cli.child.kill('SIGTERM');
    const exit = await tab.next('the agent exit', (v) => v.type === 'rpc_ui_agent_exit');
    expect(exit.value).toMatchObject({ code: 0, signal: null });
    expect(await tab.closed()).toBe(1001);
    expect(await cli.exited).toBe(0);
    expect(cli.stdout.filter((l) => l !== '')).toEqual([line]);
  });

  it('runs the agent command given after --', async () => {
    const agent = "process.stdin.on('data', () => {}); process.stdin.on('end', () => process.exit(0));";
    const cli = runCli(['serve', '--port', '0', '--no-open', '--', process.execPath, '-e', agent]);
    const line = await until('the serving line', () => cli.stdout[0], 15_000);
    const url = line.replace('rpc-ui: serving ', '');
    const tab = await Tab.open(url);
    const hello = await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    expect(hello.value).toMatchObject({ agent: `${process.execPath} -e ${agent}`, running: true });
    expect(hello.value).not.toHaveProperty('identity');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('names the agent a command after -- runs, as --agent does (atomic, built from its source)', async () => {
    const env = { ...process.env, RPC_UI_ATOMIC_SOURCE: atomicSource() };
    const atomic = await agentCommand('atomic', { install: false, env });
    // Its environment (a throwaway HOME, offline) reaches it through the bridge's.
    const args = ['serve', '--port', '0', '--no-open', '--', atomic.command, ...atomic.args];
    const cli = runCli(args, undefined, atomic.env);
    const line = await until('the serving line', () => cli.stdout[0], 30_000);
    const tab = await Tab.open(line.replace('rpc-ui: serving ', ''));
    const hello = await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    expect(hello.value).toMatchObject({ identity: atomic.identity, running: true });
    expect(atomic.identity).toMatchObject({ name: 'atomic', version: '6031a92' });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    atomic.cleanup();
  }, 60_000);
});

describe('rpc-ui serve, when things go wrong', () => {
  const idle = "process.stdin.on('data', () => {}); process.stdin.on('end', () => process.exit(0));";

  it('kills an agent that does not end when a second Ctrl+C comes', async () => {
    const work = mkdtempSync(join(tmpdir(), 'rpc-ui-cli-'));
    const pidFile = join(work, 'pid');
    const endFile = join(work, 'stdin-ended');
    const stubborn = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
      process.stdin.resume();
      process.stdin.on('end', () => require('fs').writeFileSync(${JSON.stringify(endFile)}, ''));
      setInterval(() => {}, 1000);`;
    const cli = runCli(['serve', '--port', '0', '--no-open', '--', process.execPath, '-e', stubborn]);
    let pid = 0;
    try {
      await servingUrl(cli);
      pid = Number(
        await until('the agent pid', () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : undefined)),
      );
      cli.child.kill('SIGINT');
      // The first Ctrl+C has been taken once the agent's stdin has ended (the graceful stop).
      await until('the agent to see its stdin end', () => (existsSync(endFile) ? true : undefined));
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(130);
      expect(cli.stderr()).toContain('SIGINT again, killing the agent and exiting now.');
      // Killed, it is gone once its orphan is reaped: a moment, longer on a busy machine.
      await until('the agent to be gone', () => (isRunning(pid) ? undefined : true), 30_000);
    } finally {
      if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('ends cleanly on SIGHUP (the terminal closed), as on Ctrl+C', async () => {
    const cli = runCli(['serve', '--port', '0', '--no-open', '--', process.execPath, '-e', idle]);
    const tab = await Tab.open(await servingUrl(cli));
    await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    cli.child.kill('SIGHUP');
    expect(await cli.exited).toBe(0);
    expect(await tab.closed()).toBe(1001);
  });

  it('shows the agent’s stderr as it comes, and says when the agent exits', async () => {
    const failing = runCli([
      'serve',
      '--port',
      '0',
      '--no-open',
      '--',
      'sh',
      '-c',
      'echo boom >&2; sleep 0.2; exit 3',
    ]);
    await until('the exit line', () => (failing.stderr().includes('exited (code 3)') ? true : undefined));
    expect(failing.stderr()).toContain(
      'rpc-ui: agent stderr: boom\nrpc-ui: the agent exited (code 3): a tab can start it again.\n',
    );
    failing.child.kill('SIGTERM');
    expect(await failing.exited).toBe(0);
  });

  it('exits non-zero with the reason, and serves nothing, when the agent cannot start', async () => {
    const missing = runCli(['serve', '--port', '0', '--no-open', '--', '/nonexistent/agent']);
    expect(await missing.exited).toBe(1);
    expect(missing.stderr()).toMatch(
      /^rpc-ui: could not start the agent \(\/nonexistent\/agent\): .*ENOENT/m,
    );
    expect(missing.stdout).toEqual([]);
  });

  it('npm start accepts the serve command it adds itself', async () => {
    const args = ['serve', '--port', '0', '--no-open', '--', process.execPath, '-e', idle];
    const cli = runCli(args, join(root, 'scripts', 'start.mjs'));
    // start.mjs builds the playground first.
    await until(
      'the serving line or the exit',
      () => cli.stdout[0] ?? cli.child.exitCode ?? undefined,
      60_000,
    );
    expect(cli.stdout[0], cli.stderr()).toMatch(/^rpc-ui: serving http/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 70_000);
});

describe('rpc-ui arguments', () => {
  it('parses serve options and the agent command after --', () => {
    expect(
      parseCli(
        ['serve', '--port', '0', '--host', '::1', '--token', 't', '--no-open', '--', 'pi', '--mode', 'rpc'],
        {},
      ),
    ).toEqual({
      kind: 'serve',
      args: {
        host: '::1',
        port: 0,
        token: 't',
        tokenFile: undefined,
        allowOrigins: [],
        allowCommands: [],
        publicUrl: undefined,
        trustProxies: [],
        tls: undefined,
        open: false,
        agent: ['pi', '--mode', 'rpc'],
        agentName: 'pi',
        demo: false,
        standInModel: false,
        cwd: undefined,
        extensions: [],
        newSession: false,
        newToken: false,
      },
    });
    // An agent by name is the person's own unless the demo is asked for; the stand-in model is the demo's.
    expect(parseCli(['serve', '--agent', 'omp'], {})).toMatchObject({
      args: { agent: [], agentName: 'omp', demo: false },
    });
    expect(parseCli(['serve', '--demo'], {})).toMatchObject({ args: { demo: true, standInModel: false } });
    expect(parseCli(['serve', '--new-session'], {})).toMatchObject({ args: { newSession: true } });
    expect(parseCli(['serve', '--new-token'], {})).toMatchObject({ args: { newToken: true } });
    expect(parseCli(['open'], {})).toEqual({ kind: 'open', open: true });
    expect(parseCli(['open', '--no-open'], {})).toEqual({ kind: 'open', open: false });
    expect(parseCli(['open'], { CI: 'true' })).toEqual({ kind: 'open', open: false });
    expect(parseCli(['serve', '--stand-in-model'], {})).toMatchObject({
      args: { agent: [], agentName: 'pi', demo: true, standInModel: true },
    });
    // Folders and files are taken from where rpc-ui was started, as a shell would.
    expect(
      parseCli(['serve', '--cwd', 'project', '--extension', 'a.ts', '--extension', '/x/b.ts'], {}),
    ).toMatchObject({
      args: { cwd: join(process.cwd(), 'project'), extensions: [join(process.cwd(), 'a.ts'), '/x/b.ts'] },
    });
    expect(parseCli(['serve', '--cwd', '/srv/app', '--', 'my-agent'], {})).toMatchObject({
      args: { cwd: '/srv/app', agent: ['my-agent'] },
    });
    expect(parseCli(['install'], {})).toEqual({ kind: 'install', agents: ['pi'] });
    expect(parseCli(['install', 'omp', 'all'], {})).toEqual({
      kind: 'install',
      agents: ['omp', 'pi', 'atomic', 'pi-0.73'],
    });
    expect(parseCli(['serve'], {})).toMatchObject({
      args: { host: '127.0.0.1', port: 5178, open: true, agent: [] },
    });
    expect(parseCli(['serve'], { CI: 'true' })).toMatchObject({ args: { open: false } });
  });

  it('explains what is wrong', () => {
    expect(parseCli(['serve', '--port', 'http'], {})).toEqual({
      kind: 'error',
      message: '--port must be 0 to 65535, not "http".',
    });
    expect(parseCli(['serve', '--port', '70000'], {})).toMatchObject({ kind: 'error' });
    expect(parseCli(['run'], {})).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/the commands are "serve", "open" and "install"/),
    });
    expect(parseCli(['serve', '--agent', 'claude'], {})).toEqual({
      kind: 'error',
      message: '--agent takes pi, omp, atomic, pi-0.73, not "claude".',
    });
    expect(parseCli(['serve', '--agent', 'omp', '--', 'omp'], {})).toMatchObject({ kind: 'error' });
    // What goes with an agent by name says, with a command, what to write instead.
    const withCommand: [string[], string][] = [
      [
        ['--stand-in-model', '--', 'pi'],
        '--stand-in-model runs the demo of an agent by name: rpc-ui serve --agent NAME --stand-in-model (your command uses the models you configured for it).',
      ],
      [
        ['--extension', 'gate.ts', '--', 'pi', '--mode', 'rpc'],
        '--extension loads into an agent by name (--agent); add it to your command instead: rpc-ui serve -- pi --mode rpc -e gate.ts',
      ],
      [
        ['--demo', '--', 'pi'],
        '--demo runs an agent by name offline (rpc-ui serve --agent NAME --demo); your command runs as you wrote it.',
      ],
      [
        ['--new-session', '--', 'pi', '--mode', 'rpc', '-c'],
        "--new-session is for an agent by name; your command's own flags say which session it opens (leave out --continue or --session for a new one).",
      ],
    ];
    for (const [argv, message] of withCommand)
      expect(parseCli(['serve', ...argv], {})).toEqual({ kind: 'error', message });
    expect(parseCli(['serve', '--new-token', '--token', 't'], {})).toEqual({
      kind: 'error',
      message:
        '--new-token makes a new kept token; it does not go with a token given (--token, --token-file, RPC_UI_TOKEN) or --no-token.',
    });
    expect(parseCli(['install', 'claude'], {})).toMatchObject({ kind: 'error' });
    expect(parseCli(['serve', '--'], {})).toMatchObject({
      kind: 'error',
      message: 'No agent command after "--".',
    });
    expect(parseCli(['serve', '--bogus'], {})).toMatchObject({ kind: 'error' });
    expect(parseCli([], {})).toEqual({ kind: 'help' });
    expect(parseCli(['serve', '--port', '-1'], {})).toEqual({
      kind: 'error',
      message: '--port must be 0 to 65535, not "-1".',
    });
  });

  it('takes --allow-origin as an origin, however it is spelled, and refuses what is not one', () => {
    const origins = ['http://LocalHost:5173/', 'https://example.com:443/app', 'vscode-webview://abc123'];
    expect(parseCli(['serve', ...origins.flatMap((o) => ['--allow-origin', o])], {})).toMatchObject({
      args: { allowOrigins: ['http://localhost:5173', 'https://example.com', 'vscode-webview://abc123'] },
    });
    expect(parseCli(['serve', '--allow-origin', 'localhost:5173'], {})).toEqual({
      kind: 'error',
      message: '--allow-origin takes an origin like http://localhost:5173, not "localhost:5173".',
    });
  });
});
