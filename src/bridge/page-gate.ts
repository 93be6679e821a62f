/**
 * The bridge's HTTP side: what a browser's requests get before any of them reaches the agent. A
 * page load is served (the built playground, under a strict CSP), signed in when it brings the
 * token, or told whether its WebSocket would be taken; an upgrade to `/rpc` is accepted only past
 * the access policy. Node only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BridgeAccess } from '../protocol/bridge.js';
import {
  type AccessPolicy,
  accessReport,
  contentSecurityPolicy,
  ownOrigins,
  refusalReason,
} from './access.js';
import { forwardedOrigin } from './public-origin.js';
import { securityHeaders, serveStatic } from './static-files.js';
import { checkToken, tokenCookie, withoutToken } from './token.js';

/** Where the WebSocket is served; a plain request there answers whether it would be taken. */
const RPC_PATH = '/rpc';

/** The methods a page asks its access with (`POST` always carries the page's `Origin`). */
const ACCESS_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** What the gate is told when the bridge starts. */
export interface PageGateSettings {
  /** The token tabs must give, if any. */
  readonly token: string | undefined;
  /** Beyond loopback: the page may be reached under any of the machine's names. */
  readonly sameHost: boolean;
  /** Whether the bridge itself serves https. */
  readonly tls: boolean;
  readonly trustedProxies: readonly string[];
  /** The address people open the page at behind a proxy, normalised (see `readPublicUrl`). */
  readonly publicUrl: URL | undefined;
  /** The built playground's folder, resolved; `undefined` when it was not built. */
  readonly root: string | undefined;
  readonly log: (message: string) => void;
}

/** The origins the gate accepts, known once the bridge listens. */
export interface GateOrigins {
  readonly host: string;
  readonly port: number;
  readonly allowedOrigins?: readonly string[];
  readonly extraOrigins?: readonly string[];
}

/**
 * The public URL as given (`--public-url`), made the base it names: http or https, a path ending
 * in `/`, no query or fragment.
 * @throws TypeError for any other scheme
 */
export function readPublicUrl(text: string | undefined): URL | undefined {
  if (text === undefined) return undefined;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`The public URL must be http or https, not ${url.protocol}`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

/** The public URL's path, to take off requests that arrive with it (a proxy that keeps it). */
function localPath(pathname: string, publicPath: string): string {
  const prefix = publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  return prefix !== '/' && pathname.startsWith(prefix) ? pathname.slice(prefix.length - 1) : pathname;
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

/** The bridge's gate: every HTTP request and every WebSocket upgrade goes through it. */
export class PageGate {
  readonly #settings: PageGateSettings;
  /** The bridge's own origins, for the CSP; empty until it listens. */
  #origins: readonly string[] = [];
  /** The origins a WebSocket may come from; none until the bridge listens. */
  #allowedOrigins: readonly string[] = [];
  #cookieGiven = false;

  constructor(settings: PageGateSettings) {
    this.#settings = settings;
  }

  /** The bridge listens: its origins are known (before any request can arrive). */
  listening({ host, port, allowedOrigins, extraOrigins }: GateOrigins): void {
    const { tls, publicUrl } = this.#settings;
    this.#origins = [
      ...ownOrigins(host, port, tls ? 'https' : 'http'),
      ...(publicUrl ? [publicUrl.origin] : []),
    ];
    this.#allowedOrigins = [
      ...(allowedOrigins ?? this.#origins),
      ...(extraOrigins ?? []),
      ...(allowedOrigins && publicUrl ? [publicUrl.origin] : []),
    ];
  }

  /** A page request: its access, a sign-in with the token, or a file of the playground. */
  readonly onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const url = this.#localUrl(req);
    const headers = this.#headersFor(req);
    if (url.pathname === RPC_PATH && ACCESS_METHODS.has(req.method ?? '')) {
      answerAccess(res, headers, accessReport(req, url, this.#policy()));
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && this.#signIn(req, res, url)) return;
    req.url = `${url.pathname}${url.search}`;
    serveStatic(req, res, { root: this.#settings.root, headers }).catch((error: unknown) => {
      this.#settings.log(`rpc-ui: serving ${url.pathname} failed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  };

  /**
   * A WebSocket upgrade: `accept` takes it at `/rpc` past the access policy, while there is a hub
   * to take it (`accept` returns false before); anything else is refused with the reason.
   */
  upgrade(req: IncomingMessage, socket: Duplex, accept: () => boolean): void {
    const url = this.#localUrl(req);
    if (url.pathname !== RPC_PATH) {
      refuseUpgrade(socket, 404, 'WebSockets are served at /rpc only.');
      return;
    }
    const reason = refusalReason(req, url, this.#policy());
    if (reason) {
      this.#settings.log(`rpc-ui: refused a WebSocket: ${reason}`);
      refuseUpgrade(socket, 403, reason);
      return;
    }
    if (!accept()) refuseUpgrade(socket, 404, 'WebSockets are served at /rpc only.');
  }

  #policy(): AccessPolicy {
    const { token, sameHost, tls, trustedProxies } = this.#settings;
    return { allowedOrigins: this.#allowedOrigins, token, sameHost, tls, trustedProxies };
  }

  /** The request's URL with the public URL's path taken off. */
  #localUrl(req: IncomingMessage): URL {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    url.pathname = localPath(url.pathname, this.#settings.publicUrl?.pathname ?? '/');
    return url;
  }

  /** The security headers, with a CSP naming the bridge's origins and the page's, when a trusted proxy says it. */
  #headersFor(req: IncomingMessage): Record<string, string> {
    const forwarded = forwardedOrigin(req, this.#settings.trustedProxies);
    return securityHeaders(contentSecurityPolicy([...this.#origins, ...(forwarded ? [forwarded] : [])]));
  }

  /** A page load with the right `?token=`: the token becomes a cookie and leaves the address. */
  #signIn(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const { token, tls, publicUrl, trustedProxies, log } = this.#settings;
    if (token === undefined || !url.searchParams.has('token') || checkToken(req, url, token) !== 'right')
      return false;
    // Reached at the public address (a proxy passes its Host on), or directly: the cookie fits
    // the address the browser used, which the browser's own default path follows otherwise.
    const viaPublic = publicUrl !== undefined && req.headers.host?.toLowerCase() === publicUrl.host;
    const secure =
      tls ||
      forwardedOrigin(req, trustedProxies)?.startsWith('https:') === true ||
      (viaPublic && publicUrl?.protocol === 'https:');
    res.writeHead(303, {
      ...this.#headersFor(req),
      'Set-Cookie': tokenCookie(token, { path: viaPublic ? publicUrl?.pathname : undefined, secure }),
      Location: withoutToken(url),
      'Content-Length': 0,
    });
    res.end();
    if (!this.#cookieGiven)
      log('rpc-ui: a browser opened the page with the token; it now holds it as a cookie.');
    this.#cookieGiven = true;
    return true;
  }
}
