import { useCallback } from 'react';
import { DEFAULT_CHARTS } from '../../state/url-codec';
import { presetCompare, type Preset } from '../presets';
import { useLabStore } from './use-lab';

/** Load a preset: its scenario, its charts, and remember it (for its published values). */
export function usePresetLoader(): (p: Preset) => Promise<void> {
  const store = useLabStore();
  return useCallback(
    async (p: Preset) => {
      const s = store.getState();
      s.setView({
        preset: p.id,
        charts: p.charts ?? DEFAULT_CHARTS,
        domain: null,
        exercise: null,
      });
      await s.load(p.scenario);
      // A preset with a B opens Compare A/B once its scenario is A (another keeps the page's comparison).
      if (p.compare) store.getState().setView({ compare: presetCompare(p) });
    },
    [store],
  );
}
