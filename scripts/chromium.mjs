// Debian's Chromium, never a downloaded browser: where it is and the flags it needs here (as root
// it needs --no-sandbox; the closed network wants the background services off). Every launcher
// uses these: web-test-runner, the Storybook tests, the Node end-to-end tests and the bench.

/** The executable: `CHROME_PATH`, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The flags. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
