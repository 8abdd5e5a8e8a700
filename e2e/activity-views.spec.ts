/**
 * Issue 23, "Done when", beside the walks (activities.spec.ts) and the printing
 * (activity-print.spec.ts): a step's locked key cannot be changed by its control nor by a link; a
 * `#ex=` link made before activities existed still opens and checks as it did; and axe finds
 * nothing serious on any view the activities brought (a step with its locks, the results page, the
 * handout, the key, the printable results).
 */
import { decodeActivityToken } from '../src/state/exercise-link';
import { formatTruth } from '../src/ui/exercises/answer-key';
import { headlessTruth } from '../tests/ui/exercises/headless';
import { expect, param, playToEnd, query, ready, setParam, test } from './fixtures';
import { seriousAxeFindings } from './axe';

test('a locked key holds the step’s value: its control is locked with the reason, and a link cannot change it', async ({
  page,
}) => {
  // Step 2 of the IS-707 activity locks fer = 0.3 (Figure 5's channel); the link asks for 0.05.
  await page.goto('/?system=is707&fer=0.05&fdt=0.01&duration=300#exercise=is707-figures-5-8&step=2');
  await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', 'is707-figures-5-8');
  await ready(page);
  const banner = page.getByTestId('locked-out');
  await expect(banner).toContainText('fer: 0.3 (the link gave 0.05)');
  await expect(banner).toContainText("Figure 5's channel loses 30 % of the frames");
  await expect.poll(() => query(page)).toContain('fer=0.3&');
  const fer = await param(page, 'fer');
  await expect(fer).toHaveValue('0.3');
  await expect(fer).toBeDisabled();
  await expect(page.getByTestId('param-locked-fer')).toContainText(
    "Locked by this step: Figure 5's channel loses 30 % of the frames",
  );
  // A key the step does not lock still changes.
  await setParam(page, 'duration', '200');
  await expect.poll(() => query(page)).toContain('duration=200');
  expect(query(page)).toContain('fer=0.3&');
  // Step 1 locks nothing: the control is free again.
  await page.getByTestId('activity-prev').click();
  await expect(await param(page, 'fer')).toBeEnabled();
  await expect(page.getByTestId('param-locked-fer')).toHaveCount(0);
});

/**
 * A `#ex=` token made by the lab before activities existed (main at d9c1955, the exercise format's
 * own encoder), kept as it was: the is707 exercise "A link from before activities", checked against
 * `tcp.timeouts` with no tolerance, on `system=is707&fer=0.3&fdt=0.01&duration=40`.
 */
const OLD_TOKEN =
  '1VVDBasMwDP0V4UPZoA0ZGxQCZYxddtsYu40dnFghorGdWvK6UvLvk1MG60lI7-np6Z0NOdMY4m293cTRbUYKe7M2fGJB_4foQEhG1P4JCgP6FD202MeEYDuhbxJCLjzLe6W9jfYEMiCkHEAikDBgcHDDE6JrwDL0lqXUKTJTO-JtVe52GGyiqBIXC7vFwKrHtKur-1XvRGt9t3I5WaEYdg-1rnWDTcKm-TSMB-2TRPO1NoeMXEiq9hKP4G1QU-SRwZG72ENJNrAn9RDVqYIJ8GeihI-qM5DTr1RWuqkqYMx6RpV154jJNGezp1ASDNm3OtAAUpbhH8DZe5tOiky2ANdSsy7EEdVDp-mejW31XD3reKAgyn6OOchiVdOYGGK_NO8fr7A8XZn5Fw';

test('a #ex= link from before activities opens as the exercise it was and checks as before', async ({
  page,
}) => {
  const { activity, problems } = decodeActivityToken(OLD_TOKEN);
  expect(problems).toEqual([]);
  const ex = activity!.exercise!;
  expect(ex.id).toBe('is707-old-link');
  const truth = headlessTruth(ex).truth;
  expect(truth).toBeGreaterThan(0);
  await page.goto(
    `/?system=is707&fer=0.3&fdt=0.01&duration=40#charts=seq,rto&exercise=is707-old-link&ex=${OLD_TOKEN}`,
  );
  const panel = page.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-old-link');
  // An exercise keeps an exercise's look: no step list, no results page.
  await expect(panel.getByText('A link from before activities')).toBeVisible();
  await expect(panel.getByTestId('activity')).toHaveCount(0);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await playToEnd(page);
  const answer = panel.getByTestId('exercise-answer');
  const result = panel.getByTestId('exercise-result');
  await answer.fill(formatTruth(truth + 1));
  await panel.getByTestId('exercise-check').click();
  await expect(result).toHaveAttribute('data-correct', 'false', { timeout: 30_000 });
  await answer.fill(formatTruth(truth));
  await panel.getByTestId('exercise-check').click();
  await expect(result).toHaveAttribute('data-correct', 'true', { timeout: 30_000 });
});

test('axe finds nothing serious on a step with locks, the results page, the handout, the key and the printed results', async ({
  page,
}) => {
  await page.goto('/#exercise=gsm-throughput-and-resets&step=3');
  await expect(page.getByTestId('activity-locks')).toBeVisible();
  await ready(page);
  const teacher = page.getByTestId('activity-teacher');
  await teacher.locator('summary').click();
  expect(await seriousAxeFindings(page, '[data-testid="exercise"]'), 'a step').toEqual([]);
  for (const kind of ['handout', 'key'] as const) {
    await page.getByTestId(`print-${kind}`).click();
    await expect(page.getByTestId('print-view')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    expect(await seriousAxeFindings(page, '[data-testid="print-view"]'), kind).toEqual([]);
    await page.getByTestId('print-close').click();
  }
  await page.getByTestId('activity-go-6').click();
  await page.getByTestId('activity-finish').click();
  await expect(page.getByTestId('activity-score')).toBeVisible();
  expect(await seriousAxeFindings(page, '[data-testid="exercise"]'), 'the results').toEqual([]);
  await page.getByTestId('activity-print-results').click();
  await expect(page.getByTestId('print-view')).toHaveAttribute('data-kind', 'results');
  expect(await seriousAxeFindings(page, '[data-testid="print-view"]'), 'the printed results').toEqual([]);
});
