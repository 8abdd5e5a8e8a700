#!/usr/bin/env node
// The README's "For teachers" picture (docs/teacher.png): an exercise written in the lab, its
// link made, beside the RTO chart with a note pinned where the RTO doubles again.
//   npm run build && PORT=4199 node scripts/serve.mjs &
//   node e2e/tools/teacher-screenshot.mjs [http://127.0.0.1:4199] [docs/teacher.png]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4199';
const out = process.argv[3] ?? 'docs/teacher.png';

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, colorScheme: 'light' });
  // A returning visitor: no tour card over the picture.
  await context.addInitScript(() => window.localStorage.setItem('wtl.tour.dismissed', '1'));
  const page = await context.newPage();
  const note = encodeURIComponent('here the RTO doubles again');
  await page.goto(
    `${base}/?system=is707&fer=0.3&fdt=0.01&duration=120#charts=seq,rto&theme=light&note=rto@14:${note}`,
  );
  await page.waitForSelector('[data-status="ready"]', { timeout: 30_000 });
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await page.waitForSelector('[data-status="done"]', { timeout: 120_000 });
  const editor = page.getByTestId('exercise-editor');
  await editor.locator('summary').click();
  await editor.getByTestId('exercise-edit-title').fill('How far does the RTO back off?');
  await editor
    .getByTestId('exercise-edit-question')
    .fill('What is the largest RTO (in seconds) TCP armed in this run?');
  await editor.getByTestId('exercise-edit-abs').fill('1');
  await editor
    .getByTestId('exercise-edit-hint')
    .fill('Each timeout doubles the RTO in force: read the top of the solid line.');
  await editor.getByTestId('exercise-hide-rto').check();
  await editor.getByTestId('exercise-make').click();
  await editor.getByTestId('exercise-preview').click();
  await page.getByText('The simulation’s answer').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const chart = await page.getByTestId('chart-rto').boundingBox();
  const ed = await editor.boundingBox();
  if (!chart || !ed) throw new Error('the RTO chart or the editor is not on the page');
  // Bounding boxes are in the viewport's coordinates; a full-page clip is in the page's.
  const scrollY = await page.evaluate(() => window.scrollY);
  const top = Math.floor(Math.min(chart.y, ed.y) + scrollY - 8);
  const bottom = Math.ceil(Math.max(chart.y + chart.height, ed.y + ed.height) + scrollY + 8);
  await page.screenshot({
    path: out,
    fullPage: true,
    clip: { x: 0, y: top, width: 1440, height: bottom - top },
  });
  process.stdout.write(`${out}: 1440×${bottom - top}\n`);
} finally {
  await browser.close();
}
