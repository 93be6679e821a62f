/**
 * docs/hosting.md says what works: its nginx configuration passes `nginx -t` (and is the one
 * e2e-hosted.test.ts runs), its Caddyfile passes `caddy validate` and is as `caddy fmt` writes
 * it, its systemd unit passes `systemd-analyze verify`, and the command lines of its bridge and of
 * its unit are flags `rpc-ui serve` takes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../../src/bridge/cli-args.js';
import { guideConfig, hostingBlock, makeCertificate, NGINX } from '../../support/nginx.js';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const work = mkdtempSync(join(tmpdir(), 'rpc-ui-guide-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `rpc-ui serve`'s flags of a command line (after `serve`), `${PORT}` and `%d` filled in. */
function serveFlags(line: string): string[] {
  const words = line
    .replace(/\\\n\s*/g, '')
    .replaceAll('${PORT}', '5301')
    .replaceAll('${PROJECT}', '/srv/work/alice/app')
    .replaceAll('%d', '/run/credentials')
    .replaceAll('%i', 'alice')
    .trim()
    .split(/\s+/);
  return words.slice(words.indexOf('serve') + 1);
}

describe('docs/hosting.md', () => {
  it('has an nginx configuration that nginx -t accepts', () => {
    expect(existsSync(NGINX), `no nginx at ${NGINX}: apt-get install -y nginx-light`).toBe(true);
    const certificate = makeCertificate(work);
    const conf = join(work, 'nginx.conf');
    writeFileSync(
      conf,
      `pid ${join(work, 'nginx.pid')};\nerror_log stderr;\nevents {}\nhttp {\n${guideConfig(8443, certificate, [5301, 5302])}\n}\n`,
    );
    const check = spawnSync(NGINX, ['-t', '-p', work, '-c', conf], { encoding: 'utf8' });
    expect(check.stderr).toContain('syntax is ok');
    expect(check.status, check.stderr).toBe(0);
  });

  it('has a Caddyfile that caddy validate accepts, formatted as caddy fmt writes it', () => {
    expect(existsSync(CADDY), `no caddy at ${CADDY}: apt-get install -y caddy`).toBe(true);
    const file = join(work, 'Caddyfile');
    writeFileSync(file, hostingBlock('Caddy', 'caddyfile'));
    // Caddy keeps its state under HOME: a throwaway one.
    const env = { ...process.env, HOME: work, XDG_DATA_HOME: join(work, 'data'), XDG_CONFIG_HOME: work };
    const check = spawnSync(CADDY, ['validate', '--config', file, '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env,
    });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout + check.stderr).toContain('Valid configuration');
    expect(execFileSync(CADDY, ['fmt', file], { encoding: 'utf8', env })).toBe(
      hostingBlock('Caddy', 'caddyfile'),
    );
  });

  it('has a systemd unit that systemd-analyze verify takes without a word', () => {
    const dir = join(work, 'units');
    mkdirSync(dir, { recursive: true });
    // An instance of the template, as `systemctl enable rpc-ui@alice` makes it.
    const unit = join(dir, 'rpc-ui@alice.service');
    writeFileSync(unit, hostingBlock('One bridge per user, with systemd', 'ini'));
    const check = spawnSync('systemd-analyze', ['verify', '--man=no', unit], { encoding: 'utf8' });
    expect(check.error, 'systemd-analyze (Debian: systemd)').toBeUndefined();
    expect(check.stderr + check.stdout).toBe('');
    expect(check.status).toBe(0);
  });

  it("names only flags rpc-ui serve takes, in the bridge's command and in the systemd unit, each person's own agent in their folder", () => {
    const command = hostingBlock('Each bridge', 'sh');
    const unit =
      /^ExecStart=(.*)$/m.exec(hostingBlock('One bridge per user, with systemd', 'ini'))?.[1] ?? '';
    for (const line of [command, unit]) {
      const parsed = parseCli(serveFlags(line).length ? ['serve', ...serveFlags(line)] : [], {});
      expect(parsed, line).toMatchObject({
        kind: 'serve',
        args: {
          // Each person's own agent, in their project.
          demo: false,
          cwd: '/srv/work/alice/app',
          trustProxies: ['127.0.0.1'],
          publicUrl: expect.stringMatching(/^https:\/\/dev\.example\/sessions\//),
        },
      });
      if (parsed.kind === 'serve') expect(parsed.args.tokenFile).toMatch(/token$/);
    }
  });
});
