import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The Node bridge (`rpc-ui-kit/bridge` and the `rpc-ui` command) → dist/bridge. `ws` stays an
// import; so does everything Node provides.
export default defineConfig({
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/bridge',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { index: 'src/bridge/index.ts', cli: 'src/bridge/cli.ts' },
      external: ['ws', /^node:/, ...builtinModules],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
