/**
 * Who can reach the agent through `rpc-ui serve`, tried as an attacker on the same machine would:
 * another process with a forged `Origin` and no token, on the real pi 1.6.0; a page that is let
 * in but sends a shell command; and the token's ways in (the printed address, its cookie, a
 * header) and `--no-token`; TLS served by the bridge itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Tab, until } from '../../support/bridge-tab.js';
import { makeCertificate } from '../../support/nginx.js';
import { killClis, runCli, servingUrl } from '../../support/rpc-ui-cli.js';

afterEach(killClis);

/** The probe of the issue: `bash` asked to print a sum and the user's name. */
const PROBE = { type: 'bash', id: 'probe', command: 'echo PROBE-$((6*7)) && id -un' };

/** Open a WebSocket as a plain process would: any headers it likes. */
function rawSocket(url: string, headers: Record<string, string>): Promise<WebSocket | number> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** What the agent answered to the probe (waits for it). */
async function probeAnswer(tab: Tab): Promise<Record<string, unknown>> {
  tab.send(PROBE);
  const found = await tab.next('the answer to the probe', (v) => v.type === 'response' && v.id === 'probe');
  return found.value;
}

describe('no process reaches the agent without the token', () => {
  it('refuses the probe of another process with a forged Origin and no token, on the real pi', async () => {
    const cli = runCli(['serve', '--demo', '--port', '0', '--no-open']);
    const url = new URL(await servingUrl(cli));
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const socket = `ws://${url.host}/rpc`;
    const origin = url.origin;

    expect(await rawSocket(socket, { Origin: origin })).toBe(403);
    expect(await rawSocket(`${socket}?token=guess`, { Origin: origin })).toBe(403);
    expect(await rawSocket(socket, { Origin: origin, Authorization: 'Bearer guess' })).toBe(403);
    expect(cli.stderr()).toContain('rpc-ui: refused a WebSocket: A token is required.');

    // A page that is let in may chat, not run commands: the bridge answers for the agent.
    const tab = await Tab.open(url.href);
    expect(await probeAnswer(tab)).toEqual({
      type: 'response',
      id: 'probe',
      command: 'bash',
      success: false,
      error:
        'The rpc-ui bridge does not pass "bash" to the agent: a page may only chat, steer, stop, read the state and sign in. Start the bridge with --allow-command bash to allow it.',
    });
    expect(tab.received.some((r) => r.text.includes('PROBE-42'))).toBe(false);
    expect(cli.stderr()).toContain(
      'rpc-ui: refused a tab\'s command: The rpc-ui bridge does not pass "bash"',
    );
    // The token was printed once, on stdout; the console never shows it.
    expect(cli.stderr()).not.toContain(token);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 30_000);

  it('passes the probe with --allow-command bash, and says so at the start', async () => {
    const cli = runCli(['serve', '--demo', '--port', '0', '--no-open', '--allow-command', 'bash']);
    const url = await servingUrl(cli);
    expect(cli.stderr()).toContain('rpc-ui: --allow-command bash: every page let in may send it');
    const tab = await Tab.open(url);
    const answer = await probeAnswer(tab);
    expect(answer).toMatchObject({ type: 'response', command: 'bash', success: true });
    expect(JSON.stringify(answer.data)).toContain('PROBE-42');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 30_000);

  it('lets a script in with the token as a header, and whoever wants it in with --no-token, on loopback only', async () => {
    const cli = runCli([
      'serve',
      '--demo',
      '--port',
      '0',
      '--no-open',
      '--token',
      'a-fixed-token-0123456789',
    ]);
    const url = new URL(await servingUrl(cli));
    expect(url.search).toBe('?token=a-fixed-token-0123456789');
    const header = await rawSocket(`ws://${url.host}/rpc`, {
      Origin: url.origin,
      Authorization: 'Bearer a-fixed-token-0123456789',
    });
    expect(header).toBeInstanceOf(WebSocket);
    if (header instanceof WebSocket) header.close();
    cli.child.kill('SIGTERM');
    await cli.exited;

    const open = runCli(['serve', '--demo', '--port', '0', '--no-open', '--no-token']);
    const bare = new URL(await servingUrl(open));
    expect(bare.search).toBe('');
    await until('the warning', () => (open.stderr().includes('--no-token: any process') ? true : undefined));
    expect(open.stderr()).toContain('can drive the agent, and through it run commands');
    const anyone = await rawSocket(`ws://${bare.host}/rpc`, { Origin: bare.origin });
    expect(anyone).toBeInstanceOf(WebSocket);
    if (anyone instanceof WebSocket) anyone.close();
    open.child.kill('SIGTERM');
    await open.exited;

    const wide = runCli(['serve', '--demo', '--port', '0', '--no-open', '--host', '0.0.0.0', '--no-token']);
    expect(await wide.exited).toBe(2);
    expect(wide.stderr()).toContain('--no-token is for loopback only; a bridge on 0.0.0.0 needs its token.');
  }, 40_000);
});

describe('the token becomes a cookie', () => {
  it('answers the first load with an HttpOnly, SameSite=Strict cookie and the address without the token', async () => {
    const cli = runCli([
      'serve',
      '--port',
      '0',
      '--no-open',
      '--',
      process.execPath,
      '-e',
      'process.stdin.resume()',
    ]);
    const url = new URL(await servingUrl(cli));
    const token = url.searchParams.get('token') ?? '';
    const first = await fetch(`${url.origin}/?token=${token}&theme=dark`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('./?theme=dark');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^rpc-ui-[0-9a-f]{12}=[0-9a-f-]{36}; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    const pair = cookie.split(';')[0] ?? '';

    // The cookie lets the WebSocket in, and the page's question about it says so.
    const socket = await rawSocket(`ws://${url.host}/rpc`, { Origin: url.origin, Cookie: pair });
    expect(socket).toBeInstanceOf(WebSocket);
    if (socket instanceof WebSocket) socket.close();
    const asked = await fetch(`${url.origin}/rpc`, {
      method: 'POST',
      headers: { Origin: url.origin, Cookie: pair },
    });
    expect(await asked.json()).toEqual({ type: 'rpc_ui_access', allowed: true });

    // A wrong token gets the page (which says why it is refused), and no cookie.
    const wrong = await fetch(`${url.origin}/?token=nope`, { redirect: 'manual' });
    expect(wrong.status).toBe(200);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const refused = await fetch(`${url.origin}/rpc?token=nope`, {
      method: 'POST',
      headers: { Origin: url.origin },
    });
    expect(await refused.json()).toMatchObject({ allowed: false, reason: 'The token is wrong.' });
    cli.child.kill('SIGTERM');
    await cli.exited;
  }, 30_000);
});

describe('TLS without a proxy', () => {
  it('serves https and wss with --tls-cert and --tls-key, its cookie Secure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-tls-'));
    try {
      const certificate = makeCertificate(dir);
      const cli = runCli([
        'serve',
        '--port',
        '0',
        '--no-open',
        '--tls-cert',
        certificate.cert,
        '--tls-key',
        certificate.key,
        '--',
        process.execPath,
        '-e',
        'process.stdin.resume()',
      ]);
      const url = new URL(await servingUrl(cli));
      expect(url.protocol).toBe('https:');
      const first = await httpsGet(url, certificate.pem);
      expect(first.status).toBe(303);
      expect(first.cookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      const socket = new WebSocket(`wss://${url.host}/rpc`, {
        ca: certificate.pem,
        headers: { Origin: url.origin, Cookie: first.cookie.split(';')[0] ?? '' },
      });
      const hello = await new Promise<string>((resolve, reject) => {
        socket.once('message', (data: Buffer) => resolve(data.toString('utf8')));
        socket.once('error', reject);
      });
      expect(JSON.parse(hello)).toMatchObject({ type: 'rpc_ui_hello', running: true });
      socket.close();
      // Plain http at that port is no way in.
      await expect(fetch(`http://${url.host}/`)).rejects.toThrow();
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says which file it cannot read, and starts nothing', async () => {
    const cli = runCli(['serve', '--demo', '--port', '0', '--no-open', '--token-file', 'no/such/token']);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain('rpc-ui: cannot read the token file no/such/token: ENOENT');
  }, 20_000);
});

/** GET `url` over https, trusting `ca`: the status and the cookie set. */
function httpsGet(url: URL, ca: Buffer): Promise<{ status: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { ca }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, cookie: response.headers['set-cookie']?.[0] ?? '' });
    });
    request.once('error', reject);
    request.end();
  });
}
