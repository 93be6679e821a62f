// A @web/test-runner command that returns Chromium's whole accessibility tree. The built-in
// a11y-snapshot command keeps only the nodes Puppeteer finds "interesting", which leaves out the
// options of a list box that uses aria-activedescendant (they are not focusable themselves).
export function a11yTreePlugin() {
  return {
    name: 'a11y-tree',
    async executeCommand({ command, session }) {
      if (command !== 'a11y-tree') return undefined;
      const page = session.browser.getPage(session.id);
      return page.accessibility.snapshot({ interestingOnly: false });
    },
  };
}
