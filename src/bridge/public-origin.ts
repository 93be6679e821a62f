/**
 * The address a browser reached the bridge at, when that is not the one it listens on: behind a
 * reverse proxy, told by `--public-url` or read from the forwarding headers of a proxy the bridge
 * was told to trust (`--trust-proxy`), and never from anyone else's. Node only.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** An IPv4 address as an IPv6 socket reports it (`::ffff:127.0.0.1`) is that IPv4 address. */
export function plainAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) ? bare.slice(7) : bare.toLowerCase();
}

/** Whether `text` is an IP address, as `--trust-proxy` takes. */
export function isAddress(text: string): boolean {
  return isIP(plainAddress(text)) !== 0;
}

/** The last value of a comma-separated header: the one the nearest proxy wrote. */
function lastOf(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  const last = text?.split(',').pop()?.trim();
  return last ? last : undefined;
}

/** `proto` and `host` of the last element of a `Forwarded` header (RFC 7239). */
function forwarded(request: IncomingMessage): { proto?: string; host?: string } {
  const element = lastOf(request.headers.forwarded);
  const found: { proto?: string; host?: string } = {};
  for (const pair of element?.split(';') ?? []) {
    const [key = '', ...rest] = pair.split('=');
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const name = key.trim().toLowerCase();
    if (name === 'proto' || name === 'host') found[name] = value;
  }
  return found;
}

/** Whether the request carries forwarding headers at all (it came through a proxy, or says so). */
export function saysForwarded(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    headers.forwarded !== undefined ||
    headers['x-forwarded-host'] !== undefined ||
    headers['x-forwarded-proto'] !== undefined
  );
}

/** Whether the request's peer is one of the trusted proxies. */
export function fromTrustedProxy(request: IncomingMessage, proxies: readonly string[]): boolean {
  const peer = request.socket.remoteAddress;
  return peer !== undefined && proxies.some((proxy) => plainAddress(proxy) === plainAddress(peer));
}

/**
 * The origin the browser used, as a trusted proxy forwards it (`Forwarded`, else `X-Forwarded-Proto`
 * and `X-Forwarded-Host`, else the `Host` it passed on); `undefined` when the peer is not trusted or
 * the headers make no origin.
 */
export function forwardedOrigin(request: IncomingMessage, proxies: readonly string[]): string | undefined {
  if (!fromTrustedProxy(request, proxies)) return undefined;
  const standard = forwarded(request);
  const proto = (standard.proto ?? lastOf(request.headers['x-forwarded-proto']) ?? 'http').toLowerCase();
  const host = standard.host ?? lastOf(request.headers['x-forwarded-host']) ?? request.headers.host;
  // A host, not a URL: nothing that would move the origin elsewhere.
  if ((proto !== 'http' && proto !== 'https') || !host || /[\s/?#@\\]/.test(host)) return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}
