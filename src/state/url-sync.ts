/**
 * Keeps the address bar in step with the store: the canonical scenario in the query, the view in
 * the fragment. Writes at most once per animation frame.
 *
 * History (issue 20 item 27): a new place in the lab is a history entry (pushState) — another
 * system, a scenario loaded (a preset, a link, the system picker's free play), another preset or
 * exercise chosen, another step of an activity — so Back and Forward walk through them. Everything done within a place replaces
 * the current entry (replaceState): edits of keys before, during or after a run, drags, timed
 * changes, a new seed, zoom, charts, theme, a comparison or a sweep — Back does not step through
 * every slider position, and a drag is never dozens of entries. Restoring an entry (`restore`,
 * on Back/Forward) adds none.
 */
import type { LabStore } from './store';
import type { LabState } from './types';
import { buildUrl, type ViewState } from './url-codec';

export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
  /** Absent: every write replaces. */
  pushState?(data: unknown, unused: string, url?: string | URL | null): void;
}

/**
 * The state object of every entry the lab writes: a popstate carrying it is Back or Forward to one
 * of the lab's places; one without it is a fragment typed by hand (its hashchange applies it).
 */
export const LAB_ENTRY = { lab: 1 } as const;

/** Whether a popstate's state is one of the lab's entries. */
export const isLabEntry = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { lab?: unknown }).lab === 1;

/** What makes a place in the lab: a change of any of these is a history entry. */
interface Place {
  readonly loaded: number;
  readonly preset: string | null;
  readonly exercise: string | null;
  readonly step: number;
}

const placeOf = (s: LabState): Place => ({
  loaded: s.loaded,
  preset: s.view.preset,
  exercise: s.view.exercise,
  step: s.view.step ?? 0,
});

const samePlace = (a: Place, b: Place) =>
  a.loaded === b.loaded && a.preset === b.preset && a.exercise === b.exercise && a.step === b.step;

export interface UrlBinding {
  /** Stop following the store. */
  stop(): void;
  /**
   * Apply an address the browser went to (Back, Forward, a fragment typed by hand): what `run`
   * changes in the store is written by replacing the entry, never as a new one.
   */
  restore(run: () => Promise<void>): Promise<void>;
}

/**
 * Subscribe the URL to the store. `viewForLink` lets the page adjust the view it writes (it drops
 * `preset=` once the scenario is no longer the preset's).
 */
export function bindUrl(
  store: LabStore,
  /** `href`, when given, is read to leave an address someone else just set alone (see `write`). */
  location: { pathname: string; readonly href?: string },
  history: HistoryLike,
  frame: (cb: () => void) => void,
  viewForLink: (state: LabState) => ViewState = (s) => s.view,
): UrlBinding {
  let last = '';
  let scheduled = false;
  /** The place of the entry last written (null before the first: the page's own entry). */
  let place: Place | null = null;
  let restoring = 0;
  /** The address as the lab last left it (its write, an applied restore); at first the one it opened at. */
  let ours: string | null = location.href ?? null;
  const write = () => {
    scheduled = false;
    // The address changed since the lab last wrote it (or, before its first write, since the page
    // opened), and no restore is applying it: a fragment typed or pasted by hand, or Back and
    // Forward, whose hashchange or popstate handler has not run yet. Writing the store's address
    // now would replace it before it is read, and the handler would then apply the old view (seen
    // as a test opening a second exercise by its fragment, before the first one's scenario had
    // loaded, and getting the first). The handler's restore writes the address afterwards.
    if (restoring === 0 && ours !== null && location.href !== undefined && location.href !== ours) return;
    const state = store.getState();
    // While a scenario loads, the view may already be the new place's and the text still the old
    // one's: the address is written once the load's result is committed.
    if (!state.text || state.loading) return;
    const url = buildUrl(location.pathname, state.text, viewForLink(state));
    const now = placeOf(state);
    const push = place !== null && restoring === 0 && !samePlace(place, now) && history.pushState;
    place = now;
    if (url === last) return;
    last = url;
    if (push) history.pushState?.(LAB_ENTRY, '', url);
    else history.replaceState(LAB_ENTRY, '', url);
    ours = location.href ?? null;
  };
  const stop = store.subscribe((s, prev) => {
    if (
      s.text === prev.text &&
      s.view === prev.view &&
      s.loaded === prev.loaded &&
      s.loading === prev.loading
    )
      return;
    // The page's own entry is written as soon as its first scenario is loaded, not on the next
    // frame: a system or preset picked before that frame (a loaded machine delays frames) would
    // otherwise be written over the page's entry, and Back would leave the lab.
    if (place === null && s.text && !s.loading) {
      write();
      return;
    }
    if (!scheduled) {
      scheduled = true;
      frame(write);
    }
  });
  return {
    stop,
    async restore(run) {
      restoring++;
      try {
        await run();
        await store.getState().settle();
      } finally {
        // Writes still to come belong to the restored entry.
        place = placeOf(store.getState());
        restoring--;
        ours = location.href ?? null;
      }
    },
  };
}
