/** The Chromium executable: `CHROME_PATH`, else Debian's `/usr/bin/chromium`. */
export declare const CHROMIUM_PATH: string;
/** The flags every launcher passes. */
export declare const CHROMIUM_ARGS: readonly string[];
