// @vitest-environment jsdom
/**
 * The first-minute tour's steps move on when the student has done what each asks — now, not
 * before the step began: started again (the ? Tour button) on a finished run that timed out, it
 * must still ask for Play and still wait for a timeout of its own (issue 12 item 6).
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tour } from '../../../src/ui/components/Tour';
import { tour } from '../../../src/ui/tour/tour-state';
import type { Harness } from '../../state/harness';
import { renderInLab } from '../render-lab';

afterEach(() => act(() => tour.getState().dismiss()));

const render = (): Harness => renderInLab(<Tour />).h;

/** Set the run's state as the store would (status, time, the summary's timeouts). */
function runAt(h: Harness, status: 'ready' | 'playing' | 'done', simTime: number, timeouts: number): void {
  act(() => h.store.setState({ status, simTime, summary: { tcp: { timeouts } } } as never));
}

const step = () => tour.getState().step;

describe('the tour started on a run that has already played', () => {
  it('waits for Play, and for a timeout during its RTO step, not one from before', () => {
    const lab = render();
    runAt(lab, 'done', 60, 3);
    act(() => tour.getState().start());
    expect(step()).toBe('play');
    runAt(lab, 'playing', 60, 3);
    expect(step()).toBe('drag');
    act(() => tour.getState().advance('drag'));
    expect(step()).toBe('rto');
    // Three timeouts happened before this step: nothing to watch yet.
    runAt(lab, 'playing', 61, 3);
    expect(step()).toBe('rto');
    runAt(lab, 'playing', 70, 4);
    expect(step()).toBe('done');
  });

  it('counts from the new start when the run goes back to 0 s during the RTO step', () => {
    const lab = render();
    runAt(lab, 'playing', 30, 2);
    act(() => tour.getState().start());
    expect(step()).toBe('drag');
    act(() => tour.getState().advance('drag'));
    runAt(lab, 'ready', 0, 0);
    expect(step()).toBe('rto');
    runAt(lab, 'playing', 20, 1);
    expect(step()).toBe('done');
  });

  it('on a first visit (nothing played yet) moves on at Play and at the first timeout', () => {
    const lab = render();
    runAt(lab, 'ready', 0, 0);
    act(() => tour.getState().start());
    runAt(lab, 'playing', 0.1, 0);
    act(() => tour.getState().advance('drag'));
    expect(step()).toBe('rto');
    runAt(lab, 'playing', 9, 1);
    expect(step()).toBe('done');
  });
});
