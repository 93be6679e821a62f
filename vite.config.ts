import { defineConfig } from 'vite';

// `vite` serves the playground (index.html); `vite build` builds the library.
export default defineConfig({
  server: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: {
        index: 'src/index.ts',
        define: 'src/components/define.ts',
        protocol: 'src/protocol/index.ts',
        transport: 'src/transport/index.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: { external: [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/] },
  },
});
