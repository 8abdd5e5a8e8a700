/**
 * Issue 23, "Done when": each shipped activity is completed end to end — one question answered
 * wrong, then right, every other one right, one hint opened (its cost taken off), the score read on
 * the results page and the results exported as JSON and CSV.
 */
import type { Page } from '@playwright/test';
import { finishAndExport, shippedActivity, walkActivity, type Solutions } from './activity-driver';
import { expect, setParam, test } from './fixtures';

interface Case {
  readonly system: string;
  readonly id: string;
  readonly solutions: Solutions;
  /** The check whose hint the student opens. */
  readonly hint: string;
}

const CASES: readonly Case[] = [
  {
    system: 'is707',
    id: 'is707-figures-5-8',
    solutions: { '5.1': (page: Page) => setParam(page, 'idle', 'inf') },
    hint: '2.1',
  },
];

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
