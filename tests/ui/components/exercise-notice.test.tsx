// @vitest-environment jsdom
/**
 * An open exercise is named under the playback bar, with a button that takes the keyboard to its
 * answer box: the panel sits far down the page (after every chart on a phone).
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { exerciseActivity } from '../../../src/state/activity-schema';
import type { Exercise } from '../../../src/state/exercise-schema';
import { ExerciseNotice } from '../../../src/ui/components/ExerciseNotice';
import { ExercisePanel } from '../../../src/ui/components/ExercisePanel';
import type { Harness } from '../../state/harness';
import { renderInLab } from '../render-lab';

const EXERCISE: Exercise = {
  id: 'is707-bearer',
  system: 'is707',
  title: 'The bearer',
  task: 'Run it.',
  scenario: 'system=is707&duration=1',
  question: 'How fast is the bearer?',
  answer: { kind: 'number', unit: 'bit/s', truth: { kind: 'summary', path: 'capacityBps' } },
};

// jsdom lays nothing out (and may lack scrollIntoView): a test records the scroll, then this comes back.
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

let h: Harness | null = null;
function render(open: boolean): HTMLDivElement {
  const r = renderInLab(
    <>
      <ExerciseNotice />
      <ExercisePanel />
    </>,
    (lab) => {
      if (open) lab.store.getState().setView({ exercise: EXERCISE.id, authored: exerciseActivity(EXERCISE) });
    },
  );
  h = r.h;
  return r.host;
}

describe('the open exercise’s notice', () => {
  it('names the exercise, and its button scrolls to the panel and focuses the answer box', () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const host = render(true);
    const notice = host.querySelector('[data-testid="exercise-notice"]')!;
    expect(notice.textContent).toContain('Exercise: The bearer');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="exercise-notice-go"]')!.click());
    expect(scrolled).toEqual([host.querySelector('[data-testid="exercise"]')]);
    expect(document.activeElement).toBe(host.querySelector('[data-testid="exercise-answer"]'));
  });

  it('is absent while no exercise is open, and goes when the exercise is closed', () => {
    expect(render(false).querySelector('[data-testid="exercise-notice"]')).toBeNull();
    const host = render(true);
    act(() => h!.store.getState().setView({ exercise: null }));
    expect(host.querySelector('[data-testid="exercise-notice"]')).toBeNull();
  });
});
