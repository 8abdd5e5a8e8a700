#!/usr/bin/env node
// The installable app's icons (public/icon-192.png, icon-512.png, icon-maskable-512.png), drawn
// from public/icon.svg by Chromium; run after changing the SVG and commit the PNGs.
//   node e2e/tools/icons.mjs
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const svg = await readFile(new URL('../../public/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [size, file, pad] of [
    [192, 'icon-192.png', 0],
    [512, 'icon-512.png', 0],
    // Maskable: the symbol inside the 80 % safe zone, on a full-bleed background.
    [512, 'icon-maskable-512.png', 0.1],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inset = Math.round(size * pad);
    await page.setContent(
      `<body style="margin:0;background:${pad > 0 ? '#0072B2' : 'transparent'}"><div style="padding:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({ path: `public/${file}`, omitBackground: pad === 0 });
    await page.close();
    process.stdout.write(`public/${file}: ${size}×${size}\n`);
  }
} finally {
  await browser.close();
}
