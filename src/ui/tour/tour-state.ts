/**
 * The first-minute tour (issue 12, item 6; ui.md: "within a minute, pick a system, press play, and
 * see TCP's sequence number climb"): four steps from Play through dragging the phone to seeing
 * the RTO back off. Which step is showing lives in a small store of its own (the lab's store is
 * the run's and the link's; the tour is neither). Once dismissed — skipped, closed or finished —
 * it is never started by itself again: a mark in localStorage says so. Where storage cannot be
 * used (blocked, full, a sandboxed frame) the lab cannot tell a first visit from the tenth, so the
 * tour does not start by itself at all; the help button still starts it.
 */
import { createStore } from 'zustand/vanilla';

/** The localStorage key that marks the tour as dismissed (e2e/fixtures.ts sets it for the tests). */
export const TOUR_STORAGE_KEY = 'wtl.tour.dismissed';

/** The steps, in order; each advances by itself when the student has done what it asks. */
export const TOUR_STEPS = ['play', 'drag', 'rto', 'done'] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

/** The part of Storage the tour uses (tests pass their own). */
export interface TourStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The page's localStorage, or null when it cannot be reached (reading it may throw). */
export function pageStorage(): TourStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Whether the tour may start by itself: storage readable and no dismissal recorded. */
export function shouldAutoStart(storage: TourStorage | null): boolean {
  if (!storage) return false;
  try {
    return storage.getItem(TOUR_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

/** Record the dismissal; a storage that refuses is ignored (the tour is then closed for this page only). */
export function rememberDismissed(storage: TourStorage | null): void {
  try {
    storage?.setItem(TOUR_STORAGE_KEY, '1');
  } catch {
    // Full or blocked storage: nothing more can be done, and nothing breaks.
  }
}

interface TourState {
  /** The step showing, or null when the tour is closed. */
  readonly step: TourStep | null;
  /**
   * The student is moving the phone (a pointer held on it, or an arrow key held down on it). A new
   * step may scroll the page (the RTO step brings its chart into view), which mid-drag would carry
   * the map away under the pointer — the drag then runs off the map and the phone lands on its edge
   * (issue 20, item 22) — so while this is true a step does not change; it waits for the gesture's end.
   */
  readonly gesture: boolean;
  /** A step whose advance waits for the gesture to end. */
  readonly waiting: TourStep | null;
  start(): void;
  /** Go to the step after `from`, if the tour is still on it (a watcher and a click may race). */
  advance(from: TourStep): void;
  /** A gesture on the phone began or ended; at its end a waiting advance happens. */
  setGesture(on: boolean): void;
  /** Close the tour and remember that (skip, close or finish). */
  dismiss(): void;
}

export function createTourStore(storage: () => TourStorage | null = pageStorage) {
  return createStore<TourState>()((set, get) => {
    const next = (from: TourStep): TourStep | null => TOUR_STEPS[TOUR_STEPS.indexOf(from) + 1] ?? null;
    return {
      step: null,
      gesture: false,
      waiting: null,
      start: () => set({ step: TOUR_STEPS[0], waiting: null }),
      advance: (from) => {
        if (get().step !== from) return;
        if (get().gesture) set({ waiting: from });
        else set({ step: next(from), waiting: null });
      },
      setGesture: (on) => {
        const { gesture, waiting, step } = get();
        if (on === gesture) return;
        if (on || waiting === null) set({ gesture: on });
        else set({ gesture: false, waiting: null, step: waiting === step ? next(waiting) : step });
      },
      dismiss: () => {
        rememberDismissed(storage());
        set({ step: null, waiting: null });
      },
    };
  });
}

/** The page's tour. */
export const tour = createTourStore();
