/**
 * Issue 20 items 2, 4 and 29: a check and the student's own changes. An exercise checked against a
 * figure of its scenario says at once when the student's scenario differs and offers it back; one
 * whose truth does not read the live run does not wait for it; an exercise link whose scenario has
 * a bad key names it in the banner when it opens, and its check still has an answer.
 */
import { encodeExerciseToken } from '../src/state/exercise-link';
import type { Exercise } from '../src/state/exercise-schema';
import { expect, pageSummary, playToEnd, query, ready, setParam, test } from './fixtures';
import { seriousAxeFindings } from './axe';

/** The study's Pe 0.3, f_dT 0.01 (the largest RTO reaches the stack's 64 s within 200 s). */
const SCENARIO = 'system=is707&fer=0.3&fdt=0.01&duration=200';

const MAX_RTO: Exercise = {
  id: 'is707-rto-top',
  system: 'is707',
  title: 'The top of the RTO',
  task: 'Play the run to its end.',
  scenario: SCENARIO,
  charts: ['seq'],
  question: 'What is the largest RTO TCP armed?',
  // As the editor wrote it before issue 20: the figure "of this run".
  checking:
    'How it is checked: the lab computes the summary figure tcp.maxRto of this run, and accepts answers within ± 0.5.',
  hides: ['tcp.maxRto', 'chart:rto'],
  answer: {
    kind: 'number',
    unit: 's',
    truth: { kind: 'summary', path: 'tcp.maxRto' },
    tolerance: { abs: 0.5 },
  },
};

const link = (ex: Exercise, scenario = ex.scenario) =>
  `/?${scenario}#charts=seq&exercise=${ex.id}&ex=${encodeExerciseToken(ex)}`;

test('the scenario changed under an exercise: said at once, named, and put back; then 64 is right', async ({
  page,
}) => {
  await page.goto(link(MAX_RTO));
  const panel = page.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', MAX_RTO.id);
  await ready(page);
  const changed = panel.getByTestId('exercise-changed');
  await expect(changed).toHaveCount(0);
  // Never "of this run": the figure is the exercise's scenario's.
  await expect(panel.getByTestId('exercise-checking')).not.toContainText('of this run');
  await expect(panel.getByTestId('exercise-checking')).toContainText("of the exercise's scenario");

  // The steps: FER 0.05, play to the end.
  await setParam(page, 'fer', '0.05');
  await expect(changed).toBeVisible();
  await expect(changed).toContainText('You changed the exercise’s scenario (FER 0.3 → 0.05)');
  await expect(page.getByTestId('exercise-notice')).toContainText('you changed its scenario');
  for (const theme of ['light', 'dark']) {
    await page.locator('.lab').evaluate((el, t) => el.setAttribute('data-theme', t), theme);
    expect(await seriousAxeFindings(page, '[data-testid="exercise"]')).toEqual([]);
  }
  await playToEnd(page);
  const live = ((await pageSummary(page)).tcp as { maxRto: number }).maxRto;
  expect(live).toBeLessThan(64);
  // The student's own figure is judged against the exercise's scenario, and the verdict says so.
  await panel.getByTestId('exercise-answer').fill(String(live));
  await panel.getByTestId('exercise-check').click();
  const result = panel.getByTestId('exercise-result');
  await expect(result).toHaveAttribute('data-correct', 'false', { timeout: 30_000 });
  await expect(result).toContainText(
    'Checked against the exercise’s scenario: your run differs from it — FER 0.3 → 0.05',
  );

  // Put back: the exercise's scenario, run again, and 64 is right.
  await changed.getByRole('button', { name: 'Put the exercise’s scenario back' }).click();
  await expect(changed).toHaveCount(0);
  await expect.poll(() => query(page)).toBe(SCENARIO);
  await playToEnd(page);
  await panel.getByTestId('exercise-answer').fill('64');
  await panel.getByTestId('exercise-check').click();
  await expect(result).toHaveAttribute('data-correct', 'true', { timeout: 30_000 });
  await expect(result).not.toContainText('differs');
});

test('a check over runs of its own does not wait for the live run (idle frames: 110 runs)', async ({
  page,
}) => {
  await page.goto('/#exercise=is707-idle-double');
  const panel = page.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-idle-double');
  await ready(page);
  // The student tries idle frames (the truth's own key): not a change of the question.
  await setParam(page, 'idle', '4');
  await expect(panel.getByTestId('exercise-changed')).toHaveCount(0);
  await panel.getByTestId('exercise-answer').fill('3');
  await panel.getByTestId('exercise-check').click();
  // It starts the 110 runs at once, rather than asking to run the live one to its end.
  await expect(panel.getByTestId('exercise-check')).toHaveText('Checking… (running the simulation)');
  await expect(panel.getByTestId('exercise-result')).toHaveCount(0);
});

test('an exercise link whose scenario has a bad key names it when the link opens; its check has an answer', async ({
  page,
}) => {
  const ex: Exercise = {
    ...MAX_RTO,
    id: 'is707-bad-key',
    scenario: 'system=is707&fer=0.3&fdt=0.01&duration=60&idle=lots',
    checking: undefined,
  };
  // The link as a teacher's mail carries it: without exercise=, the student presses "Open".
  await page.goto(`/?system=is707&duration=60#ex=${encodeExerciseToken(ex)}`);
  const banner = page.getByTestId('error-banner');
  const named = banner.locator('[data-key="ex"]');
  await expect(named).toContainText('field “scenario”: idle=lots: must be an integer from 0 to 1000, or inf');
  await expect(named).toContainText('left out');
  await ready(page);
  await page.getByTestId('exercise-open-linked').click();
  await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', ex.id);
  // It runs the valid rest (idle at its default), which the page shows as the exercise's scenario.
  await expect.poll(() => query(page)).toBe('system=is707&fer=0.3&fdt=0.01&duration=60');
  await playToEnd(page);
  const maxRto = ((await pageSummary(page)).tcp as { maxRto: number }).maxRto;
  const panel = page.getByTestId('exercise');
  await panel.getByTestId('exercise-answer').fill(String(maxRto));
  await panel.getByTestId('exercise-check').click();
  const result = panel.getByTestId('exercise-result');
  await expect(result).toHaveAttribute('data-correct', 'true', { timeout: 30_000 });
  await expect(result).not.toContainText('no answer');
});
