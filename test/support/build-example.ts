/** An example of examples/ built with Vite as a user builds it. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The examples folder. */
const examplesDir = fileURLToPath(new URL('../../examples/', import.meta.url));

/** `vite build` of `examples/<name>` into `outDir`, in production mode (vitest sets NODE_ENV=test). */
export async function buildExample(name: string, outDir: string): Promise<void> {
  const root = join(examplesDir, name);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
