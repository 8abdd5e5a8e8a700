/** The IS-707 system's piece of the lab: its presets (Figures 3–12) and the RLP frame decoder. */
import { IS707_DECODER } from './link-decoder';
import { activityFiles, exerciseFiles } from '../../exercises/collect';
import { IS707_CURVES } from './published-curves';
import { IS707_REALISATION } from './realisation';
import { IS707_TAKEAWAY } from './takeaway';
import { IS707_CLEAN, IS707_HEADLINE } from './baseline';
import type { LabPlugin } from '../types';
import { IS707_PRESETS } from './presets';
import { IS707_SUMMARY_FIELDS } from './summary-fields';
import { RTO_IN_FORCE, viewFigures } from '../view-figures';
import { IS707_PACKET_PATH } from './packet-path';

export { IS707_PRESETS } from './presets';
export { IS707_PUBLISHED } from './published';

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });
/** Every `activities/*.json` of this folder (issue 23: lessons of several steps, a file each). */
const ACTIVITY_FILES = import.meta.glob<unknown>('./activities/*.json', { eager: true, import: 'default' });

export const IS707_LAB: LabPlugin = {
  id: 'is707',
  // What its map captions and link counters print (hidden with the figures an exercise hides).
  viewFigures: viewFigures({
    FER: { paths: ['link.fer'] },
    f_dT: { paths: ['link.fdt'] },
    RTO: RTO_IN_FORCE,
  }),
  realisation: IS707_REALISATION,
  takeaway: IS707_TAKEAWAY,
  headline: IS707_HEADLINE,
  cleanChannel: IS707_CLEAN,
  // npm run bench, README "Speed" (1000 s at FER 0.1: 196,000×).
  referenceSpeed: 190_000,
  publishedCurves: IS707_CURVES,
  exercises: exerciseFiles('is707', EXERCISE_FILES),
  activities: activityFiles('is707', ACTIVITY_FILES),
  presets: IS707_PRESETS,
  summaryFields: IS707_SUMMARY_FIELDS,
  panels: [],
  linkDecoder: IS707_DECODER,
  packetPath: IS707_PACKET_PATH,
  // `radioFromMap=1`: the FER follows the phone's distance (is707.md); off, `fer` sets it.
  mapRadio: { kind: 'switch', key: 'radioFromMap', changes: 'the FER', manualKey: 'fer' },
};
