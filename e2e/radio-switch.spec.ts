import { expect, query, ready, test } from './fixtures';

test('first visit: IS-707 starts with radio from map on, and dragging the phone changes the FER', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  // The free-play start says so in the URL (older links without the key keep their fixed FER).
  await expect.poll(() => query(page)).toContain('radioFromMap=1');
  await expect(page.getByTestId('radio-from-map')).toBeChecked();
  const fer = page.locator('[data-caption="FER"]');
  const before = (await fer.textContent()) ?? '';
  expect(before).toMatch(/\(from map\)/);
  const ms = page.getByTestId('ms');
  const box = await ms.boundingBox();
  const map = await page.getByTestId('map').boundingBox();
  if (!box || !map) throw new Error('no phone or map on the page');
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  // Towards the map's right edge: further from the base station, a higher FER.
  const x1 = map.x + map.width - 16;
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0);
  await page.mouse.up();
  await expect.poll(() => query(page)).toMatch(/msX=\d+/);
  await expect(fer).not.toHaveText(before);
  const pct = (t: string | null): number => Number(/([\d.]+)\s?%/.exec(t ?? '')?.[1]);
  expect(pct(await fer.textContent())).toBeGreaterThan(pct(before));
});

test('one "Radio from map" switch, same label and place in IS-707 and GSM; PHS says it always follows', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&duration=20');
  await ready(page);
  const sw = page.getByTestId('radio-from-map');
  await expect(sw).not.toBeChecked();
  await expect(page.getByTestId('radio-mode')).toContainText('Radio from map');
  await sw.click();
  await expect.poll(() => query(page)).toContain('radioFromMap=1');
  await expect(sw).toBeChecked();

  await page.goto('/?system=gsm&size=20000');
  await ready(page);
  await expect(page.getByTestId('radio-mode').getByLabel('Radio from map')).not.toBeChecked();
  await page.getByTestId('radio-from-map').click();
  await expect.poll(() => query(page)).toContain('radio=map');
  await expect(page.getByTestId('radio-from-map')).toBeChecked();
  await page.getByTestId('radio-from-map').click();
  await expect.poll(() => query(page)).not.toContain('radio=map');
  await expect(page.getByTestId('radio-from-map')).not.toBeChecked();

  await page.goto('/?system=phs');
  await ready(page);
  await expect(page.getByTestId('radio-from-map')).toHaveCount(0);
  await expect(page.getByTestId('radio-mode')).toContainText('always on');
});

test('a preset that needs a fixed FER turns map radio off and says so next to the switch', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('preset-select').selectOption('is707-fig5');
  await ready(page);
  await expect(page.getByTestId('radio-from-map')).not.toBeChecked();
  await expect(page.getByTestId('radio-fixed-by-preset')).toContainText('needs the study');
});
