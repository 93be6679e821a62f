import { defineConfig } from 'vite';

// The playground page (index.html) as static files for the rpc-ui bridge: dist/playground. Its
// URLs are relative, so a proxy may serve it under any path.
export default defineConfig({
  base: './',
  build: { outDir: 'dist/playground', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
