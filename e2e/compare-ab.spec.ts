import { expect, ready, test } from './fixtures';
import { seriousAxeFindingsInBothThemes } from './axe';

/**
 * A/B on one realisation (issue 12 item 2): a link holding B's changes opens the comparison —
 * both sequence graphs overlaid, the summaries side by side — and A's and B's channel-state
 * traces are the same record for record.
 */
test('an A/B link opens with both runs overlaid and identical channel traces', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&duration=120#b.idle=inf');
  await ready(page);
  const panel = page.getByTestId('compare');
  await expect(panel).toHaveAttribute('open', '');
  const result = page.getByTestId('compare-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  // Both runs drawn in one chart: A's and B's segments, ACKs and retransmissions.
  const seq = page.getByTestId('chart-ab-seq');
  for (const id of ['A', 'B']) {
    await expect(seq.locator(`path.seg-${id}`).first()).toHaveAttribute('data-n', /^[1-9]/);
    await expect(seq.locator(`path.ack-${id}`).first()).toHaveAttribute('d', /L/);
  }
  await expect(seq.locator('.legend, g.legend').first()).toContainText('B (keys changed)');
  // The channel traces are identical and the check compared real records.
  const real = page.getByTestId('compare-realisation');
  await expect(real).toHaveAttribute('data-identical', 'true');
  expect(Number(await real.getAttribute('data-records'))).toBeGreaterThan(100);
  await expect(real).toContainText('fading state of the forward and reverse radio links');
  // B is the same scenario with idle = inf; the summaries stand side by side.
  await expect(page.getByTestId('compare-texts')).toContainText('idle=inf');
  const goodput = page.getByTestId('compare-summary').locator('tr[data-path="normalizedGoodput"] td');
  await expect(goodput).toHaveCount(3);
  // RTO and cwnd overlaid, both link timelines.
  await expect(page.getByTestId('chart-ab-rto').locator('path.step-B').first()).toHaveAttribute('d', /L/);
  await expect(page.getByTestId('chart-ab-link-B').locator('svg').first()).toBeVisible();
  // The link still holds the comparison.
  expect(new URL(page.url()).hash).toContain('b.idle=inf');
});

test('a comparison built in the panel goes into the link; a bad B value names its key', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&duration=30#b.idle=lots&b.nakRounds=1,1');
  await ready(page);
  const banner = page.getByTestId('error-banner');
  await expect(banner.locator('li[data-key="b.idle"]')).toContainText('lots');
  // The valid change is kept and runs.
  await expect(page.getByTestId('compare-realisation')).toHaveAttribute('data-identical', 'true', {
    timeout: 30_000,
  });
  expect(new URL(page.url()).hash).toBe('#b.nakRounds=1,1');
  // Change B in the form: a TCP key too.
  await page.getByTestId('compare-add').click();
  await page.getByTestId('compare-key').nth(1).selectOption('rtoMin');
  await page.getByTestId('compare-value').nth(1).fill('2');
  await page.getByTestId('compare-run').click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#b.nakRounds=1,1&b.rtoMin=2');
  await expect(page.getByTestId('compare-texts')).toContainText('rtoMin=2');
  await expect(page.getByTestId('compare-realisation')).toHaveAttribute('data-identical', 'true');
});

test('the comparison, at 390 px and by keyboard, has no serious or critical violations (light and dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?system=gsm&radio=poor&duration=60#b.mtu=296&b.rtoMin=2&theme=light');
  await expect(page.getByTestId('compare-realisation')).toHaveAttribute('data-identical', 'true', {
    timeout: 30_000,
  });
  // Nothing runs wider than the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The form by keyboard: focus the first value, change it, submit with Enter.
  const value = page.getByTestId('compare-value').first();
  await value.focus();
  await value.fill('576');
  await value.press('Enter');
  await expect.poll(() => new URL(page.url()).hash).toContain('b.mtu=576');
  expect(await seriousAxeFindingsInBothThemes(page, '[data-testid="compare"]')).toEqual([]);
});
