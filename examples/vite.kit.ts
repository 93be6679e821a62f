/**
 * Shared by the examples' `vite.config.ts`: inside this repository the package name `rpc-ui-kit`
 * resolves to its sources. Your own app installs the package (`npm install rpc-ui-kit`) and needs
 * none of this.
 */
import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

export const kitAlias: AliasOptions = [
  { find: /^rpc-ui-kit\/define\.js$/, replacement: source('components/define.ts') },
  { find: /^rpc-ui-kit$/, replacement: source('index.ts') },
];
