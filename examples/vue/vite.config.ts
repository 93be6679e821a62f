import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { kitAlias } from '../vite.kit.js';

export default defineConfig({
  // The kit's `rpc-*` tags are custom elements, not Vue components.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('rpc-') } } })],
  resolve: { alias: kitAlias },
  server: { host: '127.0.0.1' },
});
