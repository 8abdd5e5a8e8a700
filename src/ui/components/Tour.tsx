import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { draggedMobile } from '../../engine/systems/stations';
import { getPath } from '../exercises/check';
import { useLab, useLabStore } from '../hooks/use-lab';
import { watchPhoneGesture } from '../tour/gesture';
import { onScreen, placeCard, type Box } from '../tour/placement';
import { tour, TOUR_STEPS, type TourStep } from '../tour/tour-state';

interface StepText {
  title: string;
  text: string;
  /** The element the step points at (`data-testid`). */
  target: string | null;
  /** What the step asks the student to use or read: the card is never placed over it (CSS selectors). */
  must: readonly string[];
  /** What is good to see too: the card avoids it where it can. */
  rather: readonly string[];
  /** The step asks to move the phone again: where the map is off screen, the card offers the way back. */
  drags?: string;
}

const MAP = '[data-testid="map"]';
const MAP_PANEL = '.map-panel';
const SEQ = '[data-testid="chart-seq"] svg';
const RTO = '[data-testid="chart-rto"]';
/** The header and the playback bar: better left in sight (a card over them hides the buttons). */
const BARS = ['.lab-header', '.playback'];

/** What each step says, the element it points at, and what the card must leave in sight. */
const STEPS: Readonly<Record<TourStep, StepText>> = {
  play: {
    title: 'Press Play',
    text: 'Press ▶ Play at the top. The sequence graph starts to climb: each mark is a TCP segment sent over the radio link.',
    target: 'play',
    must: ['[data-testid="play"]', SEQ],
    rather: BARS,
  },
  drag: {
    title: 'Drag the phone',
    text: 'Now drag the phone on the map away from the base station (or click it and use the arrow keys). The further out, the more radio frames are lost.',
    target: 'ms',
    // The map and the figures and switches under it (FER, Radio from map, the link buttons).
    must: [MAP_PANEL],
    rather: [SEQ, ...BARS],
  },
  rto: {
    title: 'Watch the RTO back off',
    text: 'Watch the RTO graph. When the link loses too much, TCP times out, and each timeout doubles the RTO in force (the solid line): TCP waits longer and longer.',
    target: 'chart-rto',
    must: [RTO],
    rather: [MAP, ...BARS],
    drags: 'Nothing yet? Drag the phone further out.',
  },
  done: {
    title: 'That was TCP’s backoff',
    text: 'The ? Tour button at the top starts this tour again.',
    target: null,
    must: [MAP_PANEL],
    rather: [RTO, SEQ, ...BARS],
    drags:
      'Bring the phone back: the radio recovers at once, but TCP sits out its doubled timer before it sends again.',
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

/** Report gestures on the phone to the tour while it is open (tour-state.ts `setGesture`). */
function useGestureWatch(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const stop = watchPhoneGesture(document, (on) => tour.getState().setGesture(on));
    return () => {
      stop();
      tour.getState().setGesture(false);
    };
  }, [open]);
}

const boxOf = (e: Element): Box => {
  const r = e.getBoundingClientRect();
  return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
};
const boxesOf = (selectors: readonly string[]): Box[] =>
  selectors.flatMap((sel) => [...document.querySelectorAll(sel)].map(boxOf));

/**
 * Place the card clear of what the step asks for (placement.ts), again whenever the page scrolls
 * or its layout changes; returns whether the phone is on screen (a step that asks to move it
 * offers to bring the map back when it is not).
 */
function useCardPlacement(step: TourStep | null, card: React.RefObject<HTMLElement | null>): boolean {
  const [phoneOnScreen, setPhoneOnScreen] = useState(true);
  useLayoutEffect(() => {
    const el = card.current;
    if (!step || !el) return;
    let frame = 0;
    const place = (): void => {
      frame = 0;
      const view = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const p = placeCard(
        { width: el.offsetWidth, height: el.offsetHeight },
        view,
        boxesOf(STEPS[step].must),
        boxesOf(STEPS[step].rather),
      );
      el.style.left = `${Math.round(p.left)}px`;
      el.style.top = `${Math.round(p.top)}px`;
      el.dataset.place = p.where;
      const phone = document.querySelector('[data-testid="ms"]');
      setPhoneOnScreen(phone ? onScreen(boxOf(phone), view) : true);
    };
    const request = (): void => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', request, { passive: true, capture: true });
    window.addEventListener('resize', request);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(request);
    resized?.observe(document.body);
    resized?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', request, { capture: true });
      window.removeEventListener('resize', request);
      resized?.disconnect();
    };
  }, [step, card]);
  return phoneOnScreen;
}

/** Ring the element a step points at, and bring it into view where the card could hide it. */
function useHighlight(step: TourStep | null): void {
  useEffect(() => {
    const id = step ? STEPS[step].target : null;
    const el = id ? document.querySelector<HTMLElement | SVGElement>(`[data-testid="${id}"]`) : null;
    if (!el) return;
    el.classList.add('tour-target');
    // A step changes only between gestures (tour-state.ts), so this never moves the map under a
    // drag. The RTO chart goes to the top, where the card (placed clear of it) leaves it whole.
    if (step === 'rto') el.scrollIntoView({ block: 'start' });
    // On a phone the phone goes to the middle of the window.
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
  useGestureWatch(step !== null);
  useHighlight(step);
  const phoneOnScreen = useCardPlacement(step, card);
  if (!step) return null;
  const n = TOUR_STEPS.indexOf(step) + 1;
  const { title, text, drags } = STEPS[step];
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
        {last ? `${drags} ${text}` : drags ? `${text} ${drags}` : text}
      </p>
      {drags && !phoneOnScreen && (
        <p className="small">
          The map is off screen:{' '}
          <button
            type="button"
            className="small"
            data-testid="tour-to-map"
            onClick={() => document.querySelector(MAP_PANEL)?.scrollIntoView({ block: 'start' })}
          >
            Back to the map
          </button>
        </p>
      )}
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
