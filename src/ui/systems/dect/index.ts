/**
 * The DECT system's pieces of the lab (dect.md "Views", issue 10 item 6): the slot/carrier grids of
 * the three RFPs and the TCP user's bearer count under the map and the sequence graph, the delay
 * histogram of D with the charts, the link timeline's decoder (bearer rows, DLC rows), release-only
 * bearer buttons under the map, presets for the study's cases with its values beside the live
 * ones, exercises, and the map's behaviour (the cell follows the dragged phone under mobility=map).
 */
import { lazy } from 'react';
import { activityFiles, exerciseFiles } from '../../exercises/collect';
import { DECT_CURVES } from './published-curves';
import { DECT_REALISATION } from './realisation';
import { DECT_TAKEAWAY } from './takeaway';
import { DECT_CLEAN, DECT_HEADLINE } from './baseline';
import type { LabPlugin } from '../types';
import { DECT_MAC_DECODER } from './mac-decoder';
import { DECT_PRESETS } from './presets';
import { DECT_SUMMARY_FIELDS } from './summary-fields';
import { DectGoodputRow } from './GoodputRow';
import { bthNote } from './bth-note';
import { NO_FIGURE, viewFigures } from '../view-figures';
import { DECT_PACKET_PATH } from './packet-path';

export { DECT_PRESETS } from './presets';
export { DECT_MAC_DECODER } from './mac-decoder';

// The panels are chunks of their own: only the system on screen downloads its views (issue 13).
const SlotGrids = lazy(() => import('./SlotGrids').then((m) => ({ default: m.SlotGrids })));
const BearerPanel = lazy(() => import('./BearerPanel').then((m) => ({ default: m.BearerPanel })));
const DelayPanel = lazy(() => import('./DelayPanel').then((m) => ({ default: m.DelayPanel })));

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });
/** Every `activities/*.json` of this folder (issue 23: lessons of several steps, a file each). */
const ACTIVITY_FILES = import.meta.glob<unknown>('./activities/*.json', { eager: true, import: 'default' });

export const DECT_LAB: LabPlugin = {
  id: 'dect',
  // What its map captions and link counters print (hidden with the figures an exercise hides).
  viewFigures: viewFigures(
    {
      Cell: NO_FIGURE,
      Bearers: { sources: ['dect.bearers'], paths: ['app.meanBearers'] },
      MAC: NO_FIGURE,
      'Background calls': { paths: ['link.background.active'] },
    },
    {},
    { 'app.meanBearers': ['dect.bearers'] },
  ),
  realisation: DECT_REALISATION,
  takeaway: DECT_TAKEAWAY,
  headline: DECT_HEADLINE,
  cleanChannel: DECT_CLEAN,
  // npm run bench, README "Speed" (the reference hour: 3,135× real time).
  referenceSpeed: 3_100,
  publishedCurves: DECT_CURVES,
  exercises: exerciseFiles('dect', EXERCISE_FILES),
  activities: activityFiles('dect', ACTIVITY_FILES),
  presets: DECT_PRESETS,
  summaryFields: DECT_SUMMARY_FIELDS,
  panels: [
    { id: 'dect-grids', title: 'Slot/carrier grids of the three RFPs', Component: SlotGrids, place: 'stage' },
    { id: 'dect-bearers', title: 'Bearers of the TCP user', Component: BearerPanel, place: 'stage' },
    { id: 'dect-delay', title: 'Delay D of the segments (histogram)', Component: DelayPanel },
  ],
  linkDecoder: DECT_MAC_DECODER,
  packetPath: DECT_PACKET_PATH,
  linkToggles: {
    key: (n) => `bearer${n}`,
    word: 'Bearer',
    mode: 'release',
    note: bthNote,
  },
  GoodputRow: DectGoodputRow,
  // The engine's summary says completed from the start: arrivals never end before the duration.
  endlessWorkload: 'segments arrive both ways for the whole run (it never completes)',
  chartLabels: { capacity: 'TH_teo = mean bearers × 5 segments/s' },
  mapRadio: {
    kind: 'option',
    key: 'mobility',
    option: 'map',
    changes:
      'the serving cell (nearest of the three RFPs, 5 m hysteresis): crossing a boundary starts a connection handover',
  },
};
