/**
 * Back and Forward stay in the lab (issue 20 item 27): each system, preset and loaded scenario is a
 * history entry, and going back restores it — the scenario that runs, the pickers and the address.
 * Edits within a place replace its entry (docs/lab.md "Back and Forward").
 */
import { expect, pageSummary, ready, test } from './fixtures';

test('IS-707 → GSM → a GSM preset → PHS, then Back three times and Forward three times', async ({ page }) => {
  // The IS-707 free play by its address: a bare '/' is the same place, but whether the page has
  // written that address out yet when the test reads it depended on the machine's load.
  await page.goto('/?system=is707&radioFromMap=1&msX=2000');
  await ready(page);
  const system = page.getByTestId('system-select');
  const preset = page.getByTestId('preset-select');
  await expect(system).toHaveValue('is707');
  const start = page.url();

  await system.selectOption('gsm');
  await expect(page).toHaveURL(/\?system=gsm/);
  await ready(page);
  const gsm = page.url();
  // An edit within a place replaces its entry: Back does not step through it.
  await page.getByTestId('new-seed').click();
  await expect(page).toHaveURL(/seed=/);
  await ready(page);
  const gsmEdited = page.url();

  const presetId = (await preset.locator('option').nth(1).getAttribute('value'))!;
  await preset.selectOption(presetId);
  await expect(page).toHaveURL(new RegExp(`preset=${presetId}`));
  await ready(page);
  const gsmPreset = page.url();

  await system.selectOption('phs');
  await expect(page).toHaveURL(/\?system=phs/);
  await ready(page);
  const phs = page.url();

  /** The page shows the place of `url`: the address, the system, the preset and the scenario that runs. */
  const at = async (url: string, sys: string, presetValue: string) => {
    await expect(page).toHaveURL(url);
    await expect(system).toHaveValue(sys);
    await expect(preset).toHaveValue(presetValue);
    await ready(page);
    await expect
      .poll(async () => (await pageSummary(page)).scenario)
      .toBe(decodeURIComponent(new URL(url).search.slice(1)));
  };

  await page.goBack();
  await at(gsmPreset, 'gsm', presetId);
  await page.goBack();
  await at(gsmEdited, 'gsm', '');
  expect(gsmEdited).not.toBe(gsm);
  await page.goBack();
  await at(start, 'is707', '');
  await page.goForward();
  await at(gsmEdited, 'gsm', '');
  await page.goForward();
  await at(gsmPreset, 'gsm', presetId);
  await page.goForward();
  await at(phs, 'phs', '');
});
