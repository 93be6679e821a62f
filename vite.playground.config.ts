import { defineConfig } from 'vite';
import { minifyCssTemplates } from './scripts/minify-css.js';

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground.
export default defineConfig({
  plugins: [minifyCssTemplates()],
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
