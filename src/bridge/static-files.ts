/**
 * Serves the built playground from one directory: GET and HEAD only, no path traversal (the
 * resolved real path must stay inside the directory), a fixed set of content types, and the
 * security headers on every answer. Node only.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type for a file name (`application/octet-stream` when unknown). */
export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers sent with every HTTP answer of the bridge. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

/** The page served when the playground has not been built. No script, no inline style. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>rpc-ui: playground not built</title></head>
<body>
<h1>The playground is not built yet</h1>
<p>The bridge is running and the agent is connected at <code>/rpc</code>, but there is no page to show.</p>
<p>Run <code>npm run build:playground</code>, then reload this page.</p>
</body>
</html>
`;

function isInside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The file under `root` that a request path names, or `undefined` when it would leave `root`,
 * is malformed, or does not exist as a regular file. `/` names `index.html`.
 * @param root the real (symlink-free) absolute path of the directory
 */
export async function resolveStaticFile(root: string, rawPath: string): Promise<string | undefined> {
  let path: string;
  try {
    path = decodeURIComponent(rawPath.split('?', 1)[0] ?? '');
  } catch {
    return undefined;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return undefined;
  if (path.endsWith('/')) path += 'index.html';
  const candidate = resolve(root, `.${path}`);
  if (!isInside(root, candidate)) return undefined;
  try {
    // A symlink inside the directory must not lead out of it either.
    const real = await realpath(candidate);
    if (!isInside(root, real)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Options of {@link serveStatic}. */
export interface StaticOptions {
  /** The real absolute path of the directory, or `undefined` to serve {@link NOT_BUILT_PAGE}. */
  readonly root: string | undefined;
  /** Headers added to every answer. */
  readonly headers: Record<string, string>;
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': status === 200 ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Answer one HTTP request from the static directory. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  options: StaticOptions,
): Promise<void> {
  const { headers, root } = options;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    answer(res, 405, 'Method not allowed.\n', { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  const rawPath = req.url ?? '/';
  if (root === undefined) {
    if (rawPath === '/' || rawPath.startsWith('/?')) answer(res, 200, NOT_BUILT_PAGE, headers);
    else answer(res, 404, 'Not found.\n', headers);
    return;
  }
  const file = await resolveStaticFile(root, rawPath);
  if (!file) {
    answer(res, 404, 'Not found.\n', headers);
    return;
  }
  const size = (await stat(file)).size;
  res.writeHead(200, { ...headers, 'Content-Type': contentType(file), 'Content-Length': size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
