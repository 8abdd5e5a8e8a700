/**
 * Issue 23, "Done when": each shipped activity is completed end to end — one question answered
 * wrong, then right, every other one right, one hint opened (its cost taken off), the score read on
 * the results page and the results exported as JSON and CSV.
 */
import type { Page } from '@playwright/test';
import { WALKS } from '../tests/ui/exercises/activity-solutions';
import { finishAndExport, shippedActivity, walkActivity, type Solutions } from './activity-driver';
import { expect, setParam, simTime, test } from './fixtures';

/**
 * Releases written as timed changes of `bearer<n>` (DECT): what the buttons under the map do. Play
 * a few simulated seconds at 10×, pause, and release each bearer named, by its button.
 */
async function releaseByHand(page: Page, events: string): Promise<void> {
  const bearers = [...new Set([...events.matchAll(/@bearer(\d+)=0/g)].map((m) => m[1]))];
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(3);
  await page.getByTestId('pause').click();
  for (const n of bearers) await page.getByTestId(`link-${n}`).click();
}

const CASES = WALKS.map((w) => ({
  ...w,
  // What the student does for each question about their own run: the keys typed in the parameter
  // panel, or bearers released by hand.
  solutions: Object.fromEntries(
    Object.entries(w.solutions).map(([check, keys]) => [
      check,
      async (page: Page) => {
        for (const [key, value] of Object.entries(keys)) {
          if (key === 'events') await releaseByHand(page, value);
          else await setParam(page, key, value);
        }
      },
    ]),
  ) as Solutions,
}));

for (const c of CASES) {
  test(`${c.id}: completed end to end, scored and exported`, async ({ page }) => {
    const a = shippedActivity(c.system, c.id);
    await page.goto(`/#exercise=${c.id}`);
    await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', c.id);
    const walked = await walkActivity(page, a, c.solutions, c.hint);
    const { json, csv } = await finishAndExport(page, a, walked);
    expect(json.student).toBe('Ada Student');
    expect(json.score).toEqual({
      points: walked.expected,
      max: walked.max,
      percent: Math.round((100 * walked.expected) / walked.max),
    });
    const checks = (json.steps as { checks: { tries: number; correct: boolean; hint: boolean }[] }[]).flatMap(
      (s) => s.checks,
    );
    expect(checks.every((x) => x.correct)).toBe(true);
    const [step, check] = walked.wrongFirst.split('.').map(Number);
    const wrong = (json.steps as { checks: { tries: number }[] }[])[step - 1].checks[check - 1];
    expect(wrong.tries).toBe(2);
    // One row per question and a total row, under the header.
    const rows = csv.trim().split('\r\n');
    expect(rows).toHaveLength(1 + checks.length + 1);
    expect(rows[0]).toBe(
      'student,activity,step,step title,question,answer,correct,tries,hint shown,figures shown,points,of,seconds on step',
    );
    expect(rows.at(-1)).toContain(`,total,`);
    expect(rows.at(-1)).toContain(`,${walked.expected},${walked.max},`);
  });
}
