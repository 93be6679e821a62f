import type { BrowserLauncher } from '@web/test-runner-core';
import type { Engine, EngineOptions } from './engine-page.js';

/** Where Debian puts Firefox; `FIREFOX_PATH` overrides it. */
export declare const FIREFOX_PATH: string;
/** The component tests' launcher. */
export declare function firefoxLauncher(): BrowserLauncher;
/** Start Firefox for EnginePages. */
export declare function launchFirefox(options?: EngineOptions): Promise<Engine>;
