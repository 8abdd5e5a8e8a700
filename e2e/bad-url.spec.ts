import { expect, pageSummary, playToEnd, test } from './fixtures';

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

test('an engine failure offers "restart engine" and the page recovers', async ({ page }) => {
  await page.goto('/?system=is707&duration=10');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'ready');
  await page.evaluate(() => {
    const lab = (window as unknown as { __lab: { setState(s: object): void } }).__lab;
    lab.setState({ engineError: 'simulated failure for the test', status: 'failed' });
  });
  await expect(page.getByTestId('error-banner')).toContainText('simulated failure');
  await page.getByTestId('restart-engine').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'ready');
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
