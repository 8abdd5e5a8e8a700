import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from './scripts/chromium.mjs';

/** Fixed port of the built app under test (scripts/serve.mjs sets the CSP header as in production). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4174);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One worker more than the cores, each test on its own (not whole files): every test starts from a
  // reset context and page (e2e/shared-page.ts) on the one built app, and writes only to its own
  // temporary files, so tests may run in any order and side by side (CONTRIBUTING.md, "The suite's
  // budget"). The extra worker fills the time the others spend waiting on the page's real-time
  // playback (a run at 1× or 10×, a drag): with one per core both cores were idle 7 % of the
  // browser suite, with one more 1 % (209 s → 192 and 203 s on this two-core machine). E2E_WORKERS
  // overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || availableParallelism() + 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 720 },
    acceptDownloads: true,
    // The built app registers a service worker that precaches the whole build (vite-plugin-pwa): on
    // every test's fresh context that is ≈ 40 requests and cache writes no other test looks at.
    // e2e/offline.spec.ts, the spec about it, allows it again.
    serviceWorkers: 'block',
    // One context and page per worker, kept between tests and reset by e2e/shared-page.ts on the
    // lab's own origin (storage, listeners, routes, init scripts, viewport, media, permissions,
    // offline): Playwright's reuseContext resets through about:blank and every visited origin,
    // a new renderer process each, and clears the HTTP cache (CONTRIBUTING.md, "The suite's budget").
    reuseContext: false,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_TEST_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // `npm test` (scripts/test.sh) builds the app while Vitest runs and says so with E2E_BUILT=1.
    command:
      process.env.E2E_BUILT === '1' ? 'node scripts/serve.mjs' : 'npm run build && node scripts/serve.mjs',
    env: { PORT: String(E2E_PORT) },
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
