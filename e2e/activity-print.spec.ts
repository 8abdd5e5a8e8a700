/**
 * Issue 23 item 4, "Done when": the handout and the answer key of every shipped activity print to
 * PDF through Chromium (page.pdf prints with the print style sheet, as "Save as PDF" does), and the
 * text of the PDF (pdftotext, poppler-utils: scripts/test.sh installs it) is what each sheet
 * promises — the handout every question and no answer, the key every answer as the simulation
 * computes it headless in Node (the engine is deterministic; tests/ui/exercises/headless.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { stepExercises } from '../src/ui/exercises/activity';
import { keyAnswer } from '../src/ui/exercises/answer-key';
import { headlessTruth } from '../tests/ui/exercises/headless';
import { WALKS } from '../tests/ui/exercises/activity-solutions';
import { shippedActivity } from './activity-driver';
import { expect, test } from './fixtures';

const run = promisify(execFile);

/** A PDF's text, its whitespace runs as single spaces (a line break in the PDF is a space). */
async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const child = run('pdftotext', ['-enc', 'UTF-8', '-', '-'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  child.child.stdin!.end(pdf);
  const { stdout } = await child;
  // pdftotext ends each page with a form feed.
  return { text: flat(stdout), pages: stdout.split('\f').length - 1 };
}

const flat = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** Open the sheet `kind` from the activity's teacher box and print it to PDF once it is ready. */
async function printSheet(page: Page, kind: 'handout' | 'key'): Promise<{ text: string; pages: number }> {
  const teacher = page.getByTestId('activity-teacher');
  if ((await teacher.getAttribute('open')) === null) await teacher.locator('summary').click();
  await page.getByTestId(`print-${kind}`).click();
  const sheet = page.getByTestId('print-view');
  await expect(sheet).toHaveAttribute('data-kind', kind);
  // The key computes its answers in the lab's workers first.
  await expect(sheet).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByTestId('print-close').click();
  await expect(sheet).toHaveCount(0);
  return pdfText(pdf);
}

for (const w of WALKS) {
  test(`${w.id}: the handout and the key print to PDF, the key with the computed answers`, async ({
    page,
  }) => {
    const a = shippedActivity(w.system, w.id);
    await page.goto(`/#exercise=${a.id}`);
    await expect(page.getByTestId('exercise')).toHaveAttribute('data-exercise', a.id);
    const handout = await printSheet(page, 'handout');
    const key = await printSheet(page, 'key');
    for (const sheet of [handout, key]) {
      expect(sheet.pages).toBeGreaterThan(0);
      expect(sheet.text).toContain(flat(a.title));
      // Printed alone: none of the lab around it.
      expect(sheet.text).not.toContain('Activities and exercises');
    }
    expect(handout.text).toContain('Student handout');
    expect(key.text).toContain('Answer key');
    const exercises = stepExercises(a);
    for (const [i, step] of a.steps.entries()) {
      for (const [j, check] of (step.checks ?? []).entries()) {
        const q = `Question ${i + 1}.${j + 1}`;
        const answer = flat(`Answer: ${keyAnswer(check, headlessTruth(exercises[i][j]))}`);
        expect(handout.text, q).toContain(flat(check.question));
        expect(key.text, q).toContain(flat(check.question));
        expect(key.text, q).toContain(answer);
        expect(handout.text, `${q}: the handout gives no answer`).not.toContain(answer);
        if (check.explanation) expect(handout.text, q).not.toContain(flat(check.explanation));
      }
    }
  });
}
