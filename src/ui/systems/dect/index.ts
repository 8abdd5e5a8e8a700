/**
 * The DECT system's pieces of the lab (dect.md "Views", issue 10 item 6): the slot/carrier grids of
 * the three RFPs and the TCP user's bearer count under the map and the sequence graph, the delay
 * histogram of D with the charts, the link timeline's decoder (bearer rows, DLC rows), release-only
 * bearer buttons under the map, presets for the study's cases with its values beside the live
 * ones, exercises, and the map's behaviour (the cell follows the dragged phone under mobility=map).
 */
import { lazy } from 'react';
import { exerciseFiles } from '../../exercises/collect';
import { DECT_CURVES } from './published-curves';
import { DECT_REALISATION } from './realisation';
import type { LabPlugin } from '../types';
import { DECT_MAC_DECODER } from './mac-decoder';
import { DECT_PRESETS } from './presets';
import { DectGoodputRow } from './GoodputRow';

export { DECT_PRESETS } from './presets';
export { DECT_MAC_DECODER } from './mac-decoder';

// The panels are chunks of their own: only the system on screen downloads its views (issue 13).
const SlotGrids = lazy(() => import('./SlotGrids').then((m) => ({ default: m.SlotGrids })));
const BearerPanel = lazy(() => import('./BearerPanel').then((m) => ({ default: m.BearerPanel })));
const DelayPanel = lazy(() => import('./DelayPanel').then((m) => ({ default: m.DelayPanel })));

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });

export const DECT_LAB: LabPlugin = {
  id: 'dect',
  realisation: DECT_REALISATION,
  // npm run bench, README "Speed" (the reference hour: 3,135× real time).
  referenceSpeed: 3_100,
  publishedCurves: DECT_CURVES,
  exercises: exerciseFiles('dect', EXERCISE_FILES),
  presets: DECT_PRESETS,
  panels: [
    { id: 'dect-grids', title: 'Slot/carrier grids of the three RFPs', Component: SlotGrids, place: 'stage' },
    { id: 'dect-bearers', title: 'Bearers of the TCP user', Component: BearerPanel, place: 'stage' },
    { id: 'dect-delay', title: 'Delay D of the segments (histogram)', Component: DelayPanel },
  ],
  linkDecoder: DECT_MAC_DECODER,
  linkToggles: {
    key: (n) => `bearer${n}`,
    word: 'Bearer',
    mode: 'release',
    note:
      'Connection_Modification sets bearers up again, one at a time, only when fewer than bth are held ' +
      '(bth = 4 by default, Link layer group): release bearers until 3 or fewer remain — 7 of 10 at the ' +
      'target — and watch the bearer chart; leave 4 or more and none comes back until the count falls below bth.',
  },
  GoodputRow: DectGoodputRow,
  chartLabels: { capacity: 'TH_teo = mean bearers × 5 segments/s' },
  mapRadio: {
    kind: 'option',
    key: 'mobility',
    option: 'map',
    changes:
      'the serving cell (nearest of the three RFPs, 5 m hysteresis): crossing a boundary starts a connection handover',
  },
};
