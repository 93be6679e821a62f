// A @web/test-runner command (`viewport`) that sizes the page's viewport in every engine: the
// built-in setViewport cannot over WebDriver, where WebKit's window is sized instead, its frame
// and toolbar added.
//
// WebKitGTK's window may take its new size only some time after WebKitWebDriver answers
// `setWindowRect` (the X server resizes it, then the page's viewport follows): read too soon, the
// old viewport beside the new window would ask for the change a second time, and the window would
// overshoot. After each resize the page's size is read until it has changed and holds still, and
// only then compared. The window is shared by every test file of a run (one session, navigated
// from file to file): a test that sizes it gives back the size it found (`viewportSize` in
// test/support/viewport.ts), or the files after it run in its size.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's viewport after a resize from `before`: changed, and the same in two reads 50 ms apart. */
async function settledSize(driver, before) {
  const read = () => driver.execute('return [innerWidth, innerHeight]');
  const end = Date.now() + 3000;
  let last = await read();
  while (Date.now() < end) {
    await sleep(50);
    const now = await read();
    const changed = now[0] !== before[0] || now[1] !== before[1];
    if (changed && now[0] === last[0] && now[1] === last[1]) return now;
    last = now;
  }
  return last;
}

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
      let size = await driver.execute('return [innerWidth, innerHeight]');
      for (let tries = 0; tries < 5; tries++) {
        if (size[0] === width && size[1] === height) return true;
        const window = await driver.getWindowRect();
        await driver.setWindowRect(
          null,
          null,
          window.width + width - size[0],
          window.height + height - size[1],
        );
        size = await settledSize(driver, size);
      }
      throw new Error(`WebKit's viewport did not come to ${width}×${height} (${size[0]}×${size[1]})`);
    },
  };
}
