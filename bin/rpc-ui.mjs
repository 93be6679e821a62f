#!/usr/bin/env node
// The `rpc-ui` command. In the installed package it runs the built bridge (dist/bridge/cli.js);
// in a checkout of the repository (src/ and tsx present) it runs the TypeScript source through
// tsx, so there is nothing to rebuild while working on the bridge. Either way the bridge runs in
// this process, so signals (Ctrl+C, SIGTERM) reach it directly.
import { existsSync } from 'node:fs';

const source = new URL('../src/bridge/cli.ts', import.meta.url);
let cli;
if (existsSync(source) && existsSync(new URL('../node_modules/tsx', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(source.href);
} else {
  cli = await import('../dist/bridge/cli.js');
}
cli.main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`rpc-ui: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
