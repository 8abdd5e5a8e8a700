/**
 * One browser context and page per Playwright worker, kept between tests and reset by us
 * (CONTRIBUTING.md, "The suite's budget").
 *
 * Playwright's own `reuseContext` resets a context by navigating its page to about:blank, then to
 * every origin visited (to clear its storage from a script), then to about:blank again, and clears
 * the HTTP cache. Each of those navigations leaves the lab's site, so Chromium starts a renderer
 * process for it, and the next test's page compiles its scripts without a code cache. Measured on
 * this machine, a test that only loads the lab cost 1,030 ms of CPU that way against 720 ms with
 * the reset below (12 loads, two runs each, measured with a script driving Chromium directly).
 *
 * The reset instead stays on the lab's origin: it closes the test's other pages, drops its
 * listeners, routes and init scripts, opens a small same-origin page (the server's 404 text, no
 * script) so the lab unloads and the next test's `goto` is a new document even to the same URL,
 * then clears the origins' storage (cookies, local and session storage, IndexedDB, caches) and
 * puts back the viewport, reducedMotion, permissions and offline; it moves the pointer out of the
 * page (as Playwright's reset does) and releases the mouse button and modifier keys (which
 * Playwright's does not). The HTTP cache and the tab's history stay, as a returning student's would.
 *
 * A test that needs a context no other test has touched, or one of the few things this reset
 * cannot undo (Playwright's clock, an exposed binding, extra HTTP headers, a media emulation other
 * than reducedMotion set by hand), says `test.use({ sharedPage: false })`. A `test.use` of a
 * context option the shared context was not made with (serviceWorkers other than 'block',
 * colorScheme, locale) gets a context of its own without asking.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Disposable,
  type Page,
} from '@playwright/test';

/** A same-origin page without script: the server answers a path with an extension it lacks with 404 text. */
const BETWEEN_TESTS = '/e2e-between-tests.txt';

interface Shared {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Origins the last test's pages visited (their storage is cleared after it). */
  origins: Set<string>;
  /** The options it was made with that a live page cannot change (`fixed`). */
  made: string;
}

/** The context options this project's tests may set, as Playwright would pass them to a new context. */
type TestOptions = Pick<
  BrowserContextOptions,
  'viewport' | 'reducedMotion' | 'colorScheme' | 'locale' | 'acceptDownloads' | 'serviceWorkers'
> & { baseURL: string | undefined };

/** The options a live page cannot take on (a shared context made with others will not do). */
const fixed = (o: TestOptions): string =>
  JSON.stringify([o.colorScheme, o.locale, o.acceptDownloads, o.serviceWorkers, o.baseURL]);

async function openShared(browser: Browser, options: TestOptions): Promise<Shared> {
  const context = await browser.newContext({ ...options, reducedMotion: undefined });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, origins: new Set(), made: fixed(options) };
}

/** Put the shared context back as a new one would be (see the module comment). */
async function reset(
  shared: Shared,
  baseURL: string,
  disposables: Disposable[],
  dropListeners: (() => void)[],
): Promise<void> {
  const { context, page } = shared;
  for (const p of context.pages()) if (p !== page) await p.close();
  for (const drop of dropListeners.splice(0)) drop();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const d of disposables.splice(0)) await d.dispose();
  await page.goto(new URL(BETWEEN_TESTS, baseURL).href);
  // As Playwright's own reset: the pointer out of the page (nothing hovered when the next page
  // loads), and no button or modifier left held.
  await page.mouse.up();
  await page.mouse.move(-1, -1);
  for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
  await page.evaluate(() => sessionStorage.clear());
  shared.origins.add(new URL(baseURL).origin);
  for (const origin of shared.origins)
    await shared.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  shared.origins.clear();
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
}

/** The EventEmitter methods Playwright's Page and BrowserContext have (their public types omit two). */
interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): ((...args: unknown[]) => void)[];
  off(event: string | symbol, listener: (...args: unknown[]) => void): unknown;
}

/**
 * A function that removes the listeners added to `target` since this call. Not removeAllListeners:
 * Playwright's own objects listen to themselves too (a context's close() waits for its close event).
 */
function listenersSince(target: Emitter): () => void {
  const before = new Map(target.eventNames().map((e) => [e, new Set(target.listeners(e))]));
  return () => {
    for (const e of target.eventNames())
      for (const l of target.listeners(e)) if (!before.get(e)?.has(l)) target.off(e, l);
  };
}

/** `addInitScript` of the page and the context, recording what to dispose of after the test. */
function recordInitScripts(target: Page | BrowserContext, disposables: Disposable[]): () => void {
  const own = target.addInitScript;
  target.addInitScript = (async (...args: Parameters<typeof own>) => {
    const d = await own.apply(target, args);
    disposables.push(d);
    return d;
  }) as typeof own;
  return () => {
    target.addInitScript = own;
  };
}

export const test = base.extend<{ sharedPage: boolean }, { sharedHolder: { shared: Shared | null } }>({
  /** Whether the test runs on the worker's shared page (default) or a context of its own. */
  sharedPage: [true, { option: true }],
  sharedHolder: [
    // Depends on the browser so that it is torn down first (its context closes with the browser up).
    async ({ browser }, use) => {
      const holder: { shared: Shared | null } = { shared: null };
      await use(holder);
      if (browser.isConnected()) await holder.shared?.context.close();
    },
    { scope: 'worker' },
  ],
  context: async (
    {
      browser,
      sharedHolder,
      sharedPage,
      viewport,
      reducedMotion,
      colorScheme,
      locale,
      baseURL,
      acceptDownloads,
      serviceWorkers,
    },
    use,
  ) => {
    const options: TestOptions = {
      viewport,
      reducedMotion,
      colorScheme,
      locale,
      baseURL,
      acceptDownloads,
      serviceWorkers,
    };
    const own = async () => {
      const context = await browser.newContext(options);
      await use(context);
      await context.close();
    };
    // Service workers would register on the shared origin and outlive the test.
    if (!sharedPage || serviceWorkers !== 'block' || !baseURL) return own();
    // Only what the reset can set on a live page (viewport, reducedMotion) may differ from the
    // options the shared context was made with.
    if (sharedHolder.shared && sharedHolder.shared.made !== fixed(options)) return own();
    if (sharedHolder.shared?.page.isClosed()) {
      await sharedHolder.shared.context.close().catch(() => {});
      sharedHolder.shared = null;
    }
    const shared = (sharedHolder.shared ??= await openShared(browser, options));
    const { page } = shared;
    if (viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport))
      await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: reducedMotion ?? null });
    const disposables: Disposable[] = [];
    const dropListeners = [page, shared.context].map((t) => listenersSince(t as unknown as Emitter));
    const restore = [recordInitScripts(shared.context, disposables), recordInitScripts(page, disposables)];
    const visited = (frame: { url(): string; parentFrame(): unknown }) => {
      const url = frame.url();
      if (url.startsWith('http')) shared.origins.add(new URL(url).origin);
    };
    shared.context.on('page', (p) => p.on('framenavigated', visited));
    page.on('framenavigated', visited);
    await use(shared.context);
    restore.forEach((r) => r());
    try {
      await reset(shared, baseURL, disposables, dropListeners);
    } catch {
      // A page the test left unable to navigate: the next test gets a new context.
      await shared.context.close().catch(() => {});
      sharedHolder.shared = null;
    }
  },
  page: async ({ context, sharedHolder }, use) => {
    const shared = sharedHolder.shared;
    if (shared && shared.context === context) {
      await use(shared.page);
      return;
    }
    await use(await context.newPage());
  },
});
