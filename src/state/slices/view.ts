import type { StateCreator } from 'zustand/vanilla';
import { DEFAULT_VIEW } from '../url-codec';
import type { LabState, ViewSlice } from '../types';

/** The view slice: the page state that the URL fragment holds, plus the chart selection. */
export function viewSlice(): StateCreator<LabState, [], [], ViewSlice> {
  return (set, get) => ({
    view: DEFAULT_VIEW,
    selection: null,
    viewErrors: [],
    setViewErrors(errors) {
      set({ viewErrors: errors });
    },
    setView(patch) {
      set({ view: { ...get().view, ...patch } });
    },
    toggleChart(id) {
      const charts = get().view.charts;
      const next = charts.includes(id) ? charts.filter((c) => c !== id) : [...charts, id];
      get().setView({ charts: next });
    },
    setDomain(domain) {
      const d = domain && Number.isFinite(domain[0]) && Number.isFinite(domain[1]) && domain[1] > domain[0];
      get().setView({ domain: d ? [Math.max(0, domain[0]), domain[1]] : null });
    },
    setTheme(theme) {
      get().setView({ theme });
    },
    setSelection(selection) {
      set({ selection });
    },
  });
}
