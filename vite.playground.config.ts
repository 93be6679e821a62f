import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { thirdPartyNotices } from './scripts/third-party-notices.js';

/** docs/models.md beside the page, as text: the conversation's "How to add a model" links it. */
const modelsHelp: Plugin = {
  name: 'rpc-ui-models-help',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'models.txt', source: readFileSync('docs/models.md', 'utf8') });
  },
};

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground. Its
// URLs are relative, so a proxy may serve it under any path. THIRD-PARTY-NOTICES.txt beside it names
// the npm packages it bundles and their licences.
export default defineConfig({
  base: './',
  plugins: [modelsHelp, thirdPartyNotices('the rpc-ui-kit playground (dist/playground)')],
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
