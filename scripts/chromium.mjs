// Debian's Chromium and the flags that keep it offline and quiet (../shared/spec/toolchain.md):
// Playwright cannot download its own browser here, and without the background-networking flags
// Chromium keeps trying to reach the internet. Shared by playwright.config.ts, the browser bench
// (src/cli/bench-browser.ts) and the screenshot tools in e2e/tools/.
import { existsSync } from 'node:fs';

/**
 * Path of the browser binary (`CHROMIUM` overrides it): the full Chromium, as people run the lab —
 * the browser bench and the screenshot tools use it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the Playwright suite (`CHROMIUM` overrides it): Debian's `chromium-headless-shell`,
 * the same Chromium release built without the browser's own UI layer — what Playwright itself runs
 * its headless tests in. The same 167 tests took 303 CPU-seconds in it against 365 in the full
 * browser, 157 s against 192 s (CONTRIBUTING.md, "The suite's budget"). `npm test` installs it with
 * apt; where it is missing the suite runs in the full Chromium, with the same tests.
 */
export const CHROMIUM_TEST_PATH =
  process.env.CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

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
