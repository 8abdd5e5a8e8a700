import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { draggedMobile } from '../../engine/systems/stations';
import { getPath } from '../exercises/check';
import { useLab, useLabStore } from '../hooks/use-lab';
import { tour, TOUR_STEPS, type TourStep } from '../tour/tour-state';

/** What each step says, and the element it points at (`data-testid`). */
const STEPS: Readonly<Record<TourStep, { title: string; text: string; target: string | null }>> = {
  play: {
    title: 'Press Play',
    text: 'Press ▶ Play at the top. The sequence graph starts to climb: each mark is a TCP segment sent over the radio link.',
    target: 'play',
  },
  drag: {
    title: 'Drag the phone',
    text: 'Now drag the phone on the map away from the base station (or click it and use the arrow keys). The further out, the more radio frames are lost.',
    target: 'ms',
  },
  rto: {
    title: 'Watch the RTO back off',
    text: 'Watch the RTO graph. When the link loses too much, TCP times out, and each timeout doubles the RTO in force (the solid line): TCP waits longer and longer. Nothing yet? Drag the phone further out.',
    target: 'chart-rto',
  },
  done: {
    title: 'That was TCP’s backoff',
    text: 'Bring the phone back: the radio recovers at once, but TCP sits out its doubled timer before it sends again. The ? Tour button at the top starts this tour again.',
    target: null,
  },
};

/** Advance each step by itself once the student has done what it asks. */
function useStepWatchers(step: TourStep | null): void {
  const store = useLabStore();
  const status = useLab((s) => s.status);
  const view = useLab((s) => s.systemView);
  const timeouts = useLab((s) => getPath(s.summary, 'tcp.timeouts'));
  const start = useRef<{ x: number; y: number } | null>(null);
  const timeoutsAtStart = useRef<number | null>(null);
  const phone = view ? draggedMobile(view) : undefined;
  useEffect(() => {
    // Playing, not merely past 0 s: the tour started again on a finished or paused run must still
    // ask for Play (a drag after a finished run takes it back to 0 s, where nothing would move).
    if (step === 'play' && status === 'playing') tour.getState().advance('play');
  }, [step, status]);
  useEffect(() => {
    if (step !== 'drag') {
      start.current = null;
      return;
    }
    // A system whose phone cannot be dragged has nothing to do here.
    if (view && !phone) {
      tour.getState().advance('drag');
      return;
    }
    if (!phone) return;
    if (!start.current) start.current = { x: phone.x, y: phone.y };
    else if (Math.hypot(phone.x - start.current.x, phone.y - start.current.y) >= 1) {
      tour.getState().advance('drag');
    }
  }, [step, view, phone]);
  useEffect(() => {
    if (step !== 'rto') return;
    // The RTO graph must be open to be watched.
    const s = store.getState();
    if (!s.view.charts.includes('rto')) s.setView({ charts: [...s.view.charts, 'rto'] });
  }, [step, store]);
  useEffect(() => {
    // A timeout seen during this step, not one from before it (the tour started again on a run
    // that has timed out already); a run started again from 0 s counts from its own start.
    const n = Number.isFinite(timeouts) ? timeouts : 0;
    if (step !== 'rto') timeoutsAtStart.current = null;
    else if (timeoutsAtStart.current === null || n < timeoutsAtStart.current) timeoutsAtStart.current = n;
    else if (n > timeoutsAtStart.current) tour.getState().advance('rto');
  }, [step, timeouts]);
}

/** Ring the element a step points at, and bring it into view where the card could hide it. */
function useHighlight(step: TourStep | null): void {
  useEffect(() => {
    const id = step ? STEPS[step].target : null;
    const el = id ? document.querySelector<HTMLElement | SVGElement>(`[data-testid="${id}"]`) : null;
    if (!el) return;
    el.classList.add('tour-target');
    // The card sits at the bottom of the window: the RTO chart goes to the top, clear of it (at the
    // bottom, 'nearest', the card covered the chart's right half, where the new timeouts appear).
    if (step === 'rto') el.scrollIntoView({ block: 'start' });
    // On a phone the card sits at the top for this step (app.css); the phone goes to the middle.
    if (step === 'drag' && window.matchMedia?.('(max-width: 820px)').matches)
      el.scrollIntoView({ block: 'center' });
    return () => el.classList.remove('tour-target');
  }, [step]);
}

/**
 * The first-minute tour (issue 12, item 6): a small, non-modal card at the bottom of the window,
 * so the lab stays usable under it. Skippable at every step; Escape skips too.
 */
export function Tour() {
  const step = useStore(tour, (s) => s.step);
  const card = useRef<HTMLElement>(null);
  useStepWatchers(step);
  useHighlight(step);
  if (!step) return null;
  const n = TOUR_STEPS.indexOf(step) + 1;
  const { title, text } = STEPS[step];
  const last = step === 'done';
  return (
    <section
      ref={card}
      className="tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      aria-describedby="tour-text"
      data-testid="tour"
      data-step={step}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') tour.getState().dismiss();
      }}
    >
      <p className="small muted tour-count">
        First minute · step {n} of {TOUR_STEPS.length}
      </p>
      <h2 id="tour-title">{title}</h2>
      <p id="tour-text" aria-live="polite">
        {text}
      </p>
      <div className="tour-buttons">
        {last ? (
          <button
            type="button"
            className="primary"
            data-testid="tour-done"
            onClick={() => tour.getState().dismiss()}
          >
            Done
          </button>
        ) : (
          <>
            <button type="button" data-testid="tour-next" onClick={() => tour.getState().advance(step)}>
              Next
            </button>
            <button
              type="button"
              className="quiet"
              data-testid="tour-skip"
              onClick={() => tour.getState().dismiss()}
            >
              Skip tour
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** The header's help button: starts the tour again (and puts the keyboard on it). */
export function TourButton() {
  return (
    <button
      type="button"
      className="quiet"
      data-testid="help-tour"
      aria-label="Start the first-minute tour"
      onClick={() => {
        tour.getState().start();
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="tour"]')?.focus());
      }}
    >
      ? Tour
    </button>
  );
}
