import { defineConfig } from 'vite';
import { kitAlias } from '../vite.kit.js';

// No React plugin needed: Vite compiles TSX itself (`jsx: "react-jsx"` in tsconfig.json).
export default defineConfig({ resolve: { alias: kitAlias }, server: { host: '127.0.0.1' } });
