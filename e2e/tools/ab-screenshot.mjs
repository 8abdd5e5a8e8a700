#!/usr/bin/env node
// The README's A/B picture (docs/compare-ab.png): IS-707 Figures 5–8 as one comparison — A without
// idle frames, B with idle = inf on the same seed — cropped from the Compare panel's top to the
// bottom of the RTO and cwnd overlays (what stays identical, both sequence graphs, RTO, cwnd).
//   npm run build && PORT=4199 node scripts/serve.mjs &
//   node e2e/tools/ab-screenshot.mjs [http://127.0.0.1:4199] [docs/compare-ab.png]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4199';
const out = process.argv[3] ?? 'docs/compare-ab.png';

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await page.goto(`${base}/?system=is707&fer=0.3&fdt=0.01&duration=600#b.idle=inf&theme=light`);
  await page.waitForSelector('[data-testid="compare-realisation"]', { timeout: 120_000 });
  await page.waitForTimeout(1000); // the charts' first frame
  const panel = page.getByTestId('compare');
  await panel.scrollIntoViewIfNeeded();
  const top = await panel.boundingBox();
  const cwnd = await page.getByTestId('chart-ab-cwnd').boundingBox();
  if (!top || !cwnd) throw new Error('the comparison is not on the page');
  // Bounding boxes are relative to the viewport; a full-page clip is in page coordinates.
  const scrollY = await page.evaluate(() => window.scrollY);
  const clip = {
    x: top.x,
    y: top.y + scrollY,
    width: top.width,
    height: Math.ceil(cwnd.y + cwnd.height + 8 - top.y),
  };
  await page.screenshot({ path: out, fullPage: true, clip });
  process.stdout.write(`${out}: ${Math.round(clip.width)}×${clip.height}\n`);
} finally {
  await browser.close();
}
