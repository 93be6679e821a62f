import type { BrowserLauncher } from '@web/test-runner-core';

/** The engines the component tests run in. */
export declare const ENGINES: readonly ['chromium', 'firefox', 'webkit'];
/** An engine's name. */
export type EngineName = (typeof ENGINES)[number];
/** Per engine, the test files it does not run yet (paths from the repository root), with why. */
export declare const NOT_YET: Readonly<Record<EngineName, Readonly<Record<string, string>>>>;
/** The engine of this run (`RPC_UI_ENGINE`, default chromium). */
export declare function currentEngine(): EngineName;
/** The @web/test-runner launcher for `engine`. */
export declare function launcherFor(engine: EngineName): Promise<BrowserLauncher>;
