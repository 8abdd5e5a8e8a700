/**
 * Issue 23 item 5: "Write an activity" in the lab — steps added from the live lab state, reordered
 * and deleted, made into a link and saved as a file; a student who opens the link in a fresh
 * browser gets the activity, its steps in the teacher's order, checked against the simulation.
 */
import { readFileSync } from 'node:fs';
import { parseActivity } from '../src/state/activity-schema';
import { stepExercises } from '../src/ui/exercises/activity';
import { formatTruth } from '../src/ui/exercises/answer-key';
import { headlessTruth } from '../tests/ui/exercises/headless';
import { expect, playToEnd, ready, setParam, test } from './fixtures';
import { seriousAxeFindings } from './axe';

test('an activity written in the lab, steps reordered and deleted, opens from its link and its file', async ({
  page,
  browser,
}) => {
  await page.goto('/?system=is707&fer=0.01&duration=20');
  await ready(page);
  const editor = page.getByTestId('exercise-editor');
  await editor.locator('summary').click();
  await expect(editor.locator('summary')).toHaveText('Write an activity');
  const writer = editor.getByTestId('activity-editor');
  const add = async (title: string, questionText = '') => {
    await editor.getByTestId('exercise-edit-title').fill(title);
    await editor.getByTestId('exercise-edit-question').fill(questionText);
    await writer.getByTestId('activity-add-step').click();
  };
  // Step A: instructions only, on the clean channel.
  await add('A clean channel');
  // Step B: a question on the lab as it is now — FER 0.3 with the RTO chart.
  await setParam(page, 'fer', '0.3');
  await editor.getByTestId('exercise-edit-abs').fill('0.5');
  await writer.getByTestId('activity-edit-points').fill('2');
  await add('The RTO under fades', 'What is the largest RTO TCP armed?');
  await add('A step too many');
  const steps = writer.getByTestId('activity-draft-steps').locator('li');
  await expect(steps).toHaveCount(3);
  await writer.getByTestId('activity-step-delete-3').click();
  await writer.getByTestId('activity-step-up-2').click();
  await expect(writer.getByTestId('activity-editor-note')).toHaveText('Step 2 is now step 1.');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('The RTO under fades');
  await expect(steps.nth(0)).toContainText('fer=0.3');
  await expect(steps.nth(1)).toContainText('A clean channel');
  await writer.getByTestId('activity-edit-title').fill('Fades and the RTO');
  await writer.getByTestId('activity-make').click();
  const link = await writer.getByTestId('activity-link').inputValue();
  expect(link).toContain('exercise=is707-fades-and-the-rto');
  expect(link).toContain('&ex=');
  expect(await seriousAxeFindings(page, '[data-testid="exercise-editor"]')).toEqual([]);

  // The file: the shipped activities' format, the steps in the teacher's order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    writer.getByTestId('activity-save').click(),
  ]);
  expect(download.suggestedFilename()).toBe('is707-fades-and-the-rto.json');
  const { activity, problems } = parseActivity(JSON.parse(readFileSync(await download.path(), 'utf8')));
  expect(problems).toEqual([]);
  const a = activity!;
  expect(a.steps.map((s) => [s.title, s.scenario])).toEqual([
    ['The RTO under fades', 'system=is707&fer=0.3&duration=20'],
    ['A clean channel', 'system=is707&fer=0.01&duration=20'],
  ]);
  expect(a.steps[0].checks![0].points).toBe(2);
  const truth = headlessTruth(stepExercises(a)[0][0]).truth;

  // A student's fresh browser on the link: the activity, step 1 first, checked against the run.
  const student = await (await browser.newContext()).newPage();
  await student.goto(link);
  const panel = student.getByTestId('exercise');
  await expect(panel).toHaveAttribute('data-exercise', a.id);
  await expect(panel.locator('#activity-step-title')).toContainText('Step 1 of 2');
  await expect(panel.locator('#activity-step-title')).toContainText('The RTO under fades');
  await playToEnd(student);
  const card = panel.getByTestId('check-1.1');
  await card.getByTestId('exercise-answer').fill(formatTruth(truth + 5));
  await card.getByTestId('exercise-check').click();
  await expect(card.getByTestId('exercise-result')).toHaveAttribute('data-correct', 'false');
  await card.getByTestId('exercise-answer').fill(formatTruth(truth));
  await card.getByTestId('exercise-check').click();
  await expect(card.getByTestId('exercise-result')).toHaveAttribute('data-correct', 'true');
  await panel.getByTestId('activity-next').click();
  await expect(panel.locator('#activity-step-title')).toContainText('A clean channel');
  await expect(panel.getByTestId('activity-progress')).toHaveAttribute('value', '1');
});
