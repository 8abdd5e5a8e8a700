/**
 * Issue 25 items 1–3 in the page: three finished runs appear in the run history and two open as
 * A/B in the Compare panel; a baseline (the same scenario on a clean channel, then a pinned run)
 * draws on the sequence graph with its figures beside the live ones; the takeaway shows once a
 * run ends; corrupt stored history gives a message and the lab runs on; axe finds nothing serious.
 * Short IS-707 runs (20 s simulated) keep each test to a few seconds.
 */
import { seriousAxeFindings } from './axe';
import { overlapping } from './boxes';
import { expect, pageSummary, playToEnd, ready, setParam, test } from './fixtures';

const HISTORY_KEY = 'wireless-tcp-lab.run-history';

test('three runs appear in the history, two open as A/B, one reopens, and one click clears it', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&duration=20');
  await playToEnd(page);
  for (const fer of ['0.15', '0.2']) {
    await setParam(page, 'fer', fer);
    await expect(page).toHaveURL(new RegExp(`fer=${fer}`));
    await playToEnd(page);
  }
  const history = page.getByTestId('run-history');
  await history.locator('summary').click();
  const rows = history.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  // Newest first, each with its own scenario and figures (the live summary's goodput, as printed).
  await expect(rows.nth(0)).toContainText('fer=0.2');
  await expect(rows.nth(2)).toContainText('fer=0.3');
  const live = await pageSummary(page);
  expect(live.scenario).toContain('fer=0.2');
  await expect(rows.nth(0).locator('[data-path="tcp.timeouts"]')).toHaveText(
    String((live.tcp as { timeouts: number }).timeouts),
  );
  // The two newest as A/B: the older (fer 0.15) is A, B changes fer to 0.2.
  await rows.nth(0).getByTestId('history-tick').check();
  await rows.nth(1).getByTestId('history-tick').check();
  await history.getByTestId('history-ab').click();
  await expect(page).toHaveURL(/[#&]b\.fer=0\.2/);
  await expect(page).toHaveURL(/\?system=is707&fer=0\.15&duration=20/);
  await expect(page.getByTestId('compare-texts')).toContainText('fer=0.2', { timeout: 30_000 });
  await expect(page.getByTestId('compare-texts')).toContainText('fer=0.15');
  // Reopen the first run.
  await rows.nth(2).getByTestId('history-reopen').click();
  await expect(page).toHaveURL(/\?system=is707&fer=0\.3&duration=20/);
  await ready(page);
  // Stored in this browser only, and cleared in one click.
  expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toContain('fer=0.3');
  await history.getByTestId('history-clear').click();
  await expect(rows).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toBeNull();
});

test('a clean-channel baseline and a pinned run draw on the sequence graph, figures beside the live ones', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&duration=20');
  await ready(page);
  const seq = page.getByTestId('chart-seq');
  await expect(seq.locator('path.baseline-line')).toHaveCount(0);
  await page.getByTestId('baseline-choice').selectOption('clean');
  await expect(page.getByTestId('baseline-ready')).toContainText('fer=0');
  await playToEnd(page);
  await expect(seq.locator('path.baseline-line')).toHaveCount(1);
  expect(await seq.locator('path.baseline-line').getAttribute('d')).toMatch(/^M/);
  // The other time charts open by default draw it too.
  for (const chart of ['rto', 'cwnd', 'throughput'])
    await expect(page.getByTestId(`chart-${chart}`).locator('path.baseline-line')).toHaveCount(1);
  const figures = page.getByTestId('baseline-figures');
  await expect(figures.locator('tr[data-path="tcp.timeouts"] td').first()).toHaveText(
    String(((await pageSummary(page)).tcp as { timeouts: number }).timeouts),
  );
  // A clean channel: no timeout in the baseline.
  await expect(figures.locator('tr[data-path="tcp.timeouts"] td').nth(1)).toHaveText('0');
  // Pin this run instead: the same scenario, drawn on its own ACK line.
  await page.getByTestId('baseline-choice').selectOption('pinned');
  await expect(page.getByTestId('baseline-pinned')).toBeVisible();
  await expect(page.getByTestId('baseline-ready')).toContainText('the same scenario as this run');
  await expect(figures.locator('tr[data-path="tcp.timeouts"] td').nth(1)).toHaveText(
    await figures.locator('tr[data-path="tcp.timeouts"] td').first().innerText(),
  );
  await page.getByTestId('baseline-choice').selectOption('off');
  await expect(seq.locator('path.baseline-line')).toHaveCount(0);
});

test('the takeaway shows once the run ends, and axe finds nothing serious in the new panels', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&duration=20');
  await ready(page);
  await expect(page.getByTestId('takeaway')).toHaveCount(0);
  await page.getByTestId('baseline-choice').selectOption('clean');
  await playToEnd(page);
  const takeaway = page.getByTestId('takeaway');
  await expect(takeaway.locator('p[data-rule]').first()).toBeVisible();
  expect(await takeaway.locator('p[data-rule]').count()).toBeGreaterThanOrEqual(2);
  await page.getByTestId('run-history').locator('summary').click();
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await expect(page.getByTestId('baseline-figures')).toBeVisible();
  // The new panels only (a11y.spec.ts checks the whole page): fast, and about what this issue added.
  expect(
    await seriousAxeFindings(
      page,
      '[data-testid="run-history"]',
      '[data-testid="baseline"]',
      '[data-testid="takeaway"]',
    ),
  ).toEqual([]);
});

test('a corrupt stored history gives a clear message, the lab runs on, and clearing it starts afresh', async ({
  page,
}) => {
  await page.addInitScript((k) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(k, '{"version":1,"runs":[{"system":"is707","text":"<img src=x>"}, 42]}');
      sessionStorage.setItem('seeded', '1');
    }
  }, HISTORY_KEY);
  await page.goto('/?system=is707&fer=0.3&duration=5');
  const history = page.getByTestId('run-history');
  await history.locator('summary').click();
  await expect(history.getByTestId('history-problem')).toHaveText(
    '2 saved runs of the history could not be read and are left out.',
  );
  await playToEnd(page);
  await expect(history.getByTestId('history-row')).toHaveCount(1);
  // Another program's value under the key: said, kept, and the run not written over it.
  await page.evaluate((k) => localStorage.setItem(k, 'not json'), HISTORY_KEY);
  await page.reload();
  await history.locator('summary').click();
  await expect(history.getByTestId('history-problem')).toContainText('it is not JSON');
  await playToEnd(page);
  expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toBe('not json');
  await history.getByTestId('history-clear').click();
  await expect(history.getByTestId('history-problem')).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toBeNull();
});

/** The leaf texts of the new panels, in page px, and the panels wider than their box. */
async function newPanelBoxes(page: import('@playwright/test').Page) {
  return page
    .locator('[data-testid="run-history"], [data-testid="baseline"], [data-testid="takeaway"]')
    .evaluateAll((panels) => {
      const texts: { what: string; x0: number; y0: number; x1: number; y1: number }[] = [];
      const wide: string[] = [];
      for (const panel of panels) {
        if (panel.scrollWidth > panel.clientWidth + 1) wide.push(panel.getAttribute('data-testid') ?? '');
        const leaves = panel.querySelectorAll<HTMLElement>(
          'summary, h2, h3, p, th, td, button, select, input, label > span, code, progress',
        );
        for (const e of leaves) {
          if (e.offsetParent === null) continue;
          // A cell's or paragraph's own children are compared, not the cell with its children.
          if (e.querySelector('button, select, input, code, p')) continue;
          const scroller = e.closest('.history-scroll');
          const b = e.getBoundingClientRect();
          if (scroller) {
            // Only what shows inside the scrolling box.
            const s = scroller.getBoundingClientRect();
            if (b.right <= s.left || b.left >= s.right) continue;
          }
          texts.push({
            what: (e.textContent ?? e.tagName).trim().slice(0, 40),
            x0: b.left,
            y0: b.top,
            x1: b.right,
            y1: b.bottom,
          });
        }
      }
      return { texts, wide };
    });
}

for (const width of [390, 1280, 1920]) {
  test(`at ${width} px the history, the baseline and the takeaway neither overlap nor overflow`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?system=is707&fer=0.3&duration=20');
    await ready(page);
    await page.getByTestId('baseline-choice').selectOption('clean');
    await playToEnd(page);
    await expect(page.getByTestId('baseline-figures')).toBeVisible();
    await page.getByTestId('run-history').locator('summary').click();
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    const { texts, wide } = await newPanelBoxes(page);
    expect(texts.length).toBeGreaterThan(20);
    expect(overlapping(texts), `at ${width} px`).toEqual([]);
    expect(wide, 'panels wider than their box').toEqual([]);
    if (process.env.SHOTS) {
      for (const id of ['baseline', 'run-history', 'summary', 'chart-seq', 'chart-cwnd'])
        await page.getByTestId(id).screenshot({ path: `${process.env.SHOTS}/${id}-${width}.png` });
      await page.screenshot({ path: `${process.env.SHOTS}/page-${width}.png`, fullPage: true });
    }
  });
}
