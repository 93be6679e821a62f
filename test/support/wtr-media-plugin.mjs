// A @web/test-runner command that emulates any CSS media feature through Chromium's DevTools
// protocol (the built-in emulateMedia command has no forced-colors on the Chrome launcher).
export function mediaFeaturesPlugin() {
  return {
    name: 'media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      const page = session.browser.getPage(session.id);
      await page.emulateMediaFeatures(payload.features);
      return true;
    },
  };
}
