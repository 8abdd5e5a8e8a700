/**
 * Keeps the address bar in step with the store: the canonical scenario in the
 * query, the view in the fragment, through history.replaceState (no reloads, no
 * history entries per frame). Writes at most once per animation frame.
 */
import type { LabStore } from './store';
import { buildUrl } from './url-codec';

export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** Subscribe the URL to the store; returns the unsubscribe function. */
export function bindUrl(
  store: LabStore,
  location: { pathname: string },
  history: HistoryLike,
  frame: (cb: () => void) => void,
): () => void {
  let last = '';
  let scheduled = false;
  const write = () => {
    scheduled = false;
    const { text, view } = store.getState();
    if (!text) return;
    const url = buildUrl(location.pathname, text, view);
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
