// A @web/test-runner command (`emulate-media-features`) that puts the page under the CSS media
// features a user's settings give, `''` resetting one, each engine its own way: Chromium's DevTools
// emulation (the built-in emulateMedia knows no forced-colors), Firefox's preferences for the same
// settings (set in its parent process: BiDi emulates none), WebKitGTK's GTK settings (dark theme,
// animations) on its desktop. WebKit has no forced colours mode (nor has Safari): asking for it
// throws. test/support/media.ts waits until the page's matchMedia agrees.
import { setPrefs } from './engines/firefox-parent.mjs';
import { desktopOfWebKit } from './engines/webkit.mjs';

/** Firefox's preferences for each feature's values (`''`: back to the user's). */
const FIREFOX_PREFS = {
  'prefers-color-scheme': (value) => ({
    'layout.css.prefers-color-scheme.content-override': value === '' ? null : value === 'dark' ? 0 : 1,
  }),
  'prefers-reduced-motion': (value) => ({
    'ui.prefersReducedMotion': value === '' ? null : value === 'reduce' ? 1 : 0,
  }),
  'forced-colors': (value) => ({
    'ui.useAccessibilityTheme': value === 'active' ? 1 : null,
    'browser.display.document_color_use': value === 'active' ? 2 : null,
  }),
};

/** WebKitGTK's GTK settings for each feature's values. */
const WEBKIT_SETTINGS = {
  'prefers-color-scheme': (value) => ({ dark: value === 'dark' }),
  'prefers-reduced-motion': (value) => ({ reducedMotion: value === 'reduce' }),
  'forced-colors': (value) => {
    if (value === 'active') throw new Error('WebKit has no forced colours mode (nor has Safari).');
    return {};
  },
};

/** The media query each GTK setting makes true. */
const webkitQueries = ({ dark, reducedMotion }) => [
  `(prefers-color-scheme: ${dark ? 'dark' : 'light'})`,
  `(prefers-reduced-motion: ${reducedMotion ? 'reduce' : 'no-preference'})`,
];

/** Change WebKitGTK's GTK settings, and have the page restyled by them. */
async function emulateInWebKit(driver, features) {
  const desktop = desktopOfWebKit();
  desktop.setSettings(translate(WEBKIT_SETTINGS, features, 'WebKit'));
  const queries = JSON.stringify(webkitQueries(desktop.settings));
  for (let tries = 0; tries < 100; tries++) {
    if (await driver.execute(`return ${queries}.every((query) => matchMedia(query).matches)`)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // WebKitGTK answers matchMedia with the new settings at once, but restyles the page only when it
  // next evaluates its media queries, which a change of the window's size makes it do.
  const { width, height } = await driver.getWindowRect();
  await driver.setWindowRect(null, null, width + 1, height);
  await driver.setWindowRect(null, null, width, height);
}

function translate(table, features, engine) {
  return Object.assign(
    {},
    ...features.map(({ name, value }) => {
      const to = table[name];
      if (!to) throw new Error(`${engine}: no way to emulate ${name} here`);
      return to(value);
    }),
  );
}

/** Per page, its DevTools session and the features emulated there. */
const chromium = new WeakMap();

export function mediaFeaturesPlugin() {
  return {
    name: 'media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      if (session.browser.type === 'webdriver') {
        await emulateInWebKit(session.browser.driverManager.driver, payload.features);
        return true;
      }
      const page = session.browser.getPage(session.id);
      if (page.browser().protocol === 'webDriverBiDi') {
        await setPrefs(page, translate(FIREFOX_PREFS, payload.features, 'Firefox'));
        return true;
      }
      // One DevTools session per page: Chromium drops a session's overrides when it detaches. Each
      // call sets every feature, so the ones left out are sent again.
      if (!chromium.has(page)) chromium.set(page, { cdp: await page.createCDPSession(), features: {} });
      const { cdp, features } = chromium.get(page);
      for (const { name, value } of payload.features) features[name] = value;
      await cdp.send('Emulation.setEmulatedMedia', {
        features: Object.entries(features).map(([name, value]) => ({ name, value })),
      });
      return true;
    },
  };
}
