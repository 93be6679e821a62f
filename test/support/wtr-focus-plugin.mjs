// A @web/test-runner command that gives the test's page the window's focus (`bring-to-front`):
// the runner reuses pages, and a page can be left without focus by the file run before it, so a
// test of what focus does asks for it first.
export function focusPlugin() {
  return {
    name: 'bring-to-front',
    async executeCommand({ command, session }) {
      if (command !== 'bring-to-front') return undefined;
      // Over WebDriver the session is one window of its own, which has the focus already.
      if (session.browser.type === 'webdriver') return true;
      await session.browser.getPage(session.id).bringToFront();
      return true;
    },
  };
}
