// A @web/test-runner command that presses a key while holding modifiers (`key-combo`), in every
// engine: through puppeteer's keyboard (Chromium, Firefox), and as one WebdriverIO key action for
// WebDriver (WebKit), which holds the modifiers it is given until the action ends: the runner's
// own sendKeys knows no `down` and `up` there.
export function keyComboPlugin() {
  return {
    name: 'key-combo',
    async executeCommand({ command, payload, session }) {
      if (command !== 'key-combo') return undefined;
      const { modifiers, key } = payload;
      if (session.browser.type === 'webdriver') {
        await session.browser.sendKeys(session.id, [...modifiers, key]);
        return true;
      }
      const { keyboard } = session.browser.getPage(session.id);
      for (const modifier of modifiers) await keyboard.down(modifier);
      await keyboard.press(key);
      for (const modifier of [...modifiers].reverse()) await keyboard.up(modifier);
      return true;
    },
  };
}
