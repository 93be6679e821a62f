import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/** docs/models.md beside the page, as text: the conversation's "How to add a model" links it. */
const modelsHelp: Plugin = {
  name: 'rpc-ui-models-help',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'models.txt', source: readFileSync('docs/models.md', 'utf8') });
  },
};

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground. Its
// URLs are relative, so a proxy may serve it under any path.
export default defineConfig({
  base: './',
  plugins: [modelsHelp],
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
