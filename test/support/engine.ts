import { executeServerCommand } from '@web/test-runner-commands';

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

/** A test under forced colours, which WebKit has no mode for (nor has Safari): Chromium and Firefox. */
export function itWithForcedColors(title: string, fn: Mocha.AsyncFunc): void {
  itIn(['chromium', 'firefox'], title, fn);
}
