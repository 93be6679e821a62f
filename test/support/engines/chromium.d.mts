import type { BrowserLauncher } from '@web/test-runner-core';
import type { Browser } from 'playwright-core';

/** The executable: `CHROME_PATH`, else Debian's. */
export declare const CHROMIUM_PATH: string;
/** The flags every launch passes. */
export declare const CHROMIUM_ARGS: readonly string[];
/** Playwright's launch options for it, with `args` after the usual flags. */
export declare function chromiumLaunchOptions(options?: { readonly args?: readonly string[] }): {
  executablePath: string;
  args: string[];
};
/** Headless Chromium over Playwright, with `args` after the usual flags. */
export declare function launchChromium(options?: { readonly args?: readonly string[] }): Promise<Browser>;
/** The component tests' launcher (puppeteer over DevTools). */
export declare function chromiumLauncher(): BrowserLauncher;
