import { expect, pageSummary, playToEnd, statusIs, test } from './fixtures';

test('a URL with bad keys shows a banner naming each key and runs with defaults for those keys only', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=9&bogus=<b>x</b>&fdt=0.01&duration=20');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  await expect(banner.locator('[data-key="fer"]')).toContainText('fer');
  await expect(banner.locator('[data-key="bogus"]')).toContainText('bogus');
  // Rendered as text, never as HTML.
  await expect(banner.locator('b')).toHaveCount(0);
  await playToEnd(page);
  const s = await pageSummary(page);
  expect(s.scenario).toBe('system=is707&fdt=0.01&duration=20');
  expect((s.link as Record<string, unknown>).fer).toBe(0.1); // the default, for the bad key only
});

test('keys each in range but breaking a rule together are named in the banner; the run keeps the rest', async ({
  page,
}) => {
  // The CLI refuses this scenario with the same words (tests/cli/sim-run.test.ts).
  await page.goto('/?system=is707&rtoMin=600&rtoMax=0.01&fer=0.2&duration=20');
  const item = page.getByTestId('error-banner').locator('[data-key="rtoMin&rtoMax"]');
  await expect(item).toContainText(
    'rtoMin=600&rtoMax=0.01: rtoMin 600 s is above rtoMax 0.01 s: the RTO is clamped between the two',
  );
  await expect(item).toContainText('using the defaults for rtoMin and rtoMax');
  await playToEnd(page);
  const s = await pageSummary(page);
  expect(s.scenario).toBe('system=is707&fer=0.2&duration=20');
  expect((s.link as Record<string, unknown>).fer).toBe(0.2);
});

test('an engine failure offers "restart engine" and the page recovers', async ({ page }) => {
  await page.goto('/?system=is707&duration=10');
  await statusIs(page, 'ready');
  await page.evaluate(() => {
    const lab = (window as unknown as { __lab: { setState(s: object): void } }).__lab;
    lab.setState({ engineError: 'simulated failure for the test', status: 'failed' });
  });
  await expect(page.getByTestId('error-banner')).toContainText('simulated failure');
  await page.getByTestId('restart-engine').click();
  await statusIs(page, 'ready');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await playToEnd(page);
});

test('the page is served with a Content-Security-Policy without unsafe-eval, and runs under it', async ({
  page,
}) => {
  const response = await page.goto('/?system=is707&duration=5');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  await playToEnd(page); // the worker and the built bundle work under it
});

test('bad view items after # are named in the banner with what is allowed, and leave the link', async ({
  page,
}) => {
  await page.goto('/?system=is707&duration=20#preset=nope&exercise=zzz&charts=bogus&theme=dark');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  const items = banner.getByTestId('view-errors');
  await expect(items.locator('[data-key="preset"]')).toContainText('“nope” is not allowed');
  await expect(items.locator('[data-key="preset"]')).toContainText('is707-fig5');
  await expect(items.locator('[data-key="exercise"]')).toContainText('is707-max-rto');
  await expect(items.locator('[data-key="charts"]')).toContainText('seq, rto, cwnd, throughput, link');
  // The valid item stays (and is in force); the bad ones leave the link.
  await expect.poll(() => new URL(page.url()).hash).toBe('#theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await playToEnd(page);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('a hash-only change to #preset=<id> loads the preset and clears the stale banner', async ({ page }) => {
  await page.goto('/?system=is707&fer=9&duration=20');
  const banner = page.getByTestId('error-banner');
  await expect(banner.locator('[data-key="fer"]')).toBeVisible();
  await page.evaluate(() => {
    window.location.hash = 'preset=is707-fig5';
  });
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('preset-info')).toContainText('Figures 5 and 6');
  await expect(page.getByTestId('preset-info')).toHaveAttribute('data-modified', 'false');
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).search))
    .toBe('?system=is707&fer=0.3&fdt=0.01');
  expect(new URL(page.url()).hash).toContain('preset=is707-fig5');
  // The preset's charts, as the picker gives them.
  await expect(page.getByTestId('chart-cwnd')).not.toHaveAttribute('open');
  await expect(page.getByTestId('chart-link')).toHaveAttribute('open');
  // A bad item typed later is named, and leaves the link though the view did not change.
  await page.evaluate(() => {
    window.location.hash = `${window.location.hash.slice(1)}&bogus=1`;
  });
  await expect(banner.locator('[data-key="bogus"]')).toContainText('not a view key');
  await expect.poll(() => new URL(page.url()).hash).not.toContain('bogus');
  // The skip link (#main) is an anchor, not a view: nothing reported, the view kept.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.evaluate(() => {
    window.location.hash = 'main';
  });
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('preset-info')).toContainText('Figures 5 and 6');
});
