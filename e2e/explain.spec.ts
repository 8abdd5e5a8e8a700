/**
 * The cross-layer drill-down (issue 12 item 1): a retransmission clicked on the sequence graph of
 * IS-707, GSM and PHS is explained from the layers below — the frames and the channel state that
 * caused it — and the chain the page shows is the one `npm run sim -- … --explain` prints for the
 * same event. Reachable by keyboard (the events are one tab stop inside the chart; Enter explains)
 * and free of serious accessibility violations.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, playToEnd, test } from './fixtures';
import { seriousAxeFindings } from './axe';

const run = promisify(execFile);

interface Case {
  readonly name: string;
  readonly scenario: string;
  /** The retransmission to click: its time (s) and byte. */
  readonly t: number;
  readonly seq: number;
  /** The cause must name these frames, mechanisms and channel state. */
  readonly cause: RegExp;
  readonly layers: readonly string[];
}

const CASES: readonly Case[] = [
  {
    name: 'IS-707',
    scenario: 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=60',
    t: 6.72,
    seq: 1073,
    cause:
      /^Segment 3 \(bytes 1073–1608\) was lost because RLP aborted frame 78 after three NAK rounds during a 0\.54 s fade\.$/,
    layers: ['TCP', 'IP', 'RLP (forward)', 'Channel (forward)'],
  },
  {
    name: 'GSM',
    scenario: 'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001',
    t: 32.755,
    seq: 17665,
    cause:
      // The student's timed change to FER 0.95 is named, not the fade it brought (issue 20 item 24).
      /segment 24 \(bytes 17665–18432\) was lost because an RLP reset at 23\.740 s flushed it after frame 934 was erased once while fer was 0\.95 \(your timed change at 20\.000 s\)\.$/,
    layers: ['TCP', 'IP', 'RLP (downlink)', 'Channel (downlink)'],
  },
  {
    name: 'PHS',
    scenario: 'system=phs&burst=2@10:370',
    t: 10.287,
    seq: 385441,
    cause:
      /^Segment 265 \(bytes 385441–386900\) arrived at 9\.971 s, but its ACK \(datagram \d+\) arrived only at 10\.417 s, .* because PIAFS link 2 lost frames of fragment \d+ to 35 CRC errors during your forced burst burst=2@10:370/,
    layers: ['TCP', 'IP', 'PPP Multilink, ACK', 'PIAFS link 2 (up), ACK', 'Channel, link 2 (up), ACK'],
  },
];

/** Click the retransmission mark at (t, seq) — once the chart has drawn it (a frame after the run ends). */
async function clickRetransmission(page: Page, t: number, seq: number): Promise<void> {
  const marks = page.locator('path.wtl-rtx');
  const find = (): Promise<number> =>
    marks.evaluateAll(
      (els, [tt, ss]) =>
        els.findIndex(
          (m) =>
            Math.abs(Number(m.getAttribute('data-t')) - tt) < 5e-4 &&
            Number(m.getAttribute('data-seq')) === ss,
        ),
      [t, seq],
    );
  await expect.poll(find).toBeGreaterThanOrEqual(0);
  await marks.nth(await find()).click();
}

/** What the command line prints for the event the page explains (the command the page shows). */
async function cliChain(page: Page, scenario: string): Promise<string> {
  const command = (await page.getByTestId('explain-command').textContent()) ?? '';
  const arg = /--explain (\S+)$/.exec(command)?.[1];
  expect(arg, command).toBeTruthy();
  const { stdout } = await run('node', ['scripts/cli.mjs', 'sim', scenario, '--explain', arg as string], {
    maxBuffer: 1 << 24,
  });
  return stdout.trimEnd();
}

for (const c of CASES)
  test(`${c.name}: a retransmission explained from the frames and channel below, as the CLI tells it`, async ({
    page,
  }) => {
    // Zoomed to two seconds around the event (the view's `zoom` in the link), where its mark stands alone.
    await page.goto(`/?${c.scenario.replace(/;/g, '%3B')}#zoom=${c.t - 1},${c.t + 1}`);
    await playToEnd(page);
    await expect(page.getByTestId('explain-hint')).toBeVisible();
    await clickRetransmission(page, c.t, c.seq);
    const cause = page.getByTestId('explain-cause');
    await expect(cause).toHaveText(c.cause);
    const chain = page.getByTestId('explain-chain');
    for (const name of c.layers)
      await expect(chain.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(chain).toContainText(/frame/);
    await expect(chain).toContainText(/bad state \(a [\d.]+ s fade\)/);
    // The same chain, character for character, from `npm run sim -- … --explain`.
    const text = (await page.getByTestId('explain-text').textContent()) ?? '';
    expect(text).toContain(`Cause: ${(await cause.textContent())?.trim()}`);
    expect(text).toBe(await cliChain(page, c.scenario));
  });

test('keyboard: Tab reaches the events, the arrows move, Enter explains and focus moves to the explanation', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.3&fdt=0.01&idle=0&duration=60');
  await playToEnd(page);
  // The event keys are drawn a frame after the run ends (as the marks are): Tab once they are there.
  await expect(page.locator('.tcp-event-key').first()).toBeAttached();
  await page.locator('#main .wtl-chart').first().focus();
  await page.keyboard.press('Tab');
  const focused = page.locator('.tcp-event-key:focus');
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveAttribute('aria-label', /press Enter to explain$/);
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const label = (await page.locator('.tcp-event-key:focus').getAttribute('aria-label')) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('explain-title')).toBeFocused();
  await expect(page.getByTestId('explain-cause')).toHaveText(/because|arrived|not needed/);
  const titles: Record<string, RegExp> = {
    Retransmission: /^Why\? Retransmission of/,
    Timeout: /^Why\? Retransmission timeout at/,
    Duplicate: /^Why\? Duplicate ACK for byte/,
    Stall: /^Why\? Delivery stalled/,
  };
  await expect(page.getByTestId('explain-title')).toHaveText(titles[label.split(' ')[0]]);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close the explanation' }).click();
  await expect(page.getByTestId('explain-hint')).toBeVisible();
});
