import { defineConfig } from 'vite';
import { minifyCssTemplates } from './scripts/minify-css.js';
import { minifyHtmlTemplatesPlugin } from './scripts/minify-html.js';

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground.
export default defineConfig({
  plugins: [minifyCssTemplates(), minifyHtmlTemplatesPlugin()],
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
