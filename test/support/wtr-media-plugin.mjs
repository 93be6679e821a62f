// A @web/test-runner command that emulates any CSS media feature through Chromium's DevTools
// protocol: the built-in emulateMedia command, and puppeteer's emulateMediaFeatures under it,
// know no forced-colors.
const sessions = new WeakMap();

export function mediaFeaturesPlugin() {
  return {
    name: 'media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      const page = session.browser.getPage(session.id);
      // One DevTools session per page: Chromium drops a session's overrides when it detaches.
      if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
      await sessions.get(page).send('Emulation.setEmulatedMedia', { features: payload.features });
      return true;
    },
  };
}
