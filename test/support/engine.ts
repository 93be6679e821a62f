import { emulateMedia } from '@web/test-runner-commands';

/** The engine the tests run in, from its user agent (WebKitGTK's reads as Safari's). */
export const engine: 'chromium' | 'firefox' | 'webkit' = /Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';

/**
 * A test that reads Chromium's accessibility tree or emulates media features through its DevTools,
 * which Firefox's and WebKit's drivers do not offer: it runs in Chromium, and is skipped (and
 * counted as skipped) elsewhere. docs/testing.md says so.
 */
export function itWithDevTools(title: string, fn: Mocha.AsyncFunc): void {
  if (engine === 'chromium') it(title, fn);
  else it.skip(title, fn);
}

/** Undo an `emulateMedia` (after a test): where nothing could be emulated, nothing is undone. */
export async function resetMedia(media: Parameters<typeof emulateMedia>[0]): Promise<void> {
  if (engine === 'chromium') await emulateMedia(media);
}

/**
 * A test that sets the viewport's size, which the runner cannot do over WebDriver: it runs in
 * Chromium and Firefox, and is skipped (and counted as skipped) in WebKit.
 */
export function itWithViewport(title: string, fn: Mocha.AsyncFunc): void {
  if (engine !== 'webkit') it(title, fn);
  else it.skip(title, fn);
}
