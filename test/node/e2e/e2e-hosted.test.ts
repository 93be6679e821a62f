/**
 * Hosted for a team, for real: Debian's nginx terminating TLS (a certificate made at test time,
 * trusted by Chromium for its key alone) in front of two bridges on two paths, with the
 * configuration and the flags of docs/hosting.md. Alice's session runs pi 1.6.0, Bob's pi 0.73.1:
 * each page talks to its own agent only. Every dialog type is answered through the proxy; a
 * proxy reload and a bridge restart lose nothing and answer nothing twice; a page of another
 * origin, a bridge that trusts no proxy, and a forged `X-Forwarded-Host` from a client that is not
 * the proxy are refused; the token is in nginx's access log once, from the first load.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { launchChromium } from '../../support/engines/chromium.mjs';
import { agentCommand } from '../../../src/bridge/agents/catalog.js';
import { parseCli } from '../../../src/bridge/cli-args.js';
import { serveOptions } from '../../../src/bridge/cli.js';
import { type Bridge, startBridge } from '../../../src/bridge/server.js';
import type { OutboundMessage } from '../../../src/transport/transport.js';
import { Tab, until } from '../../support/bridge-tab.js';
import { buildExample } from '../../support/build-example.js';
import {
  type Certificate,
  freePort,
  guideConfig,
  hostingBlock,
  makeCertificate,
  type Nginx,
  startNginx,
  substitute,
} from '../../support/nginx.js';
import { buildPlayground } from '../../support/playground.js';
import { axeViolations, openDialog, probeFromPage, sendMessage } from '../../support/playground-page.js';
import { readingPause } from '../../support/reading-pause.js';
import { serveDirectory } from '../../support/static-server.js';

interface Session {
  readonly name: 'alice' | 'bob';
  readonly agent: 'pi' | 'pi-0.73';
  readonly shown: RegExp;
  readonly port: number;
  readonly token: string;
  bridge?: Bridge;
  observer?: Tab;
  /** What the bridge wrote to its agent, across restarts. */
  readonly toAgent: OutboundMessage[];
  readonly logs: string[];
  cleanup?: () => void;
}

let work: string;
let certificate: Certificate;
let nginx: Nginx;
let browser: Browser;
let playground: Awaited<ReturnType<typeof buildPlayground>>;
let sessions: Record<'alice' | 'bob', Session>;
const contexts: BrowserContext[] = [];

const base = () => `https://localhost:${nginx.port}`;
const pageUrl = (session: Session) => `${base()}/sessions/${session.name}/`;

/**
 * Start `session`'s bridge with the flags of docs/hosting.md (Bob's without `--public-url`: the
 * proxy's headers say his origin); `trust: false` leaves `--trust-proxy` out, as a mistake would.
 */
async function startSession(session: Session, trust = true): Promise<Bridge> {
  const line = substitute(hostingBlock('Each bridge', 'sh').replace(/\\\n\s*/g, ''), {
    '--port 5301': `--port ${session.port}`,
    '/etc/rpc-ui/alice.token': join(work, `${session.name}.token`),
    'https://dev.example/sessions/alice/': pageUrl(session),
  });
  let argv = line.trim().split(/\s+/).slice(1);
  if (session.name === 'bob')
    argv = argv.filter((arg, i) => arg !== '--public-url' && argv[i - 1] !== '--public-url');
  if (!trust) argv = argv.filter((arg, i) => arg !== '--trust-proxy' && argv[i - 1] !== '--trust-proxy');
  const cli = parseCli(argv, {});
  if (cli.kind !== 'serve') throw new Error(`rpc-ui serve refused the guide's flags: ${JSON.stringify(cli)}`);
  const { cleanup, ...command } = await agentCommand(session.agent, { install: false });
  const bridge = await startBridge({
    ...serveOptions(cli.args, command),
    staticDir: playground.dir,
    log: (message) => session.logs.push(message),
  });
  const transport = bridge.agent.transport;
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    session.toAgent.push(message);
    send(message);
  };
  session.bridge = bridge;
  session.cleanup = cleanup;
  // The observer reads the probe's results from the bridge itself, on loopback.
  session.observer = await Tab.open(`http://127.0.0.1:${session.port}/?token=${session.token}`);
  return bridge;
}

async function stopSession(session: Session): Promise<void> {
  session.observer?.close();
  await session.bridge?.close();
  session.cleanup?.();
}

/** A browser context (its own cookies), its page opened at `url`. */
async function openPage(url: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const ui = (page: Page) => page.locator('rpc-extension-ui');
const heading = (page: Page) => openDialog(page).getByRole('heading').textContent();
const answers = (session: Session) => session.toAgent.filter((m) => m.type === 'extension_ui_response');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rpc-ui-hosted-'));
  certificate = makeCertificate(work);
  const [nginxPort, alicePort, bobPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const session = (name: 'alice' | 'bob', agent: Session['agent'], shown: RegExp, port: number): Session => {
    const token = `${name}-${Math.random().toString(36).slice(2)}-token`;
    writeFileSync(join(work, `${name}.token`), `${token}\n`, { mode: 0o600 });
    return { name, agent, shown, port, token, toAgent: [], logs: [] };
  };
  sessions = {
    // Each with the folder it works in: the demo's own.
    alice: session('alice', 'pi', /^Agent: pi 1\.6\.0 · in \S*rpc-ui-agent-\w+$/, alicePort),
    bob: session('bob', 'pi-0.73', /^Agent: pi 0\.73\.1 · in \S*rpc-ui-agent-\w+$/, bobPort),
  };
  nginx = await startNginx(
    join(work, 'nginx'),
    nginxPort,
    guideConfig(nginxPort, certificate, [alicePort, bobPort]),
  );
  playground = await buildPlayground();
  await Promise.all([startSession(sessions.alice), startSession(sessions.bob)]);
  // This certificate's key only: any other certificate error still stops the page.
  browser = await launchChromium({ args: [`--ignore-certificate-errors-spki-list=${certificate.spki}`] });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await Promise.all(Object.values(sessions ?? {}).map(stopSession));
  await nginx?.close();
  playground?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

describe('two sessions behind nginx, on two paths', () => {
  it('each page under its prefix connects to its own agent, with its token as a cookie and out of the address', async () => {
    const { alice, bob } = sessions;
    const pages: Page[] = [];
    for (const session of [alice, bob]) {
      const page = await openPage(`${pageUrl(session)}?token=${session.token}`);
      pages.push(page);
      await ui(page).and(page.locator('[connection="connected"]')).waitFor();
      await expect.poll(() => page.locator('#agent').textContent()).toMatch(session.shown);
      expect(page.url()).toBe(pageUrl(session));
      const cookies = await page.context().cookies();
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({
        value: session.token,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: session.name === 'alice' ? '/sessions/alice/' : '/sessions/bob',
      });
      // A reload uses the cookie: the same agent, and the token nowhere in the address.
      await page.reload();
      await ui(page).and(page.locator('[connection="connected"]')).waitFor();
      await expect.poll(() => page.locator('#agent').textContent()).toMatch(session.shown);
      expect(await axeViolations(page)).toEqual([]);
    }
    // The token passed the proxy once, in the first load; never again, nor in a WebSocket's URL
    // (logged once it closes).
    for (const page of pages) await page.close();
    await until('the WebSockets in the log', () =>
      nginx.accessLog().match(/GET \/sessions\/(alice|bob)\/rpc HTTP\/1\.1" 101/g)?.length === 4
        ? true
        : undefined,
    );
    const log = nginx.accessLog();
    for (const session of [alice, bob]) {
      expect(log.split('\n').filter((line) => line.includes(session.token))).toHaveLength(1);
      expect(log).toContain(`GET /sessions/${session.name}/?token=${session.token} HTTP/1.1" 303`);
    }
    // The bridge's own log never shows it.
    for (const session of [alice, bob]) expect(session.logs.join('\n')).not.toContain(session.token);
  }, 60_000);

  it('answers every dialog type by keyboard through the proxy; the agent gets exactly those answers', async () => {
    const { alice } = sessions;
    const page = await openPage(`${pageUrl(alice)}?token=${alice.token}`);
    await ui(page).and(page.locator('[connection="connected"]')).waitFor();
    const observer = alice.observer as Tab;
    const mark = await probeFromPage(page, observer, [
      { call: 'select', args: ['Pick one', ['alpha', 'beta', 'gamma']] },
      { call: 'confirm', args: ['Proceed?', 'Through nginx'] },
      { call: 'input', args: ['Your name', 'placeholder'] },
      { call: 'editor', args: ['Edit', 'line 1'] },
    ]);
    await expect.poll(() => heading(page)).toBe('Pick one');
    await readingPause(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Proceed?');
    await readingPause(page);
    await openDialog(page).getByRole('button', { name: 'Yes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Your name');
    await readingPause(page);
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Edit');
    await readingPause(page);
    await page.keyboard.type(' end');
    await page.keyboard.press('Control+Enter');
    const results = await observer.resultAfter(mark);
    expect(results.map((r) => r.value)).toEqual(['beta', true, 'Ada', 'line 1 end']);
    expect(new Set(answers(alice).map((a) => a.id)).size).toBe(answers(alice).length);
  }, 60_000);

  it('survives nginx -s reload and a bridge restart: nothing lost, nothing answered twice', async () => {
    const { alice } = sessions;
    const page = await openPage(`${pageUrl(alice)}?token=${alice.token}`);
    await ui(page).and(page.locator('[connection="connected"]')).waitFor();
    const observer = alice.observer as Tab;
    const before = answers(alice).length;

    // A dialog open across a proxy reload: its answer arrives once.
    let mark = await probeFromPage(page, observer, [{ call: 'input', args: ['Across a reload', ''] }]);
    await expect.poll(() => heading(page)).toBe('Across a reload');
    await readingPause(page);
    await page.keyboard.type('kept');
    await nginx.reload();
    await page.keyboard.press('Enter');
    expect((await observer.resultAfter(mark)).map((r) => r.value)).toEqual(['kept']);
    expect(answers(alice).length - before).toBe(1);

    // The bridge restarts with the same token file while a dialog is open: the page reconnects
    // through the proxy to the new agent; the old dialog is gone, never answered.
    await probeFromPage(page, observer, [{ call: 'confirm', args: ['Before the restart', 'm'] }]);
    await expect.poll(() => heading(page)).toBe('Before the restart');
    await readingPause(page);
    const oldSession = (alice.observer?.values[0] as { session?: string } | undefined)?.session;
    const restartMark = alice.toAgent.length;
    await stopSession(alice);
    await startSession(alice);
    await ui(page).and(page.locator('[connection="connected"]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => openDialog(page).count()).toBe(0);
    const newSession = (alice.observer?.values[0] as { session?: string } | undefined)?.session;
    expect(newSession).not.toBe(oldSession);
    expect(alice.toAgent.slice(restartMark).filter((m) => m.type === 'extension_ui_response')).toEqual([]);
    mark = await probeFromPage(page, alice.observer as Tab, [
      { call: 'select', args: ['After', ['one', 'two']] },
    ]);
    await expect.poll(() => heading(page)).toBe('After');
    await readingPause(page);
    await page.keyboard.press('Enter');
    expect(((await alice.observer?.resultAfter(mark)) ?? []).map((r) => r.value)).toEqual(['one']);
    expect(answers(alice).filter((a) => a.value === 'one')).toHaveLength(1);
  }, 90_000);
});

describe('what the proxy does not let through', () => {
  it('a page of another origin is refused, and says why', async () => {
    const { alice } = sessions;
    const dir = join(work, 'other-site');
    await buildExample('html', dir);
    const site = await serveDirectory(dir);
    try {
      const socket = `wss://localhost:${nginx.port}/sessions/alice/rpc?token=${alice.token}`;
      const page = await openPage(`${site.url}?ws=${encodeURIComponent(socket)}`);
      await ui(page).and(page.locator('[connection="refused"]')).waitFor();
      const origin = new URL(site.url).origin;
      await page.getByText(`The origin ${origin} is not allowed.`, { exact: true }).waitFor();
      await page.getByText(`Start the bridge with --allow-origin ${origin}`).waitFor();
    } finally {
      await site.close();
    }
  }, 60_000);

  it('a bridge that trusts no proxy refuses its own page through it, saying which flag allows it', async () => {
    const { bob } = sessions;
    await stopSession(bob);
    await startSession(bob, false);
    try {
      const page = await openPage(`${pageUrl(bob)}?token=${bob.token}`);
      await ui(page).and(page.locator('[connection="refused"]')).waitFor();
      await page.getByText(`The origin ${base()} is not allowed.`, { exact: true }).waitFor();
      await page.getByText('--trust-proxy 127.0.0.1').waitFor();
    } finally {
      await stopSession(bob);
      await startSession(bob);
    }
  }, 60_000);

  it("ignores a forged X-Forwarded-Host from a client that is not the proxy's address", async () => {
    const { bob } = sessions;
    const forged = {
      Origin: 'https://evil.example',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.example',
      Authorization: `Bearer ${bob.token}`,
    };
    const attempt = (localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${bob.port}/rpc`, { headers: forged, localAddress });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', reject);
      });
    // Another process of the machine, from another loopback address: the headers count for nothing.
    expect(await attempt('127.0.0.2')).toBe(403);
    expect(bob.logs.at(-1)).toBe(
      'rpc-ui: refused a WebSocket: The origin https://evil.example is not allowed.',
    );
    // From the proxy's address they are read: that is what --trust-proxy says.
    expect(await attempt('127.0.0.1')).toBe(101);
    // And sendMessage through the proxy still reaches Bob's agent, not Alice's.
    const page = await openPage(`${pageUrl(bob)}?token=${bob.token}`);
    await ui(page).and(page.locator('[connection="connected"]')).waitFor();
    const aliceBefore = sessions.alice.toAgent.length;
    await sendMessage(page, 'hello bob');
    await until('the prompt at Bob', () =>
      bob.toAgent.find((m) => m.type === 'prompt' && m.message === 'hello bob'),
    );
    expect(sessions.alice.toAgent.slice(aliceBefore).filter((m) => m.type === 'prompt')).toEqual([]);
  }, 60_000);
});

describe('without a proxy', () => {
  it('the playground opened without its token says why it is refused, and how to get in', async () => {
    const { alice } = sessions;
    const page = await openPage(`http://127.0.0.1:${alice.port}/`);
    await ui(page).and(page.locator('[connection="refused"]')).waitFor();
    await page.getByText('A token is required.', { exact: true }).waitFor();
    await page
      .getByText('Open the address the bridge printed (with its ?token=…) once in this browser')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The address it printed lets it in, and leaves no token in the address bar.
    await page.goto(`http://127.0.0.1:${alice.port}/?token=${alice.token}`);
    await ui(page).and(page.locator('[connection="connected"]')).waitFor();
    expect(page.url()).toBe(`http://127.0.0.1:${alice.port}/`);
  }, 30_000);
});
