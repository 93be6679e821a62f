/**
 * The nginx configuration of docs/hosting.md for any number of sessions: the guide's `map` and
 * `server` blocks with this run's address and certificate, and its `location /sessions/alice/`
 * block repeated once per session (`/sessions/s1/`, `/sessions/s2/`, …) with that bridge's port,
 * in place of the guide's two. So the bench runs the configuration the guide gives.
 */
import { type Certificate, hostingBlock, substitute } from '../../test/support/nginx.js';

/** A `location` block of the guide (no nested braces), with the newline before it. */
const LOCATION = /\n[ \t]*location [^{]*\{[^}]*\}/g;

/** The path of session `index` (from 0) behind the proxy: `/sessions/s1/` for the first. */
export const sessionPath = (index: number): string => `/sessions/s${index + 1}/`;

/** The guide's configuration on `127.0.0.1:port`, one location per bridge port, in order. */
export function hostedConfig(port: number, certificate: Certificate, bridges: readonly number[]): string {
  const guide = substitute(hostingBlock('nginx', 'nginx'), {
    'listen 443 ssl;': `listen 127.0.0.1:${port} ssl;`,
    'server_name dev.example;': 'server_name localhost;',
    '/etc/ssl/private/dev.example.key': certificate.key,
    '/etc/ssl/certs/dev.example.crt': certificate.cert,
  });
  const alice = [...guide.matchAll(LOCATION)].find((match) => match[0].includes('/sessions/alice/'))?.[0];
  if (alice === undefined) throw new Error('docs/hosting.md no longer has a location /sessions/alice/.');
  const locations = bridges.map((bridge, index) =>
    substitute(alice, {
      '/sessions/alice/': sessionPath(index),
      '127.0.0.1:5301': `127.0.0.1:${bridge}`,
    }),
  );
  const server = guide.replace(LOCATION, '');
  const end = server.lastIndexOf('}');
  return `${server.slice(0, end).trimEnd()}\n${locations.join('\n')}\n${server.slice(end)}`;
}
