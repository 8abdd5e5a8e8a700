/**
 * The GSM system's pieces of the lab, for the shell to plug in: presets, the RLP decoder of the
 * link-layer chart, and the panels (RLP frames and counters, the byte-budget bar, the rr/crr
 * transaction timeline).
 */
import { lazy } from 'react';
import { activityFiles, exerciseFiles } from '../../exercises/collect';
import { GSM_CURVES } from './published-curves';
import { GSM_REALISATION } from './realisation';
import { GSM_TAKEAWAY } from './takeaway';
import { GSM_CLEAN, GSM_HEADLINE } from './baseline';
import type { LabPlugin, SystemPanel } from '../types';
import { GsmSummaryRows } from './SummaryRows';
import { gsmParamNote } from './param-notes';
import { GSM_PRESETS } from './presets';
import { GSM_SUMMARY_FIELDS } from './summary-fields';
import { GSM_RLP_DECODER } from './rlp-decoder';
import { NO_FIGURE, viewFigures } from '../view-figures';
import { GSM_PACKET_PATH } from './packet-path';

export { GSM_PRESETS } from './presets';
export { GSM_PUBLISHED } from './published';
export { GSM_RLP_DECODER, GSM_FRAME_KIND } from './rlp-decoder';
export { budgetSlices, BUDGET_SLICES, GSM_BUDGET_TOTAL, shownSlices, type BudgetSlice } from './budget';
export { rlpStrip, KIND_TEXT, type RlpCell } from './rlp-strip';
export { transactionRows, transactionRate, startOf, type TransactionRow } from './transactions';

// The panels are chunks of their own: only the system on screen downloads its views (issue 13).
const ByteBudgetPanel = lazy(() => import('./ByteBudgetBar').then((m) => ({ default: m.ByteBudgetPanel })));
const RlpPanel = lazy(() => import('./RlpPanel').then((m) => ({ default: m.RlpPanel })));
const TransactionPanel = lazy(() =>
  import('./TransactionTimeline').then((m) => ({ default: m.TransactionPanel })),
);

/** The GSM panels, in page order. */
export const GSM_PANELS: readonly SystemPanel[] = [
  { id: 'gsm-byte-budget', title: 'Byte budget (where the 1200 bytes/s go)', Component: ByteBudgetPanel },
  { id: 'gsm-rlp', title: 'RLP frames', Component: RlpPanel },
  { id: 'gsm-transactions', title: 'Transactions (rr / crr)', Component: TransactionPanel },
];

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });
/** Every `activities/*.json` of this folder (issue 23: lessons of several steps, a file each). */
const ACTIVITY_FILES = import.meta.glob<unknown>('./activities/*.json', { eager: true, import: 'default' });

export const GSM_LAB: LabPlugin = {
  id: 'gsm',
  // What its map captions and link counters print (hidden with the figures an exercise hides).
  viewFigures: viewFigures(
    {
      Radio: { paths: ['link.radio'] },
      FER: { paths: ['link.fer'] },
      f_dT: { paths: ['link.fdt'] },
      RLP: NO_FIGURE,
      'Serial backlog': { paths: ['link.serialBacklogMax'] },
    },
    {
      I: { paths: ['link.iFrames'] },
      SREJ: { paths: ['link.srej'] },
      REJ: { paths: ['link.rej'] },
      T1: { paths: ['link.t1Expiries'] },
      resets: { paths: ['link.resets', 'link.resetEvents', 'link.resetsPerMinute'] },
      errors: { paths: ['link.frameErrorsUp', 'link.frameErrorsDown', 'link.frameErrorRate'] },
    },
  ),
  realisation: GSM_REALISATION,
  takeaway: GSM_TAKEAWAY,
  headline: GSM_HEADLINE,
  cleanChannel: GSM_CLEAN,
  // npm run bench, README "Speed" (500 kB FTP Get: 31,600×).
  referenceSpeed: 31_000,
  publishedCurves: GSM_CURVES,
  exercises: exerciseFiles('gsm', EXERCISE_FILES),
  activities: activityFiles('gsm', ACTIVITY_FILES),
  presets: GSM_PRESETS,
  summaryFields: GSM_SUMMARY_FIELDS,
  panels: GSM_PANELS,
  linkDecoder: GSM_RLP_DECODER,
  packetPath: GSM_PACKET_PATH,
  SummaryRows: GsmSummaryRows,
  // `radio=map`: the FER follows the phone's distance (gsm.md); the other radios are fixed profiles.
  mapRadio: { kind: 'option', key: 'radio', option: 'map', changes: 'the FER' },
  paramNote: gsmParamNote,
};
