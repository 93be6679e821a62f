import { defineConfig } from 'vite';
import { kitAlias } from '../vite.kit.js';

export default defineConfig({ resolve: { alias: kitAlias }, server: { host: '127.0.0.1' } });
