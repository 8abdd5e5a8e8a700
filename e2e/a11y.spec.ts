import { expect, playToEnd, test } from './fixtures';
import { seriousAxeFindings, seriousAxeFindingsInBothThemes } from './axe';

test('no serious or critical accessibility violations (light and dark theme, one run)', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.2&duration=30#theme=light');
  await playToEnd(page);
  expect(await seriousAxeFindingsInBothThemes(page)).toEqual([]);
});

test('readable at 1280×720: body text at least 14 px, the map and the sequence graph side by side', async ({
  page,
}) => {
  await page.goto('/?system=is707&duration=10');
  const size = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
  expect(size).toBeGreaterThanOrEqual(14);
  const map = await page.getByTestId('map').boundingBox();
  const seq = await page.getByTestId('chart-seq').boundingBox();
  expect(map && seq && map.x + map.width <= seq.x).toBeTruthy();
  expect(seq?.width ?? 0).toBeGreaterThan(600);
});

test('no serious or critical violations with an exercise hiding figures, a failure reason and the radio switch', async ({
  page,
}) => {
  const events = '5@link1=0;5@link2=0;5@link3=0;5@link4=0;5@link5=0;5@link6=0;14@link3=1';
  await page.goto(`/?system=phs&events=${encodeURIComponent(events)}#exercise=phs-release`);
  await playToEnd(page);
  await expect(page.getByTestId('failure')).toBeVisible();
  await expect(page.getByTestId('exercise-hidden-note')).toBeVisible();
  await expect(page.getByTestId('radio-mode')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
});
