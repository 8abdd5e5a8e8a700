import { expect, ready, test } from './fixtures';

/**
 * Remedies in the lab (remedies.md; issue 26 item 5): a remedy as B of "Compare A/B" on one
 * realisation, with the identical-channel check passing; a remedy preset showing the remedy's
 * result beside the plain run; a remedy the system cannot have greyed with its reason.
 */
test('GERAN: F-RTO as B on the same talkspurts; snoop, eln and split greyed as not applicable', async ({
  page,
}) => {
  await page.goto('/?system=geran&speech=up&seed=8#b.remedy=frto');
  await ready(page);
  const real = page.getByTestId('compare-realisation');
  await expect(real).toHaveAttribute('data-identical', 'true', { timeout: 30_000 });
  expect(Number(await real.getAttribute('data-records'))).toBeGreaterThan(10);
  await expect(page.getByTestId('compare-texts')).toContainText('remedy=frto');
  const row = (path: string) => page.getByTestId('compare-summary').locator(`tr[data-path="${path}"] td`);
  // The same spurious timeout in both; only B detects it, and B resends 1 segment against A's 6.
  await expect(row('tcp.spuriousTimeouts').nth(0)).toHaveText('1');
  await expect(row('tcp.spuriousTimeouts').nth(1)).toHaveText('1');
  await expect(row('tcp.spuriousDetected').nth(1)).toHaveText('1');
  await expect(row('tcp.retransmits').nth(0)).toHaveText('6');
  await expect(row('tcp.retransmits').nth(1)).toHaveText('1');
  // The picker: GERAN has no base-station point.
  const picker = page.getByTestId('remedy-picker');
  await expect(picker.getByTestId('remedy-frto')).toHaveAttribute('data-refused', 'false');
  for (const v of ['snoop', 'eln', 'split']) {
    await expect(picker.locator(`#remedy-${v}`)).toBeDisabled();
    await expect(picker.getByTestId(`remedy-${v}`)).toContainText(
      'Not here: not applicable: no base-station point in this model',
    );
  }
});

test('the PHS burst preset opens Eifel as B beside the plain run', async ({ page }) => {
  await page.goto('/?system=phs');
  await ready(page);
  await page.getByTestId('preset-select').selectOption('phs-remedy-burst');
  await expect.poll(() => new URL(page.url()).hash).toContain('b.remedy=eifel');
  const real = page.getByTestId('compare-realisation');
  await expect(real).toHaveAttribute('data-identical', 'true', { timeout: 60_000 });
  const row = page.getByTestId('compare-summary').locator('tr[data-path="tcp.retransmits"] td');
  await expect(row.nth(0)).toHaveText('5');
  await expect(row.nth(1)).toHaveText('1');
  // The preset's table sets the study's 5 beside the plain run's own figure.
  await expect(page.getByTestId('preset-info')).toContainText('TCP segments resent (plain TCP)');
  // PHS has a base-station point: the base-station remedies can be chosen there.
  await expect(page.getByTestId('remedy-picker').getByTestId('remedy-snoop')).toHaveAttribute(
    'data-refused',
    'false',
  );
});

test('the IS-707 Snoop preset opens a Snoop agent as B on the same fades, beside the plain run', async ({
  page,
}) => {
  await page.goto('/?system=is707');
  await ready(page);
  await page.getByTestId('preset-select').selectOption('is707-remedy-snoop');
  await expect.poll(() => new URL(page.url()).hash).toContain('b.snoop=1');
  const real = page.getByTestId('compare-realisation');
  await expect(real).toHaveAttribute('data-identical', 'true', { timeout: 90_000 });
  const row = (path: string) => page.getByTestId('compare-summary').locator(`tr[data-path="${path}"] td`);
  // Seed 1: 36 timeouts plain, 21 with the agent resending locally at the access point.
  await expect(row('tcp.timeouts').nth(0)).toHaveText('36', { timeout: 90_000 });
  await expect(row('tcp.timeouts').nth(1)).toHaveText('21');
  await expect(page.getByTestId('preset-info')).toContainText('TCP timeouts (plain TCP)');
  await expect(page.getByTestId('remedy-picker').getByTestId('remedy-snoop')).toHaveAttribute(
    'data-refused',
    'false',
  );
});
