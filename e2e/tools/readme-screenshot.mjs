#!/usr/bin/env node
// The README's picture (docs/screenshot.png): IS-707 at Pe 0.3, f_dT 0.01 without idle frames, run
// to 800 s — the sequence graph stalls, the backed-off RTO sits at 64 s. Cropped from the top of the
// page to the bottom of the RTO chart (header, map, sequence graph, summary, RTO graph).
//   npm run build && PORT=4199 node scripts/serve.mjs &
//   node e2e/tools/readme-screenshot.mjs [http://127.0.0.1:4199] [docs/screenshot.png]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4199';
const out = process.argv[3] ?? 'docs/screenshot.png';

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await page.goto(`${base}/?system=is707&fer=0.3&fdt=0.01&duration=800#charts=seq,rto&theme=light`);
  await page.waitForSelector('[data-status="ready"]', { timeout: 30_000 });
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await page.waitForSelector('[data-status="done"]', { timeout: 120_000 });
  await page.waitForTimeout(1000); // the last commit and chart frame
  const rto = await page.getByTestId('chart-rto').boundingBox();
  if (!rto) throw new Error('the RTO chart is not on the page');
  const height = Math.ceil(rto.y + rto.height + 8);
  await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: 0, width: 1440, height } });
  process.stdout.write(`${out}: 1440×${height}\n`);
} finally {
  await browser.close();
}
