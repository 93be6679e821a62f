/**
 * `npm test`'s install of the real VS Code its end-to-end test drives
 * (test/node/e2e/e2e-vscode.test.ts): code-server and Node 24 into the bridge's cache, once (about
 * two minutes of compiling), nothing after. Exits 1, saying what is missing, when it cannot.
 */
import { installCodeServer } from '../test/support/vscode/install.js';

const log = (message: string) => console.error(message);
installCodeServer(log).then(
  ({ entry }) => log(`rpc-ui: code-server is ready (${entry}).`),
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
