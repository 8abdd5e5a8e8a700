/**
 * Issue 12, item 7: once loaded, the lab keeps working with the network gone — the service worker
 * (Workbox, built by vite-plugin-pwa) has precached every file of the build, the simulation
 * worker and every lazy chunk included — and it is installable (a web manifest with icons).
 */
import { readdir } from 'node:fs/promises';
import { expect, playToEnd, test } from './fixtures';

const SCENARIO = 'system=is707&fer=0.2&duration=20';
// The other specs block the service worker (playwright.config.ts); this one is about it.
// The tests go offline (setOffline), which a reused context would keep after a failure.
test.use({ serviceWorkers: 'allow', sharedPage: false });

/** Wait until a service worker controls the page (the first load registers it, clientsClaim takes over). */
async function controlled(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline after the first load: a reload opens the lab and a run plays to its end', async ({
  page,
  context,
}) => {
  // Every request of the context — the service worker's precaching included — stays on this origin.
  const seen: string[] = [];
  context.on('request', (r) => seen.push(r.url()));
  await page.goto(`/?${SCENARIO}`);
  await controlled(page);
  // Every file of the build is in the precache: the page, the manifest, the icons, the
  // simulation worker and every chunk under assets/ (lazy ones included).
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const r of await cache.keys()) urls.push(new URL(r.url).pathname);
    }
    return urls;
  });
  const assets = (await readdir('dist/assets')).map((f) => `/assets/${f}`);
  expect(assets.some((a) => /sim\.worker.*\.js$/.test(a))).toBe(true);
  for (const f of [
    ...assets,
    '/index.html',
    '/manifest.webmanifest',
    '/icon-192.png',
    '/icon-512.png',
    '/registerSW.js',
  ])
    expect(cached, f).toContain(f);

  await context.setOffline(true);
  const reloaded = await page.reload();
  // The page came from the service worker's cache, not the (unreachable) server.
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await playToEnd(page);
  const summary = JSON.parse((await page.getByTestId('summary').getAttribute('data-json')) as string) as {
    simTime: number;
  };
  expect(summary.simTime).toBeCloseTo(20, 0);
  // Another scenario, never opened online: the cached page answers the navigation too.
  await page.goto('/?system=gsm&duration=10');
  await playToEnd(page);
  await context.setOffline(false);
  const base = new URL(page.url()).origin;
  expect(seen.length).toBeGreaterThan(10);
  expect(
    seen.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== base),
  ).toEqual([]);
});

test('installable: the page links a web manifest with a name, a start URL and 192 and 512 px icons', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href as string, page.url()).href);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Wireless TCP Lab');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === undefined);
    expect(icon, size).toBeDefined();
    const png = await request.get(new URL(icon!.src, page.url()).href);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
});
