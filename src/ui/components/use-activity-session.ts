/**
 * What an open activity keeps going besides its page (ActivityView.tsx): the clock of the step
 * open, the reports to an embedding course page, and the presenter's keys between the steps.
 */
import { useEffect, useRef } from 'react';
import type { Activity } from '../exercises/activity';
import { enterStep, startClock, stopClock, type Progress } from '../exercises/progress';
import { updateProgress } from '../exercises/progress-store';
import { useLab } from '../hooks/use-lab';
import { usePresent } from '../page/page-mode';
import { stepMoveFor } from '../page/present-keys';
import { reportsBetween, reportTarget } from '../page/report';

/** The clock follows the step open, and stops while the page is hidden. */
export function useStepClock(a: Activity, step: number): void {
  useEffect(() => {
    updateProgress(a, Date.now(), (p) => startClock(enterStep(p, step, Date.now()), Date.now()));
  }, [a, step]);
  useEffect(() => {
    const on = () =>
      updateProgress(a, Date.now(), (p) =>
        document.visibilityState === 'hidden' ? stopClock(p, Date.now()) : startClock(p, Date.now()),
      );
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, [a]);
}

/** Embedded with `origin=`: each step's result and the score go to the course page (report.ts). */
export function useProgressReports(a: Activity, progress: Progress): void {
  const origin = useLab((s) => s.view.origin);
  const reported = useRef<{ a: Activity; p: Progress } | null>(null);
  useEffect(() => {
    const target = reportTarget(window, origin);
    const before = reported.current?.a === a ? reported.current.p : null;
    reported.current = { a, p: progress };
    // The first progress seen is where the page starts (a reload): only changes from it are reported.
    if (!target || before === null) return;
    for (const r of reportsBetween(a, before, progress, Date.now())) target.post(r);
  }, [a, progress, origin]);
}

/**
 * Presenter mode: the clicker's (or the arrow) keys move between the `steps` steps; not on the
 * results page.
 */
export function usePresenterSteps(
  steps: number,
  step: number,
  results: boolean,
  go: (i: number) => void,
): void {
  const present = usePresent();
  useEffect(() => {
    if (!present) return;
    const onKey = (e: KeyboardEvent) => {
      const move = stepMoveFor(
        e.key,
        { alt: e.altKey, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey },
        e.target instanceof Element ? e.target : null,
      );
      const to = move === 'next' ? step + 1 : move === 'previous' ? step - 1 : -1;
      if (to < 0 || to >= steps || results) return;
      e.preventDefault();
      go(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
