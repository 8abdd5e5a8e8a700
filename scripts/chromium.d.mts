/** Path of Debian's Chromium (`CHROMIUM` overrides it). */
export declare const CHROMIUM_PATH: string;
/** Launch flags that keep Chromium offline and quiet. */
export declare const CHROMIUM_ARGS: string[];
/** The Playwright suite's browser: Debian's chromium-headless-shell when installed, else CHROMIUM_PATH. */
export declare const CHROMIUM_TEST_PATH: string;
