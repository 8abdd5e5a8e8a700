/**
 * What a teacher and a student meet first (ui.md "A person who has never seen it…"): captions that
 * can be read, numbers with units, a slider that records one change per drag, and each system's
 * own words on the charts.
 */
import { expect, playToEnd, query, ready, simTime, test } from './fixtures';
import { seriousAxeFindings } from './axe';

test('IS-707 map captions are page text inside the panel; the radio-from-map caption says off', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&duration=20');
  await ready(page);
  const panel = await page.locator('section.map-panel').boundingBox();
  const captions = page.getByTestId('map-captions');
  await expect(captions.locator('[data-caption="FER"]')).toHaveText(/30\.0\s?%/);
  // Each caption lies inside the panel (nothing clipped, nothing drawn twice on the map).
  for (const box of await captions
    .locator('.kv')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.right).toBeLessThanOrEqual((panel?.x ?? 0) + (panel?.width ?? 0) + 0.5);
  }
  await expect(page.getByTestId('map').locator('text.caption')).toHaveCount(0);
  await expect(page.getByTestId('radio-mode')).toHaveAttribute('data-on', 'false');
  // One fixed link: its state is shown, not a dead button.
  await expect(page.getByTestId('link-1')).toHaveText(/Link 1: (good|bad)/);
  expect(await page.getByTestId('link-1').evaluate((e) => e.tagName)).toBe('SPAN');
});

test('dragging a slider during a run records one timed change, at the value let go', async ({ page }) => {
  // 3,000 s at 100×: 30 s of real time, so the run is still going when the drag is over and Pause is
  // pressed (300 s ended first, and Pause was disabled, once at load 8).
  await page.goto('/?system=is707&fer=0.1&duration=3000');
  await ready(page);
  await page.getByTestId('speed').selectOption('100');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(5);
  const slider = page.getByTestId('param-fer-slider');
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.04), y);
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
  await expect.poll(() => query(page)).toMatch(/events=[\d.]+@fer=/);
  await page.getByTestId('pause').click();
  expect(query(page).match(/@fer=/g)).toHaveLength(1);
});

test.describe('PHS', () => {
  test('no radio-from-map caption; a release mid-run: capacity labelled, rounded, with its unit', async ({
    page,
  }) => {
    await page.goto('/?system=phs&release=3@5&size=400000#charts=seq,throughput');
    await ready(page);
    await expect(page.getByTestId('map-captions').locator('[data-caption="Unit 1"]')).toContainText('dBµV');
    // No switch: PHS's radio always follows the phone, and the switch's place says so.
    await expect(page.getByTestId('radio-from-map')).toHaveCount(0);
    await expect(page.getByTestId('radio-mode')).toContainText('always on');
    await playToEnd(page);
    const legend = (
      await page.getByTestId('chart-throughput').locator('.legend text').allTextContents()
    ).join(' | ');
    expect(legend).toMatch(/capacity \(links up, run average\) \d{3}\s?kbit\/s/);
    expect(legend).not.toMatch(/\d{5,}|\.\d{4,}/);
  });

  test('a CRC-error burst is shaded on its link rows of the link-layer timeline; no serious a11y issue', async ({
    page,
  }) => {
    await page.goto('/?system=phs&burst=2@3:370&size=300000#charts=seq,link&theme=dark');
    await playToEnd(page);
    const link = page.getByTestId('chart-link');
    // Link 2 is rows 2 (received at the MS) and 3 (at the BS).
    await expect(link.locator('path.band-bad[data-row="2"]')).toHaveAttribute('data-n', /[1-9]/);
    await expect(link.locator('.legend text', { hasText: 'CRC-error period' })).toHaveCount(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

test('GSM: FER does nothing with radio = good, and the page says so and offers the fix', async ({ page }) => {
  await page.goto('/?system=gsm&size=20000');
  await ready(page);
  const note = page.getByTestId('param-note-fer');
  await expect(note).toContainText('Not used now');
  await note.getByRole('button', { name: 'Use radio = custom' }).click();
  await expect.poll(() => query(page)).toContain('radio=custom');
  await expect(page.getByTestId('param-note-fer')).toHaveCount(0);
  await expect(page.getByTestId('radio-mode')).toContainText('radio = custom');
});
