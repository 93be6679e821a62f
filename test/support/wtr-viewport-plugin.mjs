// A @web/test-runner command (`viewport`) that sizes the page's viewport in every engine: the
// built-in setViewport cannot over WebDriver, where WebKit's window is sized instead, its frame
// and toolbar added.
export function viewportPlugin() {
  return {
    name: 'viewport',
    async executeCommand({ command, payload, session }) {
      if (command !== 'viewport') return undefined;
      const { width, height } = payload;
      if (session.browser.type !== 'webdriver') {
        await session.browser.getPage(session.id).setViewport({ width, height });
        return true;
      }
      const { driver } = session.browser.driverManager;
      for (let tries = 0; tries < 3; tries++) {
        const [innerWidth, innerHeight] = await driver.execute('return [innerWidth, innerHeight]');
        if (innerWidth === width && innerHeight === height) return true;
        const window = await driver.getWindowRect();
        await driver.setWindowRect(
          null,
          null,
          window.width + width - innerWidth,
          window.height + height - innerHeight,
        );
      }
      const [w, h] = await driver.execute('return [innerWidth, innerHeight]');
      throw new Error(`WebKit's viewport did not come to ${width}×${height} (${w}×${h})`);
    },
  };
}
