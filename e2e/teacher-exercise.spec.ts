/**
 * Issue 12, item 4: a teacher writes an exercise in the lab and shares it as a link; a student
 * who opens the link in a fresh browser gets it with its answer hidden, and wrong and right
 * answers are told apart. A broken exercise link names `ex` in the banner and keeps the rest.
 */
import type { Browser, Page } from '@playwright/test';
import { encodeExerciseToken } from '../src/state/exercise-link';
import type { Exercise } from '../src/state/exercise-schema';
import { cliSummary, expect, pageSummary, playToEnd, query, ready, test } from './fixtures';
import { seriousAxeFindings } from './axe';

/** Canonical (idle=0 is the default, so a link does not write it). */
const SCENARIO = 'system=is707&fer=0.3&fdt=0.01&duration=120';

/** Fill the editor's common fields; the caller sets the quantity, then makes the link. */
async function writeExercise(page: Page, title: string, question: string): Promise<void> {
  await page.goto(`/?${SCENARIO}`);
  await ready(page);
  const editor = page.getByTestId('exercise-editor');
  await editor.locator('summary').click();
  await editor.getByTestId('exercise-edit-title').fill(title);
  await editor.getByTestId('exercise-edit-question').fill(question);
}

async function makeLink(page: Page): Promise<string> {
  const editor = page.getByTestId('exercise-editor');
  await editor.getByTestId('exercise-make').click();
  const link = await editor.getByTestId('exercise-link').inputValue();
  expect(link).toContain('#');
  return link;
}

/** A student's fresh browser (no storage, no history) on `link`. */
async function freshPage(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

async function answer(page: Page, text: string, correct: boolean): Promise<void> {
  const panel = page.getByTestId('exercise');
  await panel.getByTestId('exercise-answer').fill(text);
  await panel.getByTestId('exercise-check').click();
  await expect(panel.getByTestId('exercise-result')).toHaveAttribute('data-correct', String(correct), {
    timeout: 60_000,
  });
}

test('an exercise written in the lab opens from its link with its answer hidden, and checks answers', async ({
  page,
  browser,
}) => {
  await writeExercise(page, 'Top of the RTO', 'What is the largest RTO TCP armed?');
  await page.getByTestId('exercise-edit-abs').fill('0.5');
  const link = await makeLink(page);
  expect(link.length).toBeLessThan(800);
  // The open editor, with its link, has no serious or critical accessibility issue (light and dark).
  for (const theme of ['light', 'dark']) {
    await page.locator('.lab').evaluate((el, t) => el.setAttribute('data-theme', t), theme);
    expect(await seriousAxeFindings(page, '[data-testid="exercise-editor"]'), theme).toEqual([]);
  }
  // The answer's figure is not readable in the link.
  expect(link).not.toContain('maxRto');

  const student = await freshPage(browser, link);
  const panel = student.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-top-of-the-rto');
  await expect(panel).toContainText('What is the largest RTO TCP armed?');
  await expect(panel.getByTestId('exercise-checking')).toContainText('tcp.maxRto');
  expect(decodeURIComponent(new URL(student.url()).search.slice(1))).toBe(SCENARIO);
  await playToEnd(student);
  // Hidden while unanswered: the summary shows no max RTO, only the note.
  const summary = student.getByTestId('summary');
  await expect(summary).toContainText('hidden while the exercise is open');

  const maxRto = ((await cliSummary(SCENARIO)).tcp as { maxRto: number }).maxRto;
  expect(maxRto).toBeGreaterThan(2);
  await answer(student, `${maxRto + 2}`, false);
  await expect(summary).toContainText('hidden while the exercise is open');
  await answer(student, `${maxRto} s`, true);
  await expect(summary).not.toContainText('hidden while the exercise is open');
  // The link the student's page now shows still carries the exercise (reload keeps it).
  expect(new URL(student.url()).hash).toContain('ex=1');
  await student.context().close();
});

test('an exercise checked against a measure over a trace hides the chart and the summary figure that answer it', async ({
  page,
  browser,
}) => {
  await writeExercise(page, 'Count the timeouts', 'How many times did TCP time out?');
  const editor = page.getByTestId('exercise-editor');
  await editor.getByTestId('exercise-edit-quantity').selectOption('measure');
  await editor.getByTestId('exercise-edit-source').selectOption('tcp.timeout');
  await editor.getByTestId('exercise-edit-measure').selectOption('count');
  await editor.getByTestId('exercise-hide-rto').check();
  // A count of tcp.timeout records is no summary figure, but the summary's tcp.timeouts equals it.
  await expect(editor.getByTestId('exercise-hide-figure')).toBeDisabled();
  await editor.getByTestId('exercise-edit-hide-more').fill('tcp.timeouts');
  const link = await makeLink(page);

  const student = await freshPage(browser, link);
  await expect(student.getByTestId('exercise')).toHaveAttribute('data-exercise', 'is707-count-the-timeouts');
  await expect(student.getByTestId('chart-hidden-rto')).toBeVisible();
  await playToEnd(student);
  const timeouts = ((await cliSummary(SCENARIO)).tcp as { timeouts: number }).timeouts;
  expect(timeouts).toBeGreaterThan(0);
  const row = student.getByTestId('summary').locator('.kv', { hasText: 'Timeouts' });
  await expect(row).toHaveAttribute('data-hidden', 'true');
  await expect(row).not.toContainText(`${timeouts} timeouts`);
  await answer(student, `${timeouts + 1}`, false);
  await answer(student, `${timeouts}`, true);
  await expect(student.getByTestId('chart-hidden-rto')).toHaveCount(0);
  await expect(row).toContainText(`${timeouts} timeouts`);
  await student.context().close();
});

test('a broken exercise link names ex in the banner and keeps the scenario and the rest of the view', async ({
  page,
}) => {
  await writeExercise(page, 'Top of the RTO', 'What is the largest RTO?');
  const link = new URL(await makeLink(page));
  // A token cut short, as a mail client might do.
  const cut = link.hash.replace(/ex=([^&]{40})[^&]*/, 'ex=$1');
  await page.goto(`/${link.search}${cut}&theme=dark`);
  const banner = page.getByTestId('error-banner');
  await expect(banner.locator('[data-key="ex"]')).toContainText('cut or changed');
  await expect(banner.locator('[data-key="exercise"]')).toContainText('is707-top-of-the-rto');
  await ready(page);
  expect(query(page)).toBe(SCENARIO);
  await expect(page.locator('.lab')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => new URL(page.url()).hash).toBe('#theme=dark');
});

test('a hidden bearer rate is hidden beside the goodput and on the goodput chart, until revealed', async ({
  page,
}) => {
  const ex: Exercise = {
    id: 'is707-bearer-rate',
    system: 'is707',
    title: 'The bearer’s rate',
    task: 'Play the run to its end.',
    scenario: SCENARIO,
    charts: ['throughput'],
    question: 'How many bit/s does the bearer carry?',
    hides: ['capacityBps'],
    answer: { kind: 'number', unit: 'bit/s', truth: { kind: 'summary', path: 'capacityBps' } },
  };
  await page.goto(`/?${SCENARIO}#charts=throughput&exercise=${ex.id}&ex=${encodeExerciseToken(ex)}`);
  await playToEnd(page);
  const summary = page.getByTestId('summary');
  const goodput = page.getByTestId('chart-throughput');
  await expect(summary).toContainText("of the bearer's (hidden while the exercise is open)");
  await expect(summary).not.toContainText('7.60');
  await expect(goodput.locator('path.goodput-line').first()).toBeVisible();
  await expect(goodput.locator('line.capacity-line')).toHaveCount(0);
  await expect(goodput.locator('svg')).not.toContainText('7.60');
  await page.getByTestId('exercise-reveal').click();
  await expect(summary).toContainText("of the bearer's 7.60 kbit/s");
  await expect(goodput.locator('svg')).toContainText('capacity 7.60 kbit/s');
});

test('the editor: figure boxes fit the longest path, conditions have a name and a unit, charts go by their titles; a "their own run" check never prints the figure it hides', async ({
  page,
  browser,
}) => {
  await writeExercise(page, 'Back off to the top', 'Make the RTO reach the stack’s maximum.');
  const editor = page.getByTestId('exercise-editor');
  await editor.getByTestId('exercise-edit-kind').selectOption('state');
  // The longest summary path of the run fits its box (it read "tcp.maxRt" in a box of 9 characters).
  const figure = editor.getByTestId('exercise-cond-path-0');
  const longest = await figure.evaluate((el) =>
    [...(el as HTMLInputElement).list!.options]
      .map((o) => o.value)
      .reduce((a, b) => (b.length > a.length ? b : a)),
  );
  expect(longest.length).toBeGreaterThan(20);
  await figure.fill(longest);
  const fits = await figure.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits, `${longest} fits its box`).toBe(true);
  // A band on the largest RTO, named and with its unit for the student.
  await figure.fill('tcp.maxRto');
  await editor.getByTestId('exercise-cond-label-0').fill('the largest RTO');
  await editor.getByTestId('exercise-cond-unit-0').fill('s');
  await editor.getByTestId('exercise-cond-value-0').fill('100');
  await editor.getByTestId('exercise-cond-add').click();
  await editor.getByTestId('exercise-cond-path-1').fill('tcp.maxRto');
  await editor.getByTestId('exercise-cond-op-1').selectOption('<=');
  await editor.getByTestId('exercise-cond-value-1').fill('200');
  // The charts are named as the page heads them, not by their ids.
  const hides = editor.locator('.editor-hides');
  await expect(hides).toContainText('the chart “Retransmission timeout (RTO)”');
  await expect(hides).toContainText('the chart “Congestion window and bytes in flight”');
  await expect(hides).not.toContainText('chart rto');
  await editor.getByTestId('exercise-hide-rto').check();
  expect(await seriousAxeFindings(page, '[data-testid="exercise-editor"]')).toEqual([]);
  const link = await makeLink(page);

  const student = await freshPage(browser, link);
  const panel = student.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', 'is707-back-off-to-the-top');
  await playToEnd(student);
  const maxRto = ((await pageSummary(student)).tcp as { maxRto: number }).maxRto;
  await panel.getByTestId('exercise-check').click();
  const result = panel.getByTestId('exercise-result');
  await expect(result).toHaveAttribute('data-correct', 'false');
  // Said on which side of the band, in the teacher's words, without the hidden figure.
  await expect(result).toHaveText('✗ Not yet: the largest RTO is below the band (100 s to 200 s).');
  await expect(result).not.toContainText(String(maxRto));
  await student.context().close();
});
