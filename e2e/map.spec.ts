import { dragPhoneToEdge, expect, query, ready, simTime, test } from './fixtures';

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
  await expect.poll(() => simTime(page)).toBeGreaterThan(1);
  await page.getByTestId('ms').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => query(page)).toMatch(/events=[\d.]+@msX=/);
});

test('every system from the picker: the arrow keys and a drag move the phone and change a figure, or the page says why not', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const captions = page.getByTestId('map-captions');
  const ms = page.getByTestId('ms');
  for (const system of ['gsm', 'phs', 'dect', 'geran', 'is707']) {
    await page.getByTestId('system-select').selectOption(system);
    await expect.poll(() => query(page)).toMatch(new RegExp(`^system=${system}`));
    await ready(page);
    if ((await ms.getAttribute('tabindex')) === null) {
      // A phone that cannot move is no slider, and the page says why under the map.
      await expect(ms, system).not.toHaveAttribute('role', 'slider');
      await expect(page.getByTestId('phone-fixed'), system).toContainText('stays where it is');
      continue;
    }
    const start = await captions.innerText();
    await dragPhoneToEdge(page, -40);
    await expect.poll(() => captions.innerText(), `${system}: a drag changes a figure`).not.toBe(start);
    const dragged = await captions.innerText();
    await ms.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(() => captions.innerText(), `${system}: the arrow keys change a figure`)
      .not.toBe(dragged);
  }
  // Another system picked straight after the arrow keys: the last position, which waits up to
  // 250 ms (move-throttle.ts), does not move the new system's phone (it once put DECT's in RFP 3).
  await ms.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.getByTestId('system-select').selectOption('gsm');
  await expect.poll(() => query(page)).toMatch(/^system=gsm/);
  await ready(page);
  await page.waitForTimeout(400);
  expect(query(page)).not.toMatch(/msX|msY/);
});
