import { cliSummary, expect, playToEnd, test } from './fixtures';

test('an exercise opens from its link; a wrong answer is refused, the right one accepted', async ({
  page,
}) => {
  await page.goto('/#exercise=is707-max-rto');
  const panel = page.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-max-rto');
  await expect(panel).toContainText('largest RTO');
  // The exercise's scenario was loaded.
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toContain('fer=0.3');
  expect(new URL(page.url()).hash).toContain('exercise=is707-max-rto');

  await playToEnd(page);
  await panel.getByTestId('exercise-answer').fill('3');
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toHaveAttribute('data-correct', 'false', {
    timeout: 30_000,
  });

  const truth = await cliSummary('system=is707&fer=0.3&fdt=0.01&idle=0&duration=600');
  const maxRto = (truth.tcp as { maxRto: number }).maxRto;
  await panel.getByTestId('exercise-answer').fill(`${maxRto} s`);
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toHaveAttribute('data-correct', 'true', {
    timeout: 30_000,
  });
});

test('the exercise list opens an exercise and puts it in the URL fragment', async ({ page }) => {
  await page.goto('/?system=is707&duration=10');
  await page.getByTestId('exercise-open-is707-idle-double').click();
  await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', 'is707-idle-double');
  await expect.poll(() => new URL(page.url()).hash).toContain('exercise=is707-idle-double');
  // Its scenario (fer 0.3; fdt 0.1, idle 0 and duration 1000 are defaults, so not written).
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe('?system=is707&fer=0.3');
  // It says how it is checked (a band over seeds 1 to 10); its check does not wait for the live
  // run (e2e/exercise-scenario.spec.ts).
  const panel = page.getByTestId('exercise');
  await expect(panel.getByTestId('exercise-checking')).toContainText('seeds 1 to 10');
});

test('on a phone, an exercise link names the exercise at the top and its button goes to the question', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#exercise=is707-max-rto');
  const notice = page.getByTestId('exercise-notice');
  await expect(notice).toContainText('Exercise: How far does TCP');
  await expect(notice).toBeInViewport();
  // The panel itself is far below the first screen, after the charts.
  const answer = page.getByTestId('exercise-answer');
  await expect(answer).not.toBeInViewport();
  // By keyboard: focus the button, Enter; the answer box has the keyboard and is in view.
  await page.getByTestId('exercise-notice-go').focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  // Closing the exercise removes the notice.
  await page.getByRole('button', { name: 'Close exercise' }).click();
  await expect(notice).toHaveCount(0);
});
