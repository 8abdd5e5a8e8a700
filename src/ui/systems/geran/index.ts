/**
 * The GERAN system's pieces of the lab, for the shell to plug in: presets, the shared slot on the
 * link-layer timeline (data blocks and the speech strips of both directions, under the sequence
 * graph on the same time axis), the connection timeline of multi-object pages and the
 * efficiency / retransmission / stalling breakdown.
 */
import { lazy } from 'react';
import { activityFiles, exerciseFiles } from '../../exercises/collect';
import { GERAN_CURVES } from './published-curves';
import { GERAN_REALISATION } from './realisation';
import { GERAN_TAKEAWAY } from './takeaway';
import { GERAN_CLEAN, GERAN_HEADLINE } from './baseline';
import type { LabPlugin, SystemPanel } from '../types';
import { GERAN_PRESETS } from './presets';
import { GERAN_SUMMARY_FIELDS } from './summary-fields';
import { GERAN_SPEECH_DECODER } from './speech-decoder';
import { GeranSummaryRows } from './SummaryRows';
import { NO_FIGURE, viewFigures } from '../view-figures';
import { GERAN_PACKET_PATH } from './packet-path';

export { GERAN_PRESETS, GERAN_UNLUCKY_SEED, GERAN_ACK_STARVED_SEED } from './presets';
export { GERAN_PUBLISHED } from './published';
export { GERAN_SPEECH_DECODER } from './speech-decoder';
export { connectionRows, type ConnectionRow } from './connections';

// The panels are chunks of their own: only the system on screen downloads its views (issue 13).
const ConnectionPanel = lazy(() =>
  import('./ConnectionTimeline').then((m) => ({ default: m.ConnectionPanel })),
);
const EfficiencyPanel = lazy(() => import('./EfficiencyBar').then((m) => ({ default: m.EfficiencyPanel })));

/** The GERAN panels, in page order. */
export const GERAN_PANELS: readonly SystemPanel[] = [
  { id: 'geran-connections', title: 'Connections (one per object, HTTP/1.0)', Component: ConnectionPanel },
  { id: 'geran-efficiency', title: 'Efficiency, retransmissions, stalling', Component: EfficiencyPanel },
];

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });
/** Every `activities/*.json` of this folder (issue 23: lessons of several steps, a file each). */
const ACTIVITY_FILES = import.meta.glob<unknown>('./activities/*.json', { eager: true, import: 'default' });

export const GERAN_LAB: LabPlugin = {
  id: 'geran',
  // What its map captions and link counters print (hidden with the figures an exercise hides).
  viewFigures: viewFigures(
    {
      Speech: { paths: ['link.speech'] },
      Uplink: NO_FIGURE,
      Downlink: NO_FIGURE,
      Delay: { paths: ['link.delay'] },
    },
    {
      'blocks up': { paths: ['link.dataBlocksUp'] },
      'blocks down': { paths: ['link.dataBlocksDown'] },
      'queued B': { paths: ['link.maxBacklogUp', 'link.maxBacklogDown'] },
    },
  ),
  realisation: GERAN_REALISATION,
  takeaway: GERAN_TAKEAWAY,
  headline: GERAN_HEADLINE,
  cleanChannel: GERAN_CLEAN,
  // npm run bench, README "Speed" (25 page downloads: 180,000×).
  referenceSpeed: 180_000,
  publishedCurves: GERAN_CURVES,
  exercises: exerciseFiles('geran', EXERCISE_FILES),
  activities: activityFiles('geran', ACTIVITY_FILES),
  presets: GERAN_PRESETS,
  summaryFields: GERAN_SUMMARY_FIELDS,
  panels: GERAN_PANELS,
  linkDecoder: GERAN_SPEECH_DECODER,
  packetPath: GERAN_PACKET_PATH,
  // The chart writes the rate after these words: naming it here too printed it twice (issue 20, item 31).
  chartLabels: { capacity: 'ceiling with no speech' },
  SummaryRows: GeranSummaryRows,
  phoneFixed:
    'The phone stays where it is: in GERAN its position plays no part. The study’s channel is error-free ' +
    'wherever the phone is (Block error rate, in the Radio parameters, loses a share of the radio blocks ' +
    'instead); what shapes the data link is the call’s speech, which takes the shared timeslot, and the network delay.',
};
