/**
 * A student working through a shipped activity in the browser (issue 23 "Done when"): every step
 * in order, the first number question answered wrong and then right, the others right, each
 * "their own run" question by the change its step asks for; then the score is read and the results
 * exported as JSON and CSV. The right answers are computed headless in Node (the engine is
 * deterministic: tests/ui/exercises/shipped-activities.test.ts holds them equal to what the lab
 * computes) — the page checks them against its own runs.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { parseActivity } from '../src/state/activity-schema';
import { stepExercises, type Activity } from '../src/ui/exercises/activity';
import { formatTruth } from '../src/ui/exercises/answer-key';
import { truthIsTheLiveRun } from '../src/ui/exercises/scenario-change';
import { headlessTruth } from '../tests/ui/exercises/headless';
import { playToEnd } from './fixtures';

/** A shipped activity file, read by the one reader. */
export function shippedActivity(system: string, id: string): Activity {
  const json: unknown = JSON.parse(readFileSync(`src/ui/systems/${system}/activities/${id}.json`, 'utf8'));
  const { activity, problems } = parseActivity(json);
  expect(problems).toEqual([]);
  return activity!;
}

/** What the student does for a question about their own run (check key → action), before playing. */
export type Solutions = Readonly<Record<string, (page: Page) => Promise<void>>>;

/** Play the live run to its end unless it is there already. */
async function runToEnd(page: Page): Promise<void> {
  const status = await page.locator('[data-status]').getAttribute('data-status');
  if (status !== 'done') await playToEnd(page);
}

async function verdict(page: Page, key: string, correct: boolean): Promise<void> {
  const card = page.getByTestId(`check-${key}`);
  await card.getByTestId('exercise-check').click();
  await expect(card.getByTestId('exercise-result')).toHaveAttribute('data-correct', String(correct), {
    timeout: 30_000,
  });
}

export interface Walked {
  /** The points the walk should earn: every check right, less the hint it opened. */
  readonly expected: number;
  readonly max: number;
  /** The check answered wrong first. */
  readonly wrongFirst: string;
}

/**
 * Work through `a` on `page` (opened at its first step). `hint`: the check whose hint the student
 * opens (its cost comes off the score).
 */
export async function walkActivity(
  page: Page,
  a: Activity,
  solutions: Solutions,
  hint: string,
): Promise<Walked> {
  const panel = page.getByTestId('exercise');
  let wrongFirst = '';
  let max = 0;
  let cost = 0;
  for (const [i, step] of a.steps.entries()) {
    if (i > 0) await panel.getByTestId('activity-next').click();
    await expect(panel.locator('#activity-step-title')).toContainText(`Step ${i + 1} of ${a.steps.length}`);
    const exercises = stepExercises(a)[i];
    // A question read off the live run, or about it, needs the run played to its end.
    if (exercises.some((ex) => ex.answer.kind === 'state' || truthIsTheLiveRun(ex))) {
      for (const [j, ex] of exercises.entries())
        if (ex.answer.kind === 'state') await solutions[`${i + 1}.${j + 1}`]?.(page);
      await runToEnd(page);
    }
    for (const [j, ex] of exercises.entries()) {
      const key = `${i + 1}.${j + 1}`;
      const check = step.checks![j];
      max += check.points ?? 1;
      const card = page.getByTestId(`check-${key}`);
      if (key === hint) {
        await card.getByTestId('exercise-hint-button').click();
        await expect(card.getByTestId('exercise-hint')).toBeVisible();
        cost += check.hintCost ?? 0;
      }
      if (ex.answer.kind === 'state') {
        await verdict(page, key, true);
        continue;
      }
      const t = headlessTruth(ex);
      expect(Number.isFinite(t.truth), `${key} has an answer`).toBe(true);
      const answer = card.getByTestId('exercise-answer');
      if (wrongFirst === '') {
        wrongFirst = key;
        const hi = t.band ? t.band[1] : t.truth;
        await answer.fill(formatTruth(hi + 10 * Math.max(1, Math.abs(hi))));
        await verdict(page, key, false);
      }
      await answer.fill(formatTruth(t.truth));
      await verdict(page, key, true);
    }
  }
  return { expected: max - cost, max, wrongFirst };
}

/** Finish, read the score, and export the results as JSON and CSV: what they say. */
export async function finishAndExport(
  page: Page,
  a: Activity,
  walked: Walked,
): Promise<{ json: Record<string, unknown>; csv: string }> {
  const panel = page.getByTestId('exercise');
  await panel.getByTestId('activity-finish').click();
  const percent = Math.round((100 * walked.expected) / walked.max);
  await expect(panel.getByTestId('activity-score')).toContainText(
    `${walked.expected} of ${walked.max} points (${percent} %)`,
  );
  await panel.getByTestId('activity-name').fill('Ada Student');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByTestId('activity-export-json').click(),
  ]);
  expect(json.suggestedFilename()).toBe(`${a.id}-results-ada-student.json`);
  const doc = JSON.parse(readFileSync(await json.path(), 'utf8')) as Record<string, unknown>;
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByTestId('activity-export-csv').click(),
  ]);
  return { json: doc, csv: readFileSync(await csv.path(), 'utf8') };
}
