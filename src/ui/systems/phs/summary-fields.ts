import { Q } from '../../quantity';
import type { FieldsOf, SummaryFields } from '../types';
import type { PhsSummaryPath } from '../../../engine/systems/phs/contract';

/**
 * PHS's summary fields for people (phs.md; engine/systems/phs/summary.ts): three base-station units
 * of two PIAFS links each, bundled by PPP Multilink; lists are per unit or per link, in order.
 */
export const PHS_SUMMARY_FIELDS: SummaryFields = {
  'link.linksUp': { label: 'Links up at the end', quantity: Q.count },
  'link.meanLinksUp': { label: 'Links up on average', quantity: { form: 'decimal', unit: 'links' } },
  'link.fieldDbuv': { label: 'Field strength per unit', quantity: Q.dbuv },
  'link.unitFer': { label: 'Frame error rate per unit (from its field)', quantity: Q.ratio },
  'link.crcErrors': { label: 'CRC errors (all links)', quantity: Q.count },
  'link.retransmittedFrames': { label: 'PIAFS frames sent again (all links)', quantity: Q.count },
  'link.crcErrorsPerLink': { label: 'CRC errors per link', quantity: Q.count },
  'link.retransmittedFramesPerLink': { label: 'PIAFS frames sent again per link', quantity: Q.count },
  'link.repeatedFramesPerLink': {
    label: 'PIAFS frames repeated while nothing new could go, per link',
    quantity: Q.count,
  },
  'link.framesSentPerLink': { label: 'PIAFS frames sent per link', quantity: Q.count },
  'link.longestErrorRunSlots': {
    label: 'Longest run of CRC errors',
    quantity: { form: 'count', unit: 'slots' },
  },
  'link.mpPacketsDiscarded': { label: 'Packets Multilink discarded (a fragment lost)', quantity: Q.count },
  'link.mpFragmentsLost': { label: 'Multilink fragments given up as lost', quantity: Q.count },
  'link.mpFragmentsLostDead': {
    label: 'Fragments put on a released link before Multilink noticed',
    quantity: Q.count,
  },
  'link.mpTimeouts': { label: 'Multilink waits given up (timeout)', quantity: Q.count },
  'link.mpReorderOverflows': { label: 'Multilink reorder buffer overflows', quantity: Q.count },
  'link.lostStreamBytes': { label: 'Bytes lost with released links', quantity: Q.bytes },
  'link.setups': { label: 'Link set-ups', quantity: Q.count },
  'link.setupFailures': { label: 'Link set-ups that failed', quantity: Q.count },
  'link.releases': { label: 'Links released', quantity: Q.count },
  'link.drops': { label: 'Links lost to the radio', quantity: Q.count },
  'link.releaseDetect': { label: 'Time until Multilink noticed each release', quantity: Q.seconds },
  'link.bodyEvents': { label: 'People crossing the path (body shadowing)', quantity: Q.count },
  'link.forcedBursts': { label: 'CRC error bursts set by hand or by the scenario', quantity: Q.count },
  'link.clientStalls': { label: 'Packets held by the slow client', quantity: Q.count },
  'app.kbytesPerSecond': {
    label: 'Throughput in kbyte/s (1 kbyte = 1000 bytes, as Windows’ ftp prints it)',
    quantity: Q.kbyteps,
  },
} satisfies FieldsOf<PhsSummaryPath>;
