import { readFile } from 'node:fs/promises';
import { expect, playToEnd, test } from './fixtures';

test('exports the traces as CSV, the packets as pcap and a chart as SVG', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.1&duration=30');
  await playToEnd(page);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readFile((await csv.path()) as string, 'utf8');
  // ip.packet (id, conn, src, dst, seq, len, ack, flags) is the widest source.
  expect(csvText.split('\n')[0]).toBe('source,t,f1,f2,f3,f4,f5,f6,f7,f8');
  expect(csvText).toContain('tcp.send,');

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
