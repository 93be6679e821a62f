#!/usr/bin/env node
// The `rpc-ui` command: runs the bridge CLI (src/bridge/cli.ts) from its TypeScript source with
// tsx, in this process, so signals (Ctrl+C, SIGTERM) reach the bridge directly.
import { register } from 'tsx/esm/api';

register();
await import('../src/bridge/cli.ts');
