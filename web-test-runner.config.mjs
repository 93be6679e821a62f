import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { notRunPlugin, summaryReporter } from './scripts/wtr-summary-reporter.mjs';
import { isLitDevModeNotice } from './scripts/plain-output.mjs';
import { defaultReporter } from '@web/test-runner';
import { mediaFeaturesPlugin } from './test/support/wtr-media-plugin.mjs';
import { a11yTreePlugin } from './test/support/wtr-a11y-tree-plugin.mjs';
import { focusPlugin } from './test/support/wtr-focus-plugin.mjs';
import { keysPlugin } from './test/support/wtr-keys-plugin.mjs';
import { viewportPlugin } from './test/support/wtr-viewport-plugin.mjs';
import { wsServerPlugin } from './test/support/wtr-ws-server.mjs';
import { highlightCorePlugin } from './test/support/wtr-highlight-core.mjs';
import { currentEngine, launcherFor, NOT_YET } from './test/support/wtr-engines.mjs';

// One engine a run (RPC_UI_ENGINE: chromium, firefox, webkit); npm test runs each in turn.
const engine = currentEngine();
const notYet = Object.keys(NOT_YET[engine]).map((file) => `!${file}`);
// RPC_UI_TEST_FILES (globs, comma-separated) runs only those files of the browser group.
const only = process.env.RPC_UI_TEST_FILES?.split(',');

// A page that forbids eval: anything that calls `new Function` raises a CSP violation.
const noEvalHtml = (testFramework) => `<!doctype html>
<html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-inline'; connect-src 'self'">
</head><body><script type="module" src="${testFramework}"></script></body></html>`;

// The component tests press keys as fast as the test runner can, one dialog after another: the
// stray-input guard (Enter and clicks held back right after a dialog shows while keys were being
// pressed) is off for them, as for any automated driver. test/browser/components/stray-input.test.ts
// turns it on and tests it; the end-to-end tests (test/node/e2e/) keep it on and wait like a user.
// (The `.ts` path: the one the tests' own imports resolve to, so that this is the same module.)
const guardOffHtml = (testFramework) => `<!doctype html>
<html><body><script type="module">
import { strayInput } from '/src/components/dialog/stray-input.ts';
strayInput.guardMs = 0;
</script><script type="module" src="${testFramework}"></script></body></html>`;

export default {
  nodeResolve: true,
  // One page at a time: keyboard tests need the focused page.
  concurrency: 1,
  browsers: [await launcherFor(engine)],
  plugins: [
    mediaFeaturesPlugin(),
    a11yTreePlugin(),
    focusPlugin(),
    keysPlugin(),
    viewportPlugin(),
    notRunPlugin(),
    highlightCorePlugin(),
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
    wsServerPlugin(),
  ],
  groups: [
    {
      name: 'browser',
      files: [...(only ?? ['test/browser/**/*.test.ts', '!test/browser/csp/**']), ...notYet],
      testRunnerHtml: guardOffHtml,
    },
    ...(only
      ? []
      : [{ name: 'no-eval', files: ['test/browser/csp/**/*.test.ts'], testRunnerHtml: noEvalHtml }]),
  ],
  reporters: [defaultReporter(), summaryReporter(`.test-results/wtr-${engine}.json`)],
  // Every page logs Lit's dev-mode notice (the tests run Lit's development build): not relayed.
  filterBrowserLogs: (log) => !isLitDevModeNotice(log.args[0]),
  testFramework: { config: { timeout: 10000 } },
};
