import { expect, pageSummary, playToEnd, ready, test } from './fixtures';

type Json = Record<string, Record<string, unknown>>;

test('an open exercise hides the figures that answer it until answered; feedback is about the input', async ({
  page,
}) => {
  await page.goto('/#exercise=is707-max-rto');
  const panel = page.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-max-rto');
  await ready(page);
  const summary = page.getByTestId('summary');
  const rto = summary.locator('.kv', { hasText: 'Largest RTO' });

  // Before the run has finished, a check says so — not "6 is too small".
  await panel.getByTestId('exercise-answer').fill('6');
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toContainText('Run it to the end first');

  await playToEnd(page);
  // The answer (64 s) is not on the page, though the summary's JSON hook keeps it.
  await expect(rto).toHaveAttribute('data-hidden', 'true');
  await expect(rto).toContainText('hidden while the exercise is open');
  await expect(summary).not.toContainText('64 s');
  expect((await pageSummary(page)).tcp).toMatchObject({ maxRto: 64 });

  // Not a plain number: the format message, not "is too large".
  await panel.getByTestId('exercise-answer').fill('11/60');
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toContainText('“11/60” is not a plain number');
  await expect(panel.getByTestId('exercise-result')).not.toContainText('too large');

  await panel.getByTestId('exercise-answer').fill('64');
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toHaveAttribute('data-correct', 'true', {
    timeout: 30_000,
  });
  // Answered: the figure is shown again.
  await expect(rto).not.toHaveAttribute('data-hidden', 'true');
  await expect(rto).toContainText('64 s');
});

test('GSM transactions: the rate is hidden in the summary until the student asks to see it', async ({
  page,
}) => {
  await page.goto('/#exercise=gsm-transactions');
  await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', 'gsm-transactions');
  await playToEnd(page, 120_000);
  const summary = page.getByTestId('summary');
  const row = summary.locator('.kv', { hasText: 'Transactions' }).first();
  await expect(row).toContainText('hidden while the exercise is open');
  const tps = String(((await pageSummary(page)) as Json).app.transactionsPerSecond);
  expect(tps).toMatch(/^0\.1\d+$/);
  await expect(summary).not.toContainText(tps.slice(0, 4));
  await page.getByTestId('exercise-reveal').click();
  await expect(row).toContainText(`${tps.slice(0, 5)} per second`);
  await expect(summary).toContainText(tps.slice(0, 4));
});

test('a failed PHS transfer says on the page what failed and why', async ({ page }) => {
  const events = '5@link1=0;5@link2=0;5@link3=0;5@link4=0;5@link5=0;5@link6=0;14@link3=1';
  await page.goto(`/?system=phs&events=${encodeURIComponent(events)}`);
  await playToEnd(page);
  const failure = page.getByTestId('failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(/TCP gave up after 5 retransmissions of segment \d+/);
  await expect(failure).toContainText('no link was up for 11 s (from 5 s to 16 s)');
  expect((await pageSummary(page)).failure).toMatchObject({ why: expect.stringMatching(/^no link was up/) });
});

test('GSM binary file: the byte budget hides the stuffing (and the spare that would give it away)', async ({
  page,
}) => {
  await page.goto('/#exercise=gsm-binary-slower');
  await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', 'gsm-binary-slower');
  const budget = page.getByTestId('panel-gsm-byte-budget');
  // Before the run there is no budget, not "1200 bytes/s spare" beside "the serial line carries 960".
  await expect(budget).toContainText('No byte budget yet');
  await playToEnd(page, 120_000);
  const { link } = (await pageSummary(page)) as { link: { budget: { pppStuffing: number } } };
  const stuffing = link.budget.pppStuffing;
  expect(stuffing).toBeGreaterThan(50);
  const legend = budget.locator('.gsm-budget-legend');
  await expect(legend).toContainText('PPP byte stuffing and spare: hidden while the exercise is open');
  await expect(legend).not.toContainText(`${stuffing.toFixed(0)} bytes/s`);
  await expect(budget.locator('[data-slice="pppStuffing"]')).toHaveCount(0);
  await page.getByTestId('exercise-reveal').click();
  await expect(legend).toContainText(`PPP byte stuffing: ${stuffing.toFixed(0)} bytes/s`);
});
