/**
 * The PHS system's pieces of the lab, for the shell to plug in: presets (Tables 1–2,
 * Figures 2–7) and the PIAFS monitor panel. The link toggles need nothing here: each link has
 * its own live key `link<n>` (engine/systems/phs/params.ts), which the shell's toggles send.
 */
import { lazy } from 'react';
import { PIAFS_DECODER } from './link-decoder';
import { activityFiles, exerciseFiles } from '../../exercises/collect';
import { PHS_CURVES } from './published-curves';
import { PHS_REALISATION } from './realisation';
import { PHS_TAKEAWAY } from './takeaway';
import { PHS_CLEAN, PHS_HEADLINE } from './baseline';
import type { LabPlugin } from '../types';
import { PHS_PRESETS } from './presets';
import { PHS_SUMMARY_FIELDS } from './summary-fields';
import { RTO_IN_FORCE, viewFigures } from '../view-figures';
import { PHS_PACKET_PATH } from './packet-path';

export { PHS_PRESETS } from './presets';
export { PHS_PUBLISHED } from './published';
export { monitorRows, monitorPatterns, cellText, type MonitorRow, type MonitorCell } from './monitor-rows';

// The panels are chunks of their own: only the system on screen downloads its views (issue 13).
const PiafsMonitorPanel = lazy(() =>
  import('./PiafsMonitor').then((m) => ({ default: m.PiafsMonitorPanel })),
);

/** Every `exercises/*.json` of this folder (ui.md "Exercises": a file per exercise). */
const EXERCISE_FILES = import.meta.glob<unknown>('./exercises/*.json', { eager: true, import: 'default' });
/** Every `activities/*.json` of this folder (issue 23: lessons of several steps, a file each). */
const ACTIVITY_FILES = import.meta.glob<unknown>('./activities/*.json', { eager: true, import: 'default' });

/** The PHS piece of the lab (the link toggles come from the `link<n>` keys, not from here). */
export const PHS_LAB: LabPlugin = {
  id: 'phs',
  // What its map captions and link counters print (hidden with the figures an exercise hides).
  viewFigures: viewFigures(
    (key) =>
      key === 'RTO'
        ? RTO_IN_FORCE
        : key === 'Links up'
          ? { paths: ['link.linksUp', 'link.meanLinksUp'] }
          : /^Unit [1-9]$/.test(key)
            ? { paths: [`link.fieldDbuv.${Number(key.slice(5)) - 1}`, 'link.unitFer'] }
            : undefined,
    (key, link) => {
      const i = link - 1;
      if (key === 'frames') return { paths: [`link.framesSentPerLink.${i}`] };
      if (key === 'CRC ERR') return { paths: [`link.crcErrorsPerLink.${i}`, 'link.crcErrors'] };
      if (key === 'resent')
        return { paths: [`link.retransmittedFramesPerLink.${i}`, 'link.retransmittedFrames'] };
      return undefined;
    },
    { 'link.fieldDbuv': ['phs.field'], 'link.unitFer': ['phs.field'] },
  ),
  realisation: PHS_REALISATION,
  takeaway: PHS_TAKEAWAY,
  headline: PHS_HEADLINE,
  cleanChannel: PHS_CLEAN,
  // npm run bench, README "Speed" (six-link 1 MB FTP Get: 6,480×).
  referenceSpeed: 6_400,
  publishedCurves: PHS_CURVES,
  exercises: exerciseFiles('phs', EXERCISE_FILES),
  activities: activityFiles('phs', ACTIVITY_FILES),
  presets: PHS_PRESETS,
  summaryFields: PHS_SUMMARY_FIELDS,
  panels: [
    { id: 'phs-monitor', title: 'PIAFS monitor (the study’s Figure 2)', Component: PiafsMonitorPanel },
  ],
  linkDecoder: PIAFS_DECODER,
  packetPath: PHS_PACKET_PATH,
  // 58 400 bit/s per link up, averaged over the run (phs.md), so it moves during the run.
  chartLabels: { capacity: 'capacity (links up, run average)' },
  // Each unit's field strength comes from the phone's distance (phs.md), with no key to turn it off.
  mapRadio: { kind: 'always', how: "each unit's field strength follows the phone's distance to it" },
};
