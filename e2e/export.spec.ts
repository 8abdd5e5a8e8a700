import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, playToEnd, ready, test } from './fixtures';

test('exports the traces as CSV, the packets as pcap and a chart as SVG', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.1&duration=30');
  await playToEnd(page);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/-traces\.zip$/);
  // One CSV file per source, columns named by field (issue 20, item 19), as `--trace <dir>` writes.
  const files = unzipSync(await readFile((await csv.path()) as string));
  expect(strFromU8(files['tcp.send.csv']).split('\n')[0]).toBe('t,seq,len,rtx,conn');
  expect(strFromU8(files['ip.packet.csv']).split('\n')[0]).toBe('t,id,conn,src,dst,seq,len,ack,flags');
  expect(strFromU8(files['link.frame.csv'])).not.toContain('#');

  const [pcap] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pcap').click()]);
  expect(pcap.suggestedFilename()).toMatch(/\.pcap$/);
  const bytes = await readFile((await pcap.path()) as string);
  expect(bytes.length).toBeGreaterThan(24);
  const magic = bytes.readUInt32LE(0);
  expect([0xa1b2c3d4, 0xd4c3b2a1]).toContain(magic);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg-rto').click(),
  ]);
  const svgText = await readFile((await svg.path()) as string, 'utf8');
  expect(svgText).toMatch(/<svg[\s>]/);
});

/** The caption lines of the chart's SVG export, each with where it ends, measured in the page. */
async function exportedCaption(page: Page): Promise<{ text: string; right: number; width: number }[]> {
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg-seq').click(),
  ]);
  const xml = await readFile((await svg.path()) as string, 'utf8');
  // Measured in the browser, in the figure's own font.
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const el = document.importNode(doc.documentElement, true) as unknown as SVGSVGElement;
    document.body.appendChild(el);
    const width = Number(el.getAttribute('width'));
    const out = [...el.querySelectorAll<SVGTextElement>('text.export-caption')].map((t) => ({
      text: t.textContent ?? '',
      right: Number(t.getAttribute('x')) + t.getComputedTextLength(),
      width,
    }));
    el.remove();
    return out;
  }, xml);
}

test('an exported chart’s caption stays inside the image, and a long list of timed changes is summarised', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Six timed changes, listed in full: digits, @ and = are wider than the 0.56 em once assumed
  // (three of these to a line filled a 390 px figure's line by count, and ran past its edge).
  const six = Array.from({ length: 6 }, (_, i) => `${(100.32 + i * 1.11).toFixed(2)}@msX=${-4999 + 111 * i}`);
  await page.goto(`/?system=is707&radioFromMap=1&fdt=0.02&rtoMin=1.2&duration=200&events=${six.join(';')}`);
  await ready(page);
  const lines = await exportedCaption(page);
  expect(lines.length).toBeGreaterThan(2);
  for (const l of lines) expect(l.right, l.text).toBeLessThanOrEqual(l.width);
  expect(lines.map((l) => l.text).join('')).toContain('100.32@msX=-4999;');
  // Twelve: summarised.
  const twelve = Array.from({ length: 12 }, (_, i) => `${(1 + i * 0.37).toFixed(2)}@msX=${4900 + 8 * i}`);
  await page.goto(`/?system=is707&radioFromMap=1&duration=20&events=${twelve.join(';')}`);
  await ready(page);
  const caption = (await exportedCaption(page)).map((l) => l.text).join(' ');
  expect(caption).toContain('12 timed changes of msX from 1.0 s to 5.1 s');
  expect(caption).not.toContain('@msX=');
});
