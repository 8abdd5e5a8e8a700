/**
 * Issue 12, item 6: on a first visit a short tour takes a student from Play through dragging the
 * phone to seeing the RTO back off, in under a minute; once dismissed it never starts by itself
 * again, and the help button brings it back. The other specs run as returning visitors
 * (fixtures.ts `tour`); this one opts in.
 */
import type { Page } from '@playwright/test';
import { overlapping, type Rect } from './boxes';
import { dragPhoneToEdge, expect, query, ready, test } from './fixtures';
import { seriousAxeFindings } from './axe';

test.use({ tour: true });

/** The RTO chart the third step asks to watch is in the window and not under the tour's card. */
async function expectChartClearOfCard(page: Page): Promise<void> {
  const plot = page.getByTestId('chart-rto').locator('svg').first();
  await expect(plot).toBeInViewport({ ratio: 1 });
  const chart = await plot.boundingBox();
  const card = await page.getByTestId('tour').boundingBox();
  expect(chart && card, 'chart and card laid out').toBeTruthy();
  const overlap = Math.min(chart!.y + chart!.height, card!.y + card!.height) - Math.max(chart!.y, card!.y);
  expect(
    overlap,
    `chart ${JSON.stringify(chart)} under the card ${JSON.stringify(card)}`,
  ).toBeLessThanOrEqual(0);
}

test('the tour runs from Play through the drag to the RTO backoff in under a minute, and stays dismissed', async ({
  page,
}) => {
  const started = Date.now();
  await page.goto('/');
  const tour = page.getByTestId('tour');
  await expect(tour).toHaveAttribute('data-step', 'play');
  await expect(page.getByTestId('play')).toHaveClass(/tour-target/);
  expect(await seriousAxeFindings(page, '[data-testid="tour"]')).toEqual([]);
  await ready(page);

  // Step 1: Play, as the card says.
  await page.getByTestId('play').click();
  await expect(tour).toHaveAttribute('data-step', 'drag');
  // Step 2: drag the phone far out (FER from the map: about 50 % at the map's edge).
  await dragPhoneToEdge(page);
  // Step 3: the RTO graph, until a timeout doubles the RTO in force; then the last card.
  await expect(tour).toHaveAttribute('data-step', 'rto');
  await expect(page.getByTestId('chart-rto')).toHaveClass(/tour-target/);
  await expectChartClearOfCard(page);
  await expect(tour).toHaveAttribute('data-step', 'done', { timeout: 45_000 });
  const summary = JSON.parse((await page.getByTestId('summary').getAttribute('data-json')) as string) as {
    tcp: { timeouts: number; maxRto: number };
  };
  expect(summary.tcp.timeouts).toBeGreaterThanOrEqual(1);
  // From the first page load to the backoff seen: under a minute, at the default 1× speed.
  expect(Date.now() - started).toBeLessThan(60_000);
  await page.getByTestId('tour-done').click();
  await expect(tour).toHaveCount(0);

  // Dismissed: a reload of the plain lab does not start it again.
  await page.goto('/');
  await ready(page);
  await expect(tour).toHaveCount(0);
  // The help button does, from the first step, with the keyboard on it; Escape skips it.
  await page.getByTestId('help-tour').click();
  await expect(tour).toHaveAttribute('data-step', 'play');
  await expect(tour).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);
  await page.reload();
  await ready(page);
  await expect(tour).toHaveCount(0);
});

test('Skip ends the tour for good; a shared link does not start it', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.2&duration=30');
  await ready(page);
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await page.goto('/');
  await page.getByTestId('tour-skip').click();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('tour')).toHaveCount(0);
});

test('without storage (blocked) the tour does not start by itself, and the help button still works', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/');
  await ready(page);
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await page.getByTestId('help-tour').click();
  await page.getByTestId('tour-next').click();
  await expect(page.getByTestId('tour')).toHaveAttribute('data-step', 'drag');
  await page.getByTestId('tour-skip').click();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  // The fixture's guard fails the test on any uncaught page error.
});

test('on a phone, the RTO step brings the chart into view above the card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await ready(page);
  await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-next').click();
  await expect(page.getByTestId('tour')).toHaveAttribute('data-step', 'rto');
  await expectChartClearOfCard(page);
  await page.getByTestId('tour-skip').click();
});

/** The visible part of each element under `selectors`, and the card's box (window px). */
async function cardAndTargets(
  page: Page,
  selectors: readonly string[],
): Promise<{ card: Rect; targets: Rect[] }> {
  return page.evaluate((sels) => {
    const r = (e: Element, what: string) => {
      const b = e.getBoundingClientRect();
      return {
        what,
        x0: Math.max(0, b.left),
        y0: Math.max(0, b.top),
        x1: Math.min(innerWidth, b.right),
        y1: Math.min(innerHeight, b.bottom),
      };
    };
    return {
      card: r(document.querySelector('[data-testid="tour"]')!, 'tour card'),
      targets: sels.flatMap((s) => [...document.querySelectorAll(s)].map((e) => r(e, s))),
    };
  }, selectors);
}

test('at 1280 × 720 (a projector) the card never covers what its step asks to use or read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await ready(page);
  const tour = page.getByTestId('tour');
  // Each step's must-see parts: Play and the sequence graph; the map with the controls under it;
  // the RTO graph; the map again (bring the phone back).
  const steps: [string, string[]][] = [
    ['play', ['[data-testid="play"]', '[data-testid="chart-seq"] svg']],
    ['drag', ['.map-panel']],
    ['rto', ['[data-testid="chart-rto"]']],
    ['done', ['.map-panel']],
  ];
  for (const [step, selectors] of steps) {
    await expect(tour).toHaveAttribute('data-step', step);
    if (step === 'done') {
      // The RTO step scrolled the map away: the last step, which asks to move the phone, offers it back.
      await page.getByTestId('tour-to-map').click();
      await expect(page.getByTestId('ms')).toBeInViewport({ ratio: 1 });
    }
    await expect(async () => {
      const { card, targets } = await cardAndTargets(page, selectors);
      expect(overlapping([card], targets), `step ${step}`).toEqual([]);
    }).toPass({ timeout: 3000 });
    if (step !== 'done') await page.getByTestId('tour-next').click();
  }
});

test('the tour waits for the drag to end: it never scrolls the map away under the pointer', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('play').click();
  const tour = page.getByTestId('tour');
  await expect(tour).toHaveAttribute('data-step', 'drag');
  const phone = (await page.getByTestId('ms').boundingBox())!;
  const x0 = phone.x + phone.width / 2;
  const y0 = phone.y + phone.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  // A slow drag out to the right (1.5 s): the run goes on and the phone's moves reach the engine.
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(x0 + 6 * i, y0);
    await page.waitForTimeout(150);
  }
  await expect(page.getByTestId('ms-position')).not.toContainText('x 2 km,');
  expect(await page.evaluate(() => window.scrollY), 'page scrolled during the drag').toBe(0);
  await expect(tour).toHaveAttribute('data-step', 'drag');
  await page.mouse.up();
  await expect(tour).toHaveAttribute('data-step', 'rto');
  // The phone stays where it was let go (≈ 60 px right, on the x axis), not on the map's edge.
  await expect.poll(() => /msY=(-?\d+)(?!.*msY=)/.exec(query(page))?.[1] ?? '0').toBe('0');
  await expect(page.getByTestId('ms-position')).not.toContainText('5 km');
});
