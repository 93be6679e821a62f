/**
 * The bridge's token: where a request may carry it (the `token` query parameter, an
 * `Authorization: Bearer` header, or the cookie the page's first load turned it into), and that
 * cookie. See docs/security.md. Node only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Compare two secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The cookie's name: one per token, so two bridges on one host name (two ports, or two paths
 * behind a proxy) never overwrite each other's. A hash prefix of a random token tells nothing.
 */
export function cookieName(token: string): string {
  return `rpc-ui-${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

/** The values of every cookie called `name` in the request (a browser may send several). */
function cookieValues(request: IncomingMessage, name: string): string[] {
  const header = request.headers.cookie ?? '';
  return header
    .split(';')
    .map((pair) => pair.trim().split('='))
    .filter(([key]) => key === name)
    .map(([, ...value]) => value.join('='));
}

function bearer(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** What the request says of the token. */
export type TokenCheck = 'right' | 'wrong' | 'missing';

/** Check the token wherever the request carries it: any right one lets it in. */
export function checkToken(request: IncomingMessage, url: URL, token: string): TokenCheck {
  const given = [
    ...url.searchParams.getAll('token'),
    ...cookieValues(request, cookieName(token)),
    ...[bearer(request)].filter((value) => value !== undefined),
  ];
  if (given.length === 0) return 'missing';
  return given.some((value) => sameSecret(value, token)) ? 'right' : 'wrong';
}

/** Options of {@link tokenCookie}. */
export interface TokenCookieOptions {
  /** The path the browser sees the bridge at; left to the browser (the page's folder) when unset. */
  readonly path?: string;
  /** The page was reached over https. */
  readonly secure: boolean;
}

/**
 * How long the browser keeps the cookie: the token outlives restarts (it is kept in the state
 * folder), so closing the browser must not lock the person out either.
 */
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * The `Set-Cookie` value that holds the token for later loads and the WebSocket: out of reach of
 * scripts, never sent from another site, over https only when the page came that way, kept for
 * thirty days.
 */
export function tokenCookie(token: string, options: TokenCookieOptions): string {
  return [
    `${cookieName(token)}=${token}`,
    ...(options.path ? [`Path=${options.path}`] : []),
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Where to send a page loaded with `?token=`: the same page, relative (a proxy's prefix is kept),
 * without the token and with the rest of its query.
 */
export function withoutToken(url: URL): string {
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('token');
  const query = rest.size > 0 ? `?${rest}` : '';
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return `${file === '' ? './' : file}${query}`;
}
