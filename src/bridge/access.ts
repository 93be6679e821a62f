/**
 * Who may talk to the bridge: loopback detection, the origins allowed to open the WebSocket, the
 * token check and the Content-Security-Policy of the served page. Node only.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import type { BridgeAccess } from '../protocol/bridge.js';
import { forwardedOrigin, fromTrustedProxy, plainAddress, saysForwarded } from './public-origin.js';
import { checkToken } from './token.js';

/** Whether `host` only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** `host:port` as it appears in a URL (IPv6 addresses in brackets). */
export function hostPort(host: string, port: number): string {
  return `${isIPv6(host) ? `[${host}]` : host}:${port}`;
}

/** The bridge's own origins: `http://host:port`, and the `localhost` alias for 127.0.0.1 and ::1. */
export function ownOrigins(host: string, port: number, scheme: 'http' | 'https' = 'http'): string[] {
  const origins = [`${scheme}://${hostPort(host, port)}`];
  if (host === '127.0.0.1' || host === '::1') origins.push(`${scheme}://localhost:${port}`);
  if (host === 'localhost') origins.push(`${scheme}://127.0.0.1:${port}`);
  return origins;
}

/** The page's Content-Security-Policy: everything from the bridge itself, nothing inline. */
export function contentSecurityPolicy(origins: readonly string[]): string {
  const sockets = origins.map((origin) => origin.replace(/^http/, 'ws')).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${sockets}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What a request to the bridge must satisfy. */
export interface AccessPolicy {
  /** Exact origins (`scheme://host:port`) allowed to connect. */
  readonly allowedOrigins: readonly string[];
  /** When set, the request must carry it (see `checkToken`). */
  readonly token: string | undefined;
  /**
   * With a token, also allow an origin naming the host the request was sent to (its `Host`
   * header): for a bridge listening on every address, reached under any of the machine's names.
   */
  readonly sameHost?: boolean;
  /** The bridge serves https itself. */
  readonly tls?: boolean;
  /** Addresses of proxies whose forwarding headers tell the page's origin (`--trust-proxy`). */
  readonly trustedProxies?: readonly string[];
}

/** Whether `origin` is the bridge's own scheme and the request's `Host`. */
function isRequestHost(origin: string, request: IncomingMessage, tls: boolean): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === (tls ? 'https:' : 'http:') && url.host === request.headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

/** Why a request is refused, and what a person can do about it. */
interface Refusal {
  readonly reason: string;
  readonly hint: string;
}

/**
 * Why a WebSocket upgrade must be refused, or `undefined` when it may go on.
 * A missing `Origin` is refused too: browsers always send one, and other clients can set it.
 */
export function refusalReason(request: IncomingMessage, url: URL, policy: AccessPolicy): string | undefined {
  const origin = request.headers.origin;
  if (!origin) return 'The WebSocket upgrade has no Origin header.';
  return (originRefusal(request, origin, policy) ?? tokenRefusal(request, url, policy.token))?.reason;
}

function originRefusal(request: IncomingMessage, origin: string, policy: AccessPolicy): Refusal | undefined {
  const proxies = policy.trustedProxies ?? [];
  if (policy.allowedOrigins.includes(origin) || origin === forwardedOrigin(request, proxies))
    return undefined;
  if (policy.sameHost && policy.token !== undefined && isRequestHost(origin, request, policy.tls === true))
    return undefined;
  const reason = `The origin ${origin} is not allowed.`;
  if (saysForwarded(request) && !fromTrustedProxy(request, proxies)) {
    const peer = plainAddress(request.socket.remoteAddress ?? 'ADDRESS');
    return {
      reason,
      hint: `It came through a proxy the bridge does not trust: start the bridge with --trust-proxy ${peer} (the proxy's address) or --public-url ${origin}/PATH/ (the page's address).`,
    };
  }
  return {
    reason,
    hint: `Start the bridge with --allow-origin ${origin} (rpc-ui serve --allow-origin ${origin}).`,
  };
}

function tokenRefusal(request: IncomingMessage, url: URL, token: string | undefined): Refusal | undefined {
  if (token === undefined) return undefined;
  const check = checkToken(request, url, token);
  if (check === 'missing')
    return {
      reason: 'A token is required.',
      hint: 'Open the address the bridge printed (with its ?token=…) once in this browser (rpc-ui open, run by the same user where the bridge runs, prints it again), or give the token as ?token=… in the WebSocket URL.',
    };
  if (check === 'wrong')
    return {
      reason: 'The token is wrong.',
      hint: 'Open the address the bridge printed when it started (rpc-ui open, run by the same user where the bridge runs, prints it again): a bridge started with --new-token, or with a token given each time, lets the old one in no more.',
    };
  return undefined;
}

/**
 * The answer to a plain request of the WebSocket URL: whether an upgrade with the same `Origin`,
 * token and cookies would be taken, and why not (a `BridgeAccess`). Without an `Origin` (a
 * same-origin `GET`) only the token is checked. It grants nothing, so any origin may read it.
 */
export function accessReport(request: IncomingMessage, url: URL, policy: AccessPolicy): BridgeAccess {
  const origin = request.headers.origin;
  const refused =
    (origin ? originRefusal(request, origin, policy) : undefined) ?? tokenRefusal(request, url, policy.token);
  return refused
    ? { type: 'rpc_ui_access', allowed: false, ...refused }
    : { type: 'rpc_ui_access', allowed: true };
}
