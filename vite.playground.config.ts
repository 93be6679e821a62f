import { defineConfig } from 'vite';

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground.
export default defineConfig({
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
