import { emulateMedia, executeServerCommand } from '@web/test-runner-commands';

/** A browser engine the component tests run in. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The engine the tests run in, from its user agent (WebKitGTK's reads as Safari's). */
export const engine: Engine = /Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';

/** The tests of this file that this engine does not run, told to npm test's count at the end. */
const notRun: string[] = [];
after(async () => {
  if (notRun.length > 0) await executeServerCommand('not-run', { titles: notRun });
});

/**
 * A test that only `engines` can run: registered there, and elsewhere not registered but counted
 * on that engine's line of npm test as not run (docs/testing.md says which, and why).
 */
export function itIn(engines: readonly Engine[], title: string, fn: Mocha.AsyncFunc): void {
  if (engines.includes(engine)) it(title, fn);
  else notRun.push(title);
}

/**
 * A test that reads Chromium's accessibility tree or emulates media features through its DevTools,
 * which Firefox's and WebKit's drivers do not offer: it runs in Chromium only.
 */
export function itWithDevTools(title: string, fn: Mocha.AsyncFunc): void {
  itIn(['chromium'], title, fn);
}

/** A test that sets the viewport's size, which the runner cannot do over WebDriver (WebKit). */
export function itWithViewport(title: string, fn: Mocha.AsyncFunc): void {
  itIn(['chromium', 'firefox'], title, fn);
}

/** Undo an `emulateMedia` (after a test): where nothing could be emulated, nothing is undone. */
export async function resetMedia(media: Parameters<typeof emulateMedia>[0]): Promise<void> {
  if (engine === 'chromium') await emulateMedia(media);
}
