// A @web/test-runner command (`a11y-tree`) that returns the page's accessibility tree as each
// engine gives it to assistive technology, in one shape (test/support/a11y.ts's A11yNode):
// Chromium's through its DevTools (`{ all: false }` keeps only the nodes Puppeteer finds
// interesting, as the built-in a11y-snapshot does), Firefox's from its parent process
// (test/support/firefox-parent.mjs), WebKit's over AT-SPI as Orca reads it
// (test/support/atspi-tree.py). Firefox and WebKit give the whole tree.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { accessibilityTree, takeFocus } from './engines/firefox-parent.mjs';
import { desktopOfWebKit } from './engines/webkit.mjs';

const ATSPI_TREE = fileURLToPath(new URL('./atspi-tree.py', import.meta.url));
const ATSPI_TAKE_FOCUS = fileURLToPath(new URL('./atspi-take-focus.py', import.meta.url));
/** Debian's python3, which python3-gi and gir1.2-atspi-2.0 install for. */
const PYTHON = '/usr/bin/python3';

async function webkitTree() {
  const { stdout } = await promisify(execFile)(PYTHON, [ATSPI_TREE], {
    env: { ...process.env, ...desktopOfWebKit().env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

// \`a11y-take-focus\` ({role, name}): focus that node as a screen reader does, in Firefox and
// WebKit (Chromium's DevTools have no such route).
async function takeFocusCommand({ role, name }, session) {
  if (session.browser.type === 'webdriver') {
    const { stdout } = await promisify(execFile)(PYTHON, [ATSPI_TAKE_FOCUS, role, name], {
      env: { ...process.env, ...desktopOfWebKit().env },
    });
    return JSON.parse(stdout);
  }
  const page = session.browser.getPage(session.id);
  if (page.browser().protocol !== 'webDriverBiDi') throw new Error('a11y-take-focus: not in Chromium');
  return takeFocus(page, role, name);
}

export function a11yTreePlugin() {
  return {
    name: 'a11y-tree',
    async executeCommand({ command, payload, session }) {
      if (command === 'a11y-take-focus') return takeFocusCommand(payload, session);
      if (command !== 'a11y-tree') return undefined;
      if (session.browser.type === 'webdriver') return webkitTree();
      const page = session.browser.getPage(session.id);
      if (page.browser().protocol === 'webDriverBiDi') return accessibilityTree(page);
      return page.accessibility.snapshot({ interestingOnly: !payload?.all });
    },
  };
}
