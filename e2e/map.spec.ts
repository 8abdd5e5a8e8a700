import { expect, query, ready, test } from './fixtures';

test('dragging the phone moves it on the map; with radio from map the FER follows; the URL records it', async ({
  page,
}) => {
  await page.goto('/?system=is707&radioFromMap=1&duration=100');
  await ready(page);
  const fer = page.locator('[data-caption="FER"]');
  const before = await fer.textContent();
  const ms = page.getByTestId('ms');
  const box = await ms.boundingBox();
  const map = await page.getByTestId('map').boundingBox();
  if (!box || !map) throw new Error('the phone or the map is not laid out');
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  // Drag well away from the base station (towards the map's edge).
  const x1 = map.x + map.width - 12;
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + 30 * (i / 8));
  await page.mouse.up();
  await expect.poll(() => query(page)).toMatch(/msX=\d+/);
  await expect(fer).not.toHaveText(before ?? '');

  // Arrow keys move it too.
  const q = query(page);
  await ms.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => query(page)).not.toBe(q);
});

test('a phone moved mid-run becomes timed events in the URL', async ({ page }) => {
  await page.goto('/?system=is707&radioFromMap=1&duration=100');
  await ready(page);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect
    .poll(async () => Number(await page.getByTestId('summary').getAttribute('data-sim-time')))
    .toBeGreaterThan(1);
  await page.getByTestId('ms').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => query(page)).toMatch(/events=[\d.]+@msX=/);
});
