/**
 * The bridge's HTTP side and its gates: static files with security headers and no path traversal,
 * WebSocket upgrades only at /rpc, only from allowed origins, and only with the token when one is set.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../../src/bridge/access.js';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import { type AccessFetch, askBridgeAccess } from '../../../src/controller/bridge-access.js';
import { Tab } from '../../support/bridge-tab.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP request with the path sent exactly as given (no URL normalisation). */
function get(port: number, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const CSP_START =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ws://127.0.0.1:";

let work: string;
let bridge: Bridge;
let tokenBridge: Bridge;
let bare: Bridge;
const cleanups: (() => void)[] = [];

async function agent() {
  const command = await agentCommand('pi-0.73');
  cleanups.push(command.cleanup);
  return command;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rpc-ui-static-'));
  const site = join(work, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(work, 'package.json'), '{"secret":true}');
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>playground</title>');
  writeFileSync(join(site, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(site, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(site, 'assets', 'app.js.map'), '{}');
  writeFileSync(join(site, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [bridge, tokenBridge, bare] = await Promise.all([
    startBridge({ port: 0, agent: await agent(), staticDir: site }),
    startBridge({ port: 0, agent: await agent(), staticDir: site, token: 's3cret-token' }),
    startBridge({ port: 0, agent: await agent(), staticDir: join(work, 'missing') }),
  ]);
});

afterAll(async () => {
  await Promise.all([bridge, tokenBridge, bare].map((b) => b.close()));
  for (const cleanup of cleanups) cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves index.html at / with the CSP and the other security headers', async () => {
    const answer = await get(bridge.port, '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>playground</title>');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp.startsWith(`${CSP_START}${bridge.port}`)).toBe(true);
    expect(csp).toContain("img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives each file its content type', async () => {
    const types = await Promise.all(
      ['/assets/app.js', '/assets/app.css', '/assets/app.js.map', '/logo.svg', '/index.html'].map(
        async (path) => (await get(bridge.port, path)).headers['content-type'],
      ),
    );
    expect(types).toEqual([
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
      'application/json; charset=utf-8',
      'image/svg+xml',
      'text/html; charset=utf-8',
    ]);
  });

  it('answers 404 to anything outside the directory, however it is spelled', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/assets/app.js%00.html',
      '/%E0%A4%A',
      '/missing.js',
      '/assets/',
    ]) {
      const answer = await get(bridge.port, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).not.toContain('secret');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses other methods', async () => {
    expect((await get(bridge.port, '/', 'POST')).status).toBe(405);
    const head = await get(bridge.port, '/assets/app.js', 'HEAD');
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('says how to build the playground when it is missing', async () => {
    const answer = await get(bare.port, '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('npm run build:playground');
    expect(answer.body).not.toMatch(/<script|style=/);
    expect(String(answer.headers['content-security-policy'])).toMatch(/^default-src 'self'/);
  });
});

describe('WebSocket gates', () => {
  const base = () => `http://127.0.0.1:${bridge.port}`;

  it('accepts the bridge’s own origins, localhost included', async () => {
    for (const origin of [base(), `http://localhost:${bridge.port}`]) {
      const tab = await Tab.open(bridge.url, { origin });
      await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
      tab.close();
    }
  });

  it('refuses a foreign origin, a missing origin and other paths', async () => {
    await expect(Tab.open(base(), { origin: 'http://evil.example' })).rejects.toThrow('refused: 403');
    await expect(Tab.open(base(), { origin: `http://127.0.0.1:${bridge.port + 1}` })).rejects.toThrow(
      'refused: 403',
    );
    await expect(Tab.open(base(), { origin: '' })).rejects.toThrow('refused: 403');
    await expect(Tab.open(base(), { path: '/ws' })).rejects.toThrow('refused: 404');
  });

  it('requires the token when one is set, and checks it', async () => {
    const url = `http://127.0.0.1:${tokenBridge.port}`;
    expect(tokenBridge.url).toBe(`${url}/?token=s3cret-token`);
    await expect(Tab.open(url)).rejects.toThrow('refused: 403');
    await expect(Tab.open(url, { token: 's3cret-tokeN' })).rejects.toThrow('refused: 403');
    await expect(Tab.open(url, { token: '' })).rejects.toThrow('refused: 403');
    const tab = await Tab.open(url, { token: 's3cret-token' });
    await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
    tab.close();
  });

  it('says over plain HTTP why it refuses a WebSocket, readable from any origin', async () => {
    const foreign = 'http://localhost:5173';
    const answer = await fetch(`${base()}/rpc`, { headers: { origin: foreign } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual({
      type: 'rpc_ui_access',
      allowed: false,
      reason: `The origin ${foreign} is not allowed.`,
      hint: `Start the bridge with --allow-origin ${foreign} (rpc-ui serve --allow-origin ${foreign}).`,
    });
    // Its own origin, or a same-origin GET (browsers send no Origin), with the token: allowed.
    for (const headers of [{ origin: base() }, {}] as Record<string, string>[]) {
      const allowed = await fetch(`${base()}/rpc?token=${bridge.token}`, { headers });
      expect(await allowed.json()).toEqual({ type: 'rpc_ui_access', allowed: true });
    }
  });

  it('tells a page what the token check says, and the client reads it from the WebSocket URL', async () => {
    const socket = `ws://127.0.0.1:${tokenBridge.port}/rpc`;
    const origin = `http://127.0.0.1:${tokenBridge.port}`;
    const withOrigin: AccessFetch = (url, init) => fetch(url, { ...init, headers: { origin } });
    expect(await askBridgeAccess(socket, withOrigin)).toEqual({
      type: 'rpc_ui_access',
      allowed: false,
      reason: 'A token is required.',
      hint: 'Open the address the bridge printed (with its ?token=…) once in this browser (rpc-ui open, run by the same user where the bridge runs, prints it again), or give the token as ?token=… in the WebSocket URL.',
    });
    expect((await askBridgeAccess(`${socket}?token=nope`, withOrigin))?.reason).toBe('The token is wrong.');
    expect(await askBridgeAccess(`${socket}?token=s3cret-token`, withOrigin)).toEqual({
      type: 'rpc_ui_access',
      allowed: true,
    });
    // Nothing there, or a server that is no bridge: no answer, not a refusal.
    expect(await askBridgeAccess(`ws://127.0.0.1:${tokenBridge.port}/elsewhere`)).toBeUndefined();
    expect(await askBridgeAccess('ws://127.0.0.1:9/rpc')).toBeUndefined();
  });

  it('on every address (0.0.0.0), accepts the page under the name it was reached by, with the token', async () => {
    const idle = "process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";
    const wide = await startBridge({
      host: '0.0.0.0',
      port: 0,
      agent: { command: process.execPath, args: ['-e', idle] },
    });
    try {
      const token = wide.token ?? '';
      expect(wide.url).toBe(`http://0.0.0.0:${wide.port}/?token=${token}`);
      // What to open: loopback first, then each address of this machine (never 0.0.0.0 itself).
      const addresses = Object.values(networkInterfaces())
        .flatMap((entries) => entries ?? [])
        .filter((entry) => entry.family === 'IPv4')
        .map((entry) => `http://${entry.address}:${wide.port}/?token=${token}`);
      expect(wide.urls[0]).toBe(`http://127.0.0.1:${wide.port}/?token=${token}`);
      expect([...wide.urls].sort()).toEqual([...new Set(addresses)].sort());
      for (const base of [`http://127.0.0.1:${wide.port}`, `http://127.0.0.2:${wide.port}`]) {
        const tab = await Tab.open(base, { token });
        await tab.next('hello', (v) => v.type === 'rpc_ui_hello');
        tab.close();
        await expect(Tab.open(base)).rejects.toThrow('refused: 403');
        for (const origin of [
          'http://evil.example',
          `http://127.0.0.3:${wide.port}`,
          base.replace('http', 'https'),
        ])
          await expect(Tab.open(base, { token, origin })).rejects.toThrow('refused: 403');
      }
    } finally {
      await wide.close();
    }
  });

  it('knows loopback addresses (a token is generated for the others)', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '192.168.1.5', '::', 'example.com'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
