/**
 * The page's start (loaded by main.tsx): one store wired to a simulation worker and the real clock,
 * the URL read once at start (scenario from the query, view from the fragment)
 * and kept in step afterwards, and the React tree under an error boundary.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { poolSize } from './state/headless-pool';
import { createLabStore } from './state/store';
import { buildUrl, parseUrl } from './state/url-codec';
import { bindUrl, isLabEntry, LAB_ENTRY } from './state/url-sync';
import type { EngineClient } from './worker/client';
import { App } from './ui/components/App';
import { ErrorBoundary } from './ui/components/ErrorBoundary';
import { pageLater, pageTask } from './ui/page-task';
import { LabProvider } from './ui/hooks/use-lab';
import { pageBudget } from './ui/hooks/draw-budget';
import { setBootExercise } from './ui/exercises/boot';
import { lockForView } from './ui/exercises/open-activity';
import { viewForLink } from './ui/presets/modified';
import { defaultSystem } from './engine/scenarios';
import { findPreset, freePlayScenario } from './ui/presets';
import { applyHash, knownViewIds } from './ui/url-view';
import { restoreAddress } from './ui/url-history';
import { pageStorage, shouldAutoStart, tour } from './ui/tour/tour-state';

/**
 * Start the lab with `spawn` (main.tsx's: its first engine is already loading); `embed`: the embed
 * page (embed.tsx), without header or tour.
 */
export function boot(
  spawn: (onCrash: (message: string) => void) => EngineClient,
  { embed = false }: { embed?: boolean } = {},
): void {
  const store = createPageStore(spawn);
  startFromUrl(store, embed);
  followAddress(store);
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <ErrorBoundary>
          <LabProvider store={store}>
            <App embed={embed} />
          </LabProvider>
        </ErrorBoundary>
      </StrictMode>,
    );
  }
  // For classroom scripts and tests: the store, read-only use expected.
  window.__lab = store;
  // For tests: charts out of view draw only once the data settles (draw-budget.ts); a check that
  // reads a chart's drawing waits until none is left to draw.
  window.__chartsPending = () => pageBudget.pending();
}

type PageStore = ReturnType<typeof createLabStore>;

/** The page's store: `spawn`'s engines, the real clock, animation frames, page tasks and the browser's random seeds. */
function createPageStore(spawn: (onCrash: (message: string) => void) => EngineClient): PageStore {
  return createLabStore({
    spawn,
    now: () => performance.now(),
    frame: (cb) => {
      requestAnimationFrame(() => cb());
    },
    task: pageTask(),
    randomSeed: () => crypto.getRandomValues(new Uint32Array(1))[0],
    workers: poolSize(navigator.hardwareConcurrency),
    later: pageLater,
  });
}

/** Read the address once: the view from the fragment, the scenario from the query (or the link's preset, exercise or free play). */
function startFromUrl(store: PageStore, embed: boolean): void {
  const { scenarioText, view, viewErrors } = parseUrl(
    window.location.search,
    window.location.hash,
    knownViewIds(),
  );
  store.getState().setView(view);
  // Bad view items are named in the banner; the link is written without them once the scenario loads.
  store.getState().setViewErrors(viewErrors);
  // An activity's step locks keys: a link cannot unlock them, so the locks are in before it loads.
  lockForView(store, view);
  // A link holding only `#exercise=<id>` lets the exercise panel load the exercise's scenario; one
  // holding only `#preset=<id>` loads the preset's. A first visit (no scenario in the URL) starts
  // with IS-707's free play, whose map radio is on.
  const bootPreset = scenarioText ? undefined : findPreset(view.preset);
  if (scenarioText || !view.exercise)
    void store.getState().load(scenarioText || bootPreset?.scenario || freePlayScenario(defaultSystem()));
  else setBootExercise(true);
  // The first-minute tour starts by itself on a first visit to the plain lab: a shared link
  // (a scenario, an exercise) was opened for what it holds, and the tour would talk over it.
  if (!embed && !scenarioText && !view.exercise && !view.authored && shouldAutoStart(pageStorage()))
    tour.getState().start();
}

/** Keep the address and the lab in step: the store writes it (url-sync.ts); Back, Forward and a typed fragment restore from it. */
function followAddress(store: PageStore): void {
  const url = bindUrl(
    store,
    window.location,
    window.history,
    (cb) => {
      requestAnimationFrame(() => cb());
    },
    viewForLink,
  );
  // Back and Forward: each system, preset, exercise and loaded scenario is an entry (url-sync.ts).
  let popped = '';
  window.addEventListener('popstate', (event) => {
    // A fragment typed by hand also fires popstate (with no state): its hashchange applies it.
    if (!isLabEntry(event.state)) return;
    popped = window.location.href;
    void url.restore(() => restoreAddress(store, window.location.search, window.location.hash));
  });

  // A fragment typed or pasted by hand (e.g. #exercise=…) opens that view; #preset=<id> loads the
  // preset's scenario. The address is rewritten afterwards, without the items that could not be used.
  // The browser made the entry; Back or Forward between two fragments was handled by popstate.
  window.addEventListener('hashchange', () => {
    if (window.location.href === popped) {
      popped = '';
      return;
    }
    void url.restore(() =>
      applyHash(store, window.location.hash, () => {
        const s = store.getState();
        if (s.text)
          window.history.replaceState(
            LAB_ENTRY,
            '',
            buildUrl(window.location.pathname, s.text, viewForLink(s)),
          );
      }),
    );
  });
}

declare global {
  interface Window {
    __lab?: PageStore;
    __chartsPending?: () => number;
  }
}
