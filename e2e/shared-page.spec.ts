/**
 * The worker's shared page (e2e/shared-page.ts) comes to the next test as a new context would:
 * the first test leaves storage, a cookie, init scripts, a route, a listener, a viewport and
 * reduced motion behind; the second, on the same page, finds none of them.
 */
import type { Page } from '@playwright/test';
import { expect, ready, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let first: Page | null = null;
const heard: string[] = [];

test('a test leaves state behind on the shared page', async ({ page, context }) => {
  first = page;
  await page.goto('/');
  await ready(page);
  await page.evaluate(async () => {
    localStorage.setItem('probe', '1');
    sessionStorage.setItem('probe', '1');
    document.cookie = 'probe=1; path=/';
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('probe');
      open.onsuccess = () => {
        open.result.close();
        resolve(null);
      };
      open.onerror = () => reject(open.error);
    });
  });
  await page.addInitScript(() => ((window as unknown as { pageProbe: number }).pageProbe = 1));
  await context.addInitScript(() => ((window as unknown as { contextProbe: number }).contextProbe = 1));
  await page.route('**/probe-route.txt', (r) => r.fulfill({ body: 'routed' }));
  page.on('console', (m) => heard.push(m.text()));
  await page.keyboard.down('Shift');
  await page.setViewportSize({ width: 400, height: 500 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await ready(page);
  expect(await page.evaluate(() => (window as unknown as { pageProbe?: number }).pageProbe)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { contextProbe?: number }).contextProbe)).toBe(1);
  await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.log('before the reset'))]);
  expect(heard).toContain('before the reset');
  expect(await page.evaluate(() => fetch('/probe-route.txt').then((r) => r.text()))).toBe('routed');
});

test('the next test on it finds none of it', async ({ page }) => {
  // The same page: this test is about the reset, not about a fresh context.
  expect(page).toBe(first);
  await page.goto('/');
  await ready(page);
  const left = await page.evaluate(async () => ({
    local: localStorage.getItem('probe'),
    session: sessionStorage.getItem('probe'),
    cookie: document.cookie.includes('probe='),
    indexedDB: (await indexedDB.databases()).some((d) => d.name === 'probe'),
    pageProbe: (window as unknown as { pageProbe?: number }).pageProbe ?? null,
    contextProbe: (window as unknown as { contextProbe?: number }).contextProbe ?? null,
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    route: await fetch('/probe-route.txt').then((r) => r.status),
  }));
  // Shift is not held: a letter typed now is lower case.
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'shift-probe';
    document.body.append(input);
  });
  await page.locator('#shift-probe').focus();
  await page.keyboard.press('KeyA');
  await expect(page.locator('#shift-probe')).toHaveValue('a');
  expect(left).toEqual({
    local: null,
    session: null,
    cookie: false,
    indexedDB: false,
    pageProbe: null,
    contextProbe: null,
    reducedMotion: false,
    route: 404,
  });
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  // The first test's listener is gone: a console message this test waits for (and so has
  // surely been dispatched to every listener) does not reach it.
  const before = heard.length;
  await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.log('after the reset'))]);
  expect(heard.length).toBe(before);
});
