import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './test/support/engines/chromium.mjs';
import { isLitDevModeNotice } from './scripts/plain-output.mjs';

const storybookConfigDir = fileURLToPath(new URL('./.storybook', import.meta.url));

export default defineConfig({
  test: {
    // Every story's page logs Lit's dev-mode notice (the stories run Lit's development build): dropped.
    onConsoleLog: (log) => (isLitDevModeNotice(log) ? false : undefined),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/**/*.test.ts'],
          // One file at a time: the end-to-end files each drive Chromium and real agents, and the
          // bench's counts (renders per frame) are not to be taken on a machine they saturate.
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        // Every story in stories/ is a test: it renders, its play function runs, then axe
        // (addon-a11y, `a11y.test: 'error'`) checks the result. Needs custom-elements.json.
        plugins: [
          storybookTest({ configDir: storybookConfigDir, storybookScript: 'npm run storybook -- --ci' }),
        ],
        test: {
          name: 'storybook',
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
