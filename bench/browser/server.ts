import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The bench page, built and served on loopback. */
export interface BenchSite {
  /** The page's address. */
  readonly url: string;
  /** Stop the server and remove the built files. */
  close(): Promise<void>;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

// Cross-origin isolated, so `performance.now()` is precise to 5 µs rather than 100 µs.
const HEADERS = {
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rpc-ui-kit browser bench</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; font: 14px system-ui, sans-serif; } textarea { inline-size: 100%; }</style>
<script type="module" src="/page.js"></script>
</head>
<body></body>
</html>
`;

/**
 * Bundle page.ts (the kit from `src/`, production build of Lit) into a fresh temporary folder
 * and serve it with a minimal static server on 127.0.0.1, on a free port.
 */
export async function startBenchSite(): Promise<BenchSite> {
  const outDir = await mkdtemp(join(tmpdir(), 'rpc-ui-bench-'));
  try {
    await build({
      configFile: false,
      root: HERE,
      publicDir: false,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        minify: false,
        sourcemap: false,
        rolldownOptions: {
          input: { page: join(HERE, 'page.ts') },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    });
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
      response.end(PAGE);
      return;
    }
    // Only the bundle's own flat files: `page.js` and its chunks.
    if (!/^\/[\w.-]+\.js$/.test(path)) {
      response.writeHead(404, HEADERS).end();
      return;
    }
    readFile(join(outDir, path.slice(1))).then(
      (body) => {
        response.writeHead(200, { ...HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' });
        response.end(body);
      },
      () => response.writeHead(404, HEADERS).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
