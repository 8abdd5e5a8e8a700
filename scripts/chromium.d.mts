/** Path of Debian's Chromium (`CHROMIUM` overrides it). */
export declare const CHROMIUM_PATH: string;
/** Launch flags that keep Chromium offline and quiet. */
export declare const CHROMIUM_ARGS: string[];
