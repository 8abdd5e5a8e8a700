// Debian's Chromium and the flags that keep it offline and quiet (../shared/spec/toolchain.md):
// Playwright cannot download its own browser here, and without the background-networking flags
// Chromium keeps trying to reach the internet. Shared by playwright.config.ts, the browser bench
// (src/cli/bench-browser.ts) and the README screenshot tool.

/** Path of the browser binary (`CHROMIUM` overrides it). */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Launch flags. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
