/**
 * The DECT system's pieces of the lab: presets, exercises and the map's behaviour (the cell
 * follows the dragged phone under mobility=map). The slot/carrier grids, the bearer-count chart
 * and the delay histogram are still to come (issue 10).
 */
import { exerciseFiles } from '../../exercises/collect';
import { DECT_CURVES } from './published-curves';
import { DECT_REALISATION } from './realisation';
import type { LabPlugin } from '../types';
import { DECT_MAC_DECODER } from './mac-decoder';
import { DECT_PRESETS } from './presets';

export { DECT_PRESETS } from './presets';
export { DECT_MAC_DECODER } from './mac-decoder';

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });

export const DECT_LAB: LabPlugin = {
  id: 'dect',
  realisation: DECT_REALISATION,
  publishedCurves: DECT_CURVES,
  exercises: exerciseFiles('dect', EXERCISE_FILES),
  presets: DECT_PRESETS,
  panels: [],
  linkDecoder: DECT_MAC_DECODER,
  chartLabels: { capacity: 'TH_teo = mean bearers × 5 segments/s' },
  mapRadio: {
    kind: 'option',
    key: 'mobility',
    option: 'map',
    changes:
      'the serving cell (nearest of the three RFPs, 5 m hysteresis): crossing a boundary starts a connection handover',
  },
};
