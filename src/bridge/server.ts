/**
 * The rpc-ui bridge server: runs one agent command, serves the built playground at `/` and
 * bridges the agent's JSONL stdio to browser tabs over a WebSocket at `/rpc`. Safe by default:
 * loopback only, a token always (a cookie once the page has given it), same-origin WebSockets
 * only, the commands a UI needs only, a strict CSP. The browser never chooses the command. Works
 * under any path a proxy gives it. Node only.
 */
import type { AgentIdentity } from '../protocol/agent.js';
import { randomUUID } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BridgeAccess, BridgeAgentExit } from '../protocol/bridge.js';
import { AgentProcess } from './agent-process.js';
import {
  accessReport,
  contentSecurityPolicy,
  hostPort,
  isLoopback,
  ownOrigins,
  refusalReason,
} from './access.js';
import { commandAllowList } from './commands.js';
import { AgentHub } from './hub.js';
import { forwardedOrigin } from './public-origin.js';
import { securityHeaders, serveStatic } from './static-files.js';
import { checkToken, tokenCookie, withoutToken } from './token.js';

/** The agent command the bridge runs. Fixed when the bridge starts; never from the browser. */
export interface BridgeAgentOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** How the agent is named to tabs in `rpc_ui_hello` (default: the command line). */
  readonly label?: string;
  /** Which agent it is, when known (the catalog's agents); an oh-my-pi says so itself. */
  readonly identity?: AgentIdentity;
}

/** Options of {@link startBridge}. */
export interface BridgeOptions {
  /** The address to listen on (default `127.0.0.1`). */
  readonly host?: string;
  /** The port (default 5178; `0` picks a free one). */
  readonly port?: number;
  /** The agent to run. */
  readonly agent: BridgeAgentOptions;
  /**
   * The secret every WebSocket must give: as `?token=`, as an `Authorization: Bearer` header, or
   * as the cookie a page load with `?token=` leaves. Generated at each start when not given (see
   * {@link Bridge.token}). `false` turns it off, on loopback only: any process or user of the
   * machine can then drive the agent.
   */
  readonly token?: string | false;
  /**
   * The command types a tab may send besides the default ones (`--allow-command`): by default a
   * tab may chat, steer, stop, read the state and the messages, choose a model and sign in.
   */
  readonly allowCommands?: readonly string[];
  /**
   * The address people open the page at, when a reverse proxy serves it
   * (`https://dev.example/sessions/alice/`): the URLs printed, an origin accepted, the cookie's
   * path. Its path is also taken off requests that arrive with it.
   */
  readonly publicUrl?: string;
  /**
   * Addresses of reverse proxies whose `Forwarded`, `X-Forwarded-Proto` and `X-Forwarded-Host`
   * headers say the page's origin. Those headers are ignored from anyone else.
   */
  readonly trustedProxies?: readonly string[];
  /** Serve https and wss with this certificate and key (PEM), without a proxy. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  /** The built playground served at `/`. A page saying how to build it is served when missing. */
  readonly staticDir?: string;
  /**
   * Origins allowed to open the WebSocket (default: the bridge's own, see `ownOrigins`; beyond
   * loopback also an `http:` origin naming the host the request was sent to, the token guarding).
   */
  readonly allowedOrigins?: readonly string[];
  /** Origins allowed besides `allowedOrigins` (for example a dev server's, or a webview's). */
  readonly extraOrigins?: readonly string[];
  /**
   * Largest message a tab may send, and longest line the agent may write, in bytes (default
   * 256 MiB: an editor's text can be long). A tab over it is closed with 1009 (message too big);
   * an agent line over it is skipped and logged.
   */
  readonly maxPayload?: number;
  /** Where to report refused connections and other problems (default: nowhere). */
  readonly log?: (message: string) => void;
  /**
   * Close the bridge (and end the agent) once no tab has been connected for this many
   * milliseconds, counted from the start too. For a host that may come back, such as an IDE
   * window that reloads: it finds the agent still there. Default: never.
   */
  readonly closeWhenUnusedMs?: number;
}

/** A running bridge. */
export interface Bridge {
  /** The page's URL, with `?token=` when a token is required: the way in, to print once. */
  readonly url: string;
  /**
   * The URLs the page can be opened at: `url`, or for every address (`0.0.0.0`, `::`), loopback
   * first and then each address of this machine's network interfaces.
   */
  readonly urls: readonly string[];
  /** The port listened on. */
  readonly port: number;
  /** The token tabs must give, if any. */
  readonly token: string | undefined;
  /** The agent process running now (a tab may start it again once it has ended). */
  readonly agent: AgentProcess;
  /** Resolves when the first agent process has ended and the tabs were told. */
  readonly agentExit: Promise<BridgeAgentExit>;
  /** End the agent (by closing its stdin), close every connection and the server. */
  close(): Promise<void>;
  /** Resolves once the bridge has closed, by {@link Bridge.close} or for want of tabs. */
  readonly closed: Promise<void>;
}

/** Default port of `rpc-ui serve`. */
export const DEFAULT_PORT = 5178;
/** Default largest message from a tab, and longest line from the agent. */
export const DEFAULT_MAX_PAYLOAD = 256 * 1024 * 1024;

function listen(server: Server | HttpsServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Where the WebSocket is served; a plain request there answers whether it would be taken. */
const RPC_PATH = '/rpc';

/** The methods a page asks its access with (`POST` always carries the page's `Origin`). */
const ACCESS_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** The public URL's path, to take off requests that arrive with it (a proxy that keeps it). */
function localPath(pathname: string, publicPath: string): string {
  const prefix = publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  return prefix !== '/' && pathname.startsWith(prefix) ? pathname.slice(prefix.length - 1) : pathname;
}

function readPublicUrl(text: string | undefined): URL | undefined {
  if (text === undefined) return undefined;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`The public URL must be http or https, not ${url.protocol}`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

/** The `BridgeAccess` as JSON that any origin may read (it grants nothing). */
function answerAccess(res: ServerResponse, headers: Record<string, string>, access: BridgeAccess): void {
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Access-Control-Allow-Origin': '*',
    Vary: 'Origin',
  });
  res.end(`${JSON.stringify(access)}\n`);
}

function refuseUpgrade(socket: Duplex, status: 403 | 404, reason: string): void {
  const text = status === 403 ? 'Forbidden' : 'Not Found';
  const body = `${reason}\n`;
  socket.on('error', () => undefined);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The hosts a page can reach the bridge at: `host`, or for a wildcard every address here. */
function reachableHosts(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host];
  const addresses = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => host === '::' || entry.family === 'IPv4')
    .map((entry) => entry.address)
    // A link-local address needs its interface named in the URL: no use to a browser elsewhere.
    .filter((address) => !address.startsWith('fe80:'));
  const loopback = addresses.filter(isLoopback);
  return [...new Set([...(loopback.length > 0 ? loopback : ['127.0.0.1']), ...addresses])];
}

function staticRoot(dir: string | undefined): string | undefined {
  return dir !== undefined && existsSync(dir) ? realpathSync(dir) : undefined;
}

/**
 * Start the bridge: listen, then spawn the agent. Rejects when the port cannot be used (nothing is
 * spawned then). A failure to start the agent itself is reported to tabs as `rpc_ui_agent_exit`.
 */
export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const host = options.host ?? '127.0.0.1';
  if (options.token === false && !isLoopback(host))
    throw new TypeError(`A bridge on ${host} needs a token: only a loopback one may go without.`);
  const token = options.token === false ? undefined : (options.token ?? randomUUID());
  // Beyond loopback the page may be reached under any of the machine's names: the token guards it.
  const sameHost = options.allowedOrigins === undefined && !isLoopback(host);
  const log = options.log ?? (() => undefined);
  const root = staticRoot(options.staticDir);
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  const publicUrl = readPublicUrl(options.publicUrl);
  const trustedProxies = options.trustedProxies ?? [];
  const tls = options.tls !== undefined;
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  // Known once the port is: filled in right after `listen`, before any request can arrive.
  const state: { origins: readonly string[]; allowedOrigins: readonly string[]; hub?: AgentHub } = {
    origins: [],
    allowedOrigins: [],
  };
  const policy = () => ({ allowedOrigins: state.allowedOrigins, token, sameHost, tls, trustedProxies });
  /** The origin this request's page was loaded from, when a trusted proxy says. */
  const pageOrigin = (req: IncomingMessage) => forwardedOrigin(req, trustedProxies);
  const headersFor = (req: IncomingMessage) => {
    const forwarded = pageOrigin(req);
    return securityHeaders(contentSecurityPolicy([...state.origins, ...(forwarded ? [forwarded] : [])]));
  };
  let cookieGiven = false;
  /** A page load with the right `?token=`: the token becomes a cookie and leaves the address. */
  const signIn = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (token === undefined || !url.searchParams.has('token') || checkToken(req, url, token) !== 'right')
      return false;
    // Reached at the public address (a proxy passes its Host on), or directly: the cookie fits
    // the address the browser used, which the browser's own default path follows otherwise.
    const viaPublic = publicUrl !== undefined && req.headers.host?.toLowerCase() === publicUrl.host;
    const secure =
      tls ||
      pageOrigin(req)?.startsWith('https:') === true ||
      (viaPublic && publicUrl?.protocol === 'https:');
    res.writeHead(303, {
      ...headersFor(req),
      'Set-Cookie': tokenCookie(token, { path: viaPublic ? publicUrl?.pathname : undefined, secure }),
      Location: withoutToken(url),
      'Content-Length': 0,
    });
    res.end();
    if (!cookieGiven) log('rpc-ui: a browser opened the page with the token; it now holds it as a cookie.');
    cookieGiven = true;
    return true;
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    url.pathname = localPath(url.pathname, publicUrl?.pathname ?? '/');
    const headers = headersFor(req);
    if (url.pathname === RPC_PATH && ACCESS_METHODS.has(req.method ?? '')) {
      answerAccess(res, headers, accessReport(req, url, policy()));
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && signIn(req, res, url)) return;
    req.url = `${url.pathname}${url.search}`;
    serveStatic(req, res, { root, headers }).catch((error: unknown) => {
      log(`rpc-ui: serving ${url.pathname} failed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  };
  const server = options.tls ? createTlsServer(options.tls, onRequest) : createServer(onRequest);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    const hub = state.hub;
    if (localPath(url.pathname, publicUrl?.pathname ?? '/') !== RPC_PATH || !hub) {
      refuseUpgrade(socket, 404, 'WebSockets are served at /rpc only.');
      return;
    }
    const reason = refusalReason(req, url, policy());
    if (reason) {
      log(`rpc-ui: refused a WebSocket: ${reason}`);
      refuseUpgrade(socket, 403, reason);
      return;
    }
    wss.handleUpgrade(req, socket, head, (tab) => hub.addTab(tab));
  });

  const port = await listen(server, host, options.port ?? DEFAULT_PORT);
  const scheme = tls ? 'https' : 'http';
  state.origins = [...ownOrigins(host, port, scheme), ...(publicUrl ? [publicUrl.origin] : [])];
  state.allowedOrigins = [...(options.allowedOrigins ?? state.origins), ...(options.extraOrigins ?? [])];
  if (options.allowedOrigins && publicUrl) state.allowedOrigins = [...state.allowedOrigins, publicUrl.origin];

  server.on('error', (error) => log(`rpc-ui: the HTTP server failed: ${error.message}`));

  const spec = options.agent;
  const spawnAgent = () => {
    const { command, args, cwd, env } = spec;
    return new AgentProcess({ command, args, cwd, env, maxLineBytes: maxPayload });
  };
  let agent: AgentProcess;
  try {
    agent = spawnAgent();
  } catch (error) {
    server.close();
    throw error;
  }
  const label = spec.label ?? [spec.command, ...(spec.args ?? [])].join(' ');
  let closing: Promise<void> | undefined;
  let markClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const unusedMs = options.closeWhenUnusedMs;
  let unusedTimer: ReturnType<typeof setTimeout> | undefined;
  const onTabCount = (count: number): void => {
    clearTimeout(unusedTimer);
    unusedTimer = undefined;
    if (unusedMs === undefined || count > 0 || closing) return;
    unusedTimer = setTimeout(() => {
      log(`rpc-ui: no tab for ${Math.round(unusedMs / 1000)} s: closing.`);
      void close();
    }, unusedMs);
  };
  const agentHub = new AgentHub({
    agent,
    label,
    log,
    restart: spawnAgent,
    identity: spec.identity,
    onTabCount,
    commands: commandAllowList(options.allowCommands),
  });
  state.hub = agentHub;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      clearTimeout(unusedTimer);
      await agentHub.stopAgent();
      // Give the tabs the exit message before their sockets close.
      await agentHub.ended;
      agentHub.closeTabs(1001, 'The bridge is shutting down.');
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      markClosed();
    })();
    return closing;
  };
  onTabCount(0);

  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const urls = publicUrl
    ? [`${publicUrl.href}${query}`]
    : reachableHosts(host).map((name) => `${scheme}://${hostPort(name, port)}/${query}`);
  return {
    url: publicUrl ? `${publicUrl.href}${query}` : `${scheme}://${hostPort(host, port)}/${query}`,
    urls,
    port,
    token,
    get agent() {
      return agentHub.agent;
    },
    agentExit: agentHub.ended,
    close,
    closed,
  };
}
