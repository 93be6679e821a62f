import { defineConfig } from 'vite';

/** Each element's class, unregistered: `rpc-ui-kit/elements/<tag>.js`. */
const elements = {
  'rpc-confirm': 'confirm/rpc-confirm',
  'rpc-dialogs': 'dialogs/rpc-dialogs',
  'rpc-editor': 'editor/rpc-editor',
  'rpc-extension-ui': 'extension-ui/rpc-extension-ui',
  'rpc-input': 'input/rpc-input',
  'rpc-login': 'login/rpc-login',
  'rpc-model': 'model/rpc-model',
  'rpc-notifications': 'notifications/rpc-notifications',
  'rpc-select': 'select/rpc-select',
  'rpc-sessions': 'sessions/rpc-sessions',
  'rpc-status-bar': 'status-bar/rpc-status-bar',
  'rpc-transcript': 'transcript/rpc-transcript',
  'rpc-usage': 'usage/rpc-usage',
  'rpc-widget': 'widget/rpc-widget',
};

/** The kit's translations, each an entry of its own: `rpc-ui-kit/locales/<lang>.js`. */
const locales = ['ar', 'de', 'ja'];

// `vite` serves the playground (index.html); `vite build` builds the browser library into dist/
// (one file per package entry, shared code in dist/chunks; lit and zod stay imports). The Node
// bridge is built by vite.bridge.config.ts.
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
        controller: 'src/controller/index.ts',
        strings: 'src/components/strings/index.ts',
        // Loaded by rpc-transcript with the first code block it highlights, never before.
        highlight: 'src/markdown/highlight.ts',
        ...Object.fromEntries(
          locales.map((lang) => [`locales/${lang}`, `src/components/strings/locales/${lang}.ts`]),
        ),
        ...Object.fromEntries(
          Object.entries(elements).map(([tag, path]) => [`elements/${tag}`, `src/components/${path}.ts`]),
        ),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^lit($|\/)/, /^@lit\//, /^zod($|\/)/],
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
