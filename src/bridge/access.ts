/**
 * Who may talk to the bridge: loopback detection, the origins allowed to open the WebSocket, the
 * token check and the Content-Security-Policy of the served page. Node only.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import type { BridgeAccess } from '../protocol/bridge.js';

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
export function ownOrigins(host: string, port: number): string[] {
  const origins = [`http://${hostPort(host, port)}`];
  if (host === '127.0.0.1' || host === '::1') origins.push(`http://localhost:${port}`);
  if (host === 'localhost') origins.push(`http://127.0.0.1:${port}`);
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

/** Compare two secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What an upgrade request must satisfy. */
export interface UpgradePolicy {
  /** Exact origins (`scheme://host:port`) allowed to connect. */
  readonly allowedOrigins: readonly string[];
  /** When set, the `token` query parameter must equal it. */
  readonly token: string | undefined;
  /**
   * With a token, also allow an `http:` origin naming the host the request was sent to (its `Host`
   * header): for a bridge listening on every address, reached under any of the machine's names.
   */
  readonly sameHost?: boolean;
}

/** Whether `origin` is `http://` and the request's `Host`. */
function isRequestHost(origin: string, request: IncomingMessage): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.host === request.headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Why a WebSocket upgrade must be refused, or `undefined` when it may go on.
 * A missing `Origin` is refused too: browsers always send one, and other clients can set it.
 */
export function refusalReason(request: IncomingMessage, url: URL, policy: UpgradePolicy): string | undefined {
  return refusal(request, url, policy)?.reason;
}

/** Why a request is refused, and what a person can do about it. */
interface Refusal {
  readonly reason: string;
  readonly hint: string;
}

function refusal(request: IncomingMessage, url: URL, policy: UpgradePolicy): Refusal | undefined {
  const origin = request.headers.origin;
  if (!origin)
    return { reason: 'The WebSocket upgrade has no Origin header.', hint: 'Connect from a web page.' };
  const sameHost = policy.sameHost === true && policy.token !== undefined && isRequestHost(origin, request);
  if (!sameHost && !policy.allowedOrigins.includes(origin))
    return {
      reason: `The origin ${origin} is not allowed.`,
      hint: `Start the bridge with --allow-origin ${origin} (rpc-ui serve --allow-origin ${origin}).`,
    };
  return tokenRefusal(url, policy.token);
}

function tokenRefusal(url: URL, token: string | undefined): Refusal | undefined {
  if (token === undefined) return undefined;
  const hint = 'Open the URL the bridge printed, with its token.';
  const given = url.searchParams.get('token');
  if (given === null) return { reason: 'A token is required (add ?token=… to the URL).', hint };
  if (!sameSecret(given, token)) return { reason: 'The token is wrong.', hint };
  return undefined;
}

/**
 * The answer to a plain `GET` of the WebSocket URL: whether an upgrade with the same `Origin` and
 * query would be taken, and why not (a `BridgeAccess`). Browsers send no `Origin` on a same-origin
 * `GET`: then only the token is checked. It grants nothing, so any origin may read it.
 */
export function accessReport(request: IncomingMessage, url: URL, policy: UpgradePolicy): BridgeAccess {
  const refused = request.headers.origin ? refusal(request, url, policy) : tokenRefusal(url, policy.token);
  return refused
    ? { type: 'rpc_ui_access', allowed: false, ...refused }
    : { type: 'rpc_ui_access', allowed: true };
}
