/**
 * Keeps the address bar in step with the store: the canonical scenario in the
 * query, the view in the fragment, through history.replaceState (no reloads, no
 * history entries per frame). Writes at most once per animation frame.
 */
import type { LabStore } from './store';
import type { LabState } from './types';
import { buildUrl, type ViewState } from './url-codec';

export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/**
 * Subscribe the URL to the store; returns the unsubscribe function. `viewForLink` lets the page
 * adjust the view it writes (it drops `preset=` once the scenario is no longer the preset's).
 */
export function bindUrl(
  store: LabStore,
  location: { pathname: string },
  history: HistoryLike,
  frame: (cb: () => void) => void,
  viewForLink: (state: LabState) => ViewState = (s) => s.view,
): () => void {
  let last = '';
  let scheduled = false;
  const write = () => {
    scheduled = false;
    const state = store.getState();
    if (!state.text) return;
    const url = buildUrl(location.pathname, state.text, viewForLink(state));
    if (url !== last) {
      last = url;
      history.replaceState(null, '', url);
    }
  };
  return store.subscribe((s, prev) => {
    if (s.text === prev.text && s.view === prev.view) return;
    if (!scheduled) {
      scheduled = true;
      frame(write);
    }
  });
}
