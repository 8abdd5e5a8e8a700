/**
 * Issue 25 item 4: the packet view moves at 1× (the same datagram drawn further along between two
 * reads), a click on a resent segment opens its chain in "Why?", a click on a link frame opens its
 * datagram's, and the view's parts do not overlap at 390, 1280 and 1920 px (axe clean).
 */
import type { Page } from '@playwright/test';
import { overlapping } from './boxes';
import { expect, playToEnd, ready, seekTo, test } from './fixtures';
import { axeFindings } from './axe';

interface Mark {
  key: string;
  fate: string;
  x: number;
  y: number;
}

/** The marks the canvas last drew (data-marks) and the simulated time it drew. */
async function marks(page: Page): Promise<{ t: number; marks: Mark[] }> {
  const canvas = page.getByTestId('packet-canvas');
  const [t, json] = await Promise.all([canvas.getAttribute('data-t'), canvas.getAttribute('data-marks')]);
  return { t: Number(t), marks: JSON.parse(json ?? '[]') as Mark[] };
}

/** Seek the run (played to its end) back to `t` seconds, and wait for the packet view to draw it. */
async function seek(page: Page, t: number): Promise<void> {
  await seekTo(page, t);
  await expect.poll(async () => (await marks(page)).t).toBeCloseTo(t, 1);
}

// Segment 3 of this run is lost in a fade and resent at 6.72 s (e2e/explain.spec.ts).
const SCENARIO = '/?system=is707&fer=0.3&fdt=0.01&idle=0&duration=60';

test('a click on a resent segment or on a link frame opens its chain in “Why?”', async ({ page }) => {
  await page.goto(SCENARIO);
  await playToEnd(page);
  // The view draws only while on screen.
  await page.getByTestId('packet-view').scrollIntoViewIfNeeded();
  await seek(page, 6.8);
  // A resent copy (or the one given up for it): its chain is the retransmission's.
  const canvas = page.getByTestId('packet-canvas');
  const resent = (await marks(page)).marks.find((m) => m.fate === 'retransmitted' || m.fate === 'givenUp');
  expect(resent, 'a resent segment in view').toBeTruthy();
  await canvas.click({ position: { x: resent!.x, y: resent!.y } });
  await expect(page.getByTestId('explain-title')).toContainText(
    'Retransmission of segment 3 (bytes 1073–1608)',
  );
  await expect(page.getByTestId('packet-picked')).toContainText('Segment with bytes 1073–1608');

  // A link frame: the datagram it carried is named, and "Why?" opens on its bytes.
  await page.getByRole('button', { name: 'Close the explanation' }).click();
  await expect(page.getByTestId('explain-panel')).toHaveCount(0);
  const frame = (await marks(page)).marks.find((m) => m.key.startsWith('f'));
  expect(frame, 'a frame in view').toBeTruthy();
  await canvas.click({ position: { x: frame!.x, y: frame!.y } });
  await expect(page.getByTestId('packet-picked')).toContainText(/^(Segment with bytes|ACK for byte) \d+/);
  await expect(page.getByTestId('explain-panel')).toBeVisible();

  // By keyboard: the arrow keys move between the marks (described in words), Enter explains.
  await page.getByRole('button', { name: 'Close the explanation' }).click();
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('packet-focus')).toContainText(
    /^(Segment with bytes|ACK for byte|Frame on RLP)/,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('explain-panel')).toBeVisible();
});

test('the packet view moves at 1× and, paused, shows the instant the charts show', async ({ page }) => {
  await page.goto('/?system=phs&duration=60');
  await ready(page);
  await expect(page.getByTestId('speed')).toHaveValue('1');
  await page.getByTestId('play').click();
  // The playback bar is at the top of the page: bring the view on screen, where it draws.
  await page.getByTestId('packet-view').scrollIntoViewIfNeeded();
  // Between two reads the same segment or ACK is drawn elsewhere on the path, and time went on.
  let before = await marks(page);
  await expect
    .poll(
      async () => {
        const now = await marks(page);
        const moved = before.marks.filter(
          (m) => m.key.startsWith('d') && now.marks.some((n) => n.key === m.key && n.x !== m.x),
        ).length;
        const later = now.t > before.t;
        before = now;
        return moved > 0 && later;
      },
      { timeout: 30_000, intervals: [150] },
    )
    .toBe(true);
  // On screen at 1× it asks the store for a commit at every frame (store.test.ts holds the store to
  // it); off screen it lets go, and the store commits at most every PACED_COMMIT_MS (runtime.ts).
  const canvas = page.getByTestId('packet-canvas');
  await expect(canvas).toHaveAttribute('data-following', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(canvas).toHaveAttribute('data-following', 'false');
  await page.getByTestId('pause').click();
  await page.getByTestId('packet-view').scrollIntoViewIfNeeded();
  const stopped = await page.evaluate(
    () => (window as unknown as { __lab: { getState(): { simTime: number } } }).__lab.getState().simTime,
  );
  await expect.poll(async () => (await marks(page)).t).toBe(stopped);
  await expect(page.getByTestId('packet-summary')).toContainText(/^At \d+\.\d\d s: /);
  // Faster than 1× it waits, and says so.
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('packet-waiting')).toBeVisible();
  await expect(canvas).toHaveAttribute('data-following', 'false');
  // In slow motion it draws again, and the datagrams move on.
  await page.getByTestId('speed').selectOption('0.25');
  await expect(page.getByTestId('packet-waiting')).toBeHidden();
  await page.getByTestId('packet-view').scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-following', 'true');
  const slow = (await marks(page)).t;
  await expect.poll(async () => (await marks(page)).t).toBeGreaterThan(slow);
});

// Reduced motion as a context option: a worker's reused context never keeps it for the next test.
test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('with reduced motion the packet view changes at most once a second while playing', async ({
    page,
  }) => {
    await page.goto('/?system=phs&duration=60');
    await ready(page);
    await page.getByTestId('play').click();
    await page.getByTestId('packet-view').scrollIntoViewIfNeeded();
    const times = new Set<string>();
    const started = Date.now();
    for (let i = 0; i < 25; i++) {
      times.add((await page.getByTestId('packet-canvas').getAttribute('data-t')) ?? '');
      await page.waitForTimeout(100);
    }
    const seconds = (Date.now() - started) / 1000;
    // At most one picture a second while it played (and the one before play).
    expect(times.size).toBeGreaterThan(1);
    expect(times.size).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});

for (const width of [390, 1280, 1920]) {
  test(`at ${width} px the packet view's parts do not overlap and axe finds nothing serious`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?system=phs&duration=8');
    await playToEnd(page);
    const view = page.getByTestId('packet-view');
    await view.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('packet-summary')).toContainText(/^At 8\.00 s: /);
    const rects = await view.evaluate((el) =>
      [...el.querySelectorAll('summary, canvas, .packet-legend li, .packet-summary, .packet-note')].map(
        (e) => {
          const b = e.getBoundingClientRect();
          return { what: e.textContent || e.tagName, x0: b.left, y0: b.top, x1: b.right, y1: b.bottom };
        },
      ),
    );
    expect(rects.length).toBeGreaterThan(10);
    expect(overlapping(rects)).toEqual([]);
    const box = (await view.boundingBox())!;
    for (const r of rects) expect(r.x1, r.what).toBeLessThanOrEqual(box.x + box.width + 0.5);
    await page.screenshot({ path: test.info().outputPath(`packets-${width}.png`) });
    expect(await axeFindings(page, '[data-testid="packet-view"]')).toEqual([]);
  });
}
