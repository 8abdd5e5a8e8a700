#!/usr/bin/env node
// The README's "For teachers" pictures of activities (issue 23): a shipped activity open at a step
// that locks keys (docs/activity.png), and the first page of its student handout and of its answer
// key as they print (docs/handout.png, docs/key.png: print media, A4 width).
//   npm run build && PORT=4199 node scripts/serve.mjs &
//   node e2e/tools/activity-screenshots.mjs [http://127.0.0.1:4199] [docs]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4199';
const dir = process.argv[3] ?? 'docs';
const ID = 'is707-figures-5-8';

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, colorScheme: 'light' });
  await context.addInitScript(() => window.localStorage.setItem('wtl.tour.dismissed', '1'));
  const page = await context.newPage();
  // Step 2 (Figure 5) locks fer, fdt and idle: the parameters show it beside the step.
  await page.goto(`${base}/#exercise=${ID}&step=2&theme=light`);
  await page.waitForSelector('[data-status="ready"]', { timeout: 30_000 });
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await page.waitForSelector('[data-status="done"]', { timeout: 120_000 });
  await page.getByTestId('check-2.1').getByTestId('exercise-answer').fill('3');
  await page.getByTestId('check-2.1').getByTestId('exercise-check').click();
  await page.getByTestId('check-2.1').getByTestId('exercise-result').waitFor({ timeout: 60_000 });
  // A machine without an emoji font draws the lock marks (🔒, aria-hidden) as empty boxes: the
  // picture leaves them out rather than show boxes a reader's browser would not.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[aria-hidden="true"]'))
      if (el.textContent?.trim() === '🔒') el.textContent = '';
  });
  await page.waitForTimeout(500);
  const panel = await page.getByTestId('exercise').boundingBox();
  const params = await page.getByTestId('param-fer').evaluate((el) => {
    el.closest('details')?.setAttribute('open', '');
    const r = el.closest('section')?.getBoundingClientRect() ?? el.getBoundingClientRect();
    return { y: r.y, height: r.height };
  });
  if (!panel) throw new Error('the activity panel is not on the page');
  const scrollY = await page.evaluate(() => window.scrollY);
  const top = Math.floor(Math.min(panel.y, params.y) + scrollY - 8);
  const bottom = Math.ceil(panel.y + Math.min(panel.height, 1100) + scrollY + 8);
  await page.screenshot({
    path: `${dir}/activity.png`,
    fullPage: true,
    clip: { x: 0, y: top, width: 1440, height: bottom - top },
  });
  process.stdout.write(`${dir}/activity.png: 1440×${bottom - top}\n`);

  // The sheets as they print: print media, about an A4 page's width and height at 96 dpi.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await page.getByTestId('activity-teacher').locator('summary').click();
  for (const kind of ['handout', 'key']) {
    await page.getByTestId(`print-${kind}`).click();
    await page.waitForSelector(`[data-testid="print-view"][data-ready="true"]`, { timeout: 60_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${kind}.png`, clip: { x: 0, y: 0, width: 794, height: 1123 } });
    process.stdout.write(`${dir}/${kind}.png: 794×1123\n`);
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('print-close').click();
    await page.emulateMedia({ media: 'print' });
  }
} finally {
  await browser.close();
}
