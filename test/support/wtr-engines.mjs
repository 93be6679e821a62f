// The browser engine the component tests (@web/test-runner) run in, one run each, each started
// by its own helper in test/support/engines/: Chromium, Firefox, WebKit. `RPC_UI_ENGINE` picks
// one (default chromium). NOT_YET lists the files an engine does not run yet, and why: npm test
// counts them and docs/testing.md names them; none is skipped silently. A test an engine cannot
// run is not registered there, and is counted (itIn in test/support/engine.ts).

export const ENGINES = ['chromium', 'firefox', 'webkit'];
/** Files (under test/browser/) an engine does not run yet, each with the reason. */
export const NOT_YET = {
  chromium: {},
  firefox: {
    'test/browser/components/dialog-focus-frame.test.ts':
      "in Firefox 153 over BiDi the runner may never hear the page finish once this file's frames have run the kit (its two tests pass when the file runs alone); what it tests is Chromium's own: focus taken off a frame's element when the page around takes it",
  },
  webkit: {},
};

/** The engine of this run. */
export function currentEngine() {
  const engine = process.env.RPC_UI_ENGINE ?? 'chromium';
  if (!ENGINES.includes(engine))
    throw new RangeError(`RPC_UI_ENGINE takes ${ENGINES.join(', ')}, not ${engine}`);
  return engine;
}

/** The launcher for `engine`, its helper loaded only then (npm test reads NOT_YET without them). */
export async function launcherFor(engine) {
  if (engine === 'chromium') return (await import('./engines/chromium.mjs')).chromiumLauncher();
  if (engine === 'firefox') return (await import('./engines/firefox.mjs')).firefoxLauncher();
  return (await import('./engines/webkit.mjs')).webkitLauncher();
}
