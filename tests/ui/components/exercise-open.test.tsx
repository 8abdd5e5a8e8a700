// @vitest-environment jsdom
/**
 * An open exercise hides the figures that answer it until the student answers right (issue 12
 * item 4) — and from then on they stay shown: touching the answer box again must not hide them.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { exerciseActivity } from '../../../src/state/activity-schema';
import type { Exercise } from '../../../src/state/exercise-schema';
import { ExercisePanel } from '../../../src/ui/components/ExercisePanel';
import { hiddenFigures } from '../../../src/ui/exercises/hidden';
import type { Harness } from '../../state/harness';
import { renderInLab, typeInto } from '../render-lab';

/** Checked against the fake system's bearer rate (tests/worker/fake-system.ts: 7600 bit/s). */
const EXERCISE: Exercise = {
  id: 'fake-capacity',
  system: 'is707',
  title: 'The bearer',
  task: 'Run it.',
  scenario: 'system=is707&duration=1',
  question: 'How fast is the bearer?',
  answer: { kind: 'number', unit: 'bit/s', truth: { kind: 'summary', path: 'capacityBps' } },
};

let h: Harness | null = null;
function render(): HTMLDivElement {
  const r = renderInLab(<ExercisePanel />, (lab) => {
    lab.store.getState().setView({ exercise: EXERCISE.id, authored: exerciseActivity(EXERCISE) });
    lab.store.setState({ done: true, system: 'is707' } as never);
  });
  h = r.h;
  return r.host;
}

async function check(host: HTMLElement): Promise<HTMLElement> {
  const form = host.querySelector('form.exercise-answer')!;
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  for (let i = 0; i < 200; i++) {
    const r = host.querySelector<HTMLElement>('[data-testid="exercise-result"]');
    if (r) return r;
    await act(() => h!.frames(1));
  }
  throw new Error('no verdict');
}

describe('an open exercise', () => {
  it('hides its figure until answered right, and keeps it shown when the answer box is touched again', async () => {
    const host = render();
    expect(hiddenFigures.getState().paths).toEqual(['capacityBps']);
    const input = host.querySelector<HTMLInputElement>('[data-testid="exercise-answer"]')!;
    typeInto(input, '9600');
    expect((await check(host)).dataset.correct).toBe('false');
    expect(hiddenFigures.getState().paths).toEqual(['capacityBps']);
    typeInto(input, '7600 bit/s');
    expect((await check(host)).dataset.correct).toBe('true');
    expect(hiddenFigures.getState().paths).toEqual([]);
    // The student edits the box (to try another number, or by a slip): the verdict goes, the figure stays.
    typeInto(input, '7600 bit/s ');
    expect(host.querySelector('[data-testid="exercise-result"]')).toBeNull();
    expect(hiddenFigures.getState().paths).toEqual([]);
    expect(host.querySelector('[data-testid="exercise-reveal"]')).toBeNull();
  });
});
