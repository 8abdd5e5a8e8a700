import { dragPhoneToEdge, expect, query, ready, test } from './fixtures';

test('dragging the phone moves it on the map; with radio from map the FER follows; the URL records it', async ({
  page,
}) => {
  await page.goto('/?system=is707&radioFromMap=1&duration=100');
  await ready(page);
  const fer = page.locator('[data-caption="FER"]');
  const before = await fer.textContent();
  const ms = page.getByTestId('ms');
  // Drag well away from the base station (towards the map's edge).
  await dragPhoneToEdge(page, 30);
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
