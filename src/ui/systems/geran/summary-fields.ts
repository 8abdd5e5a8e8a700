import { Q } from '../../quantity';
import type { FieldsOf, SummaryFields } from '../types';
import type { GeranSummaryPath } from '../../../engine/systems/geran/contract';

/**
 * GERAN's summary fields for people (geran.md "Metrics"; engine/systems/geran/summary.ts). The
 * download figures are means over the finished downloads (the running one before any finished).
 */
export const GERAN_SUMMARY_FIELDS: SummaryFields = {
  'link.speech': { label: 'Speech in the timeslot', quantity: Q.words },
  'link.activity': { label: 'Voice activity (share of time talking)', quantity: Q.share },
  'link.delay': { label: 'Network delay each way', quantity: Q.seconds },
  'link.downlinkSilenceShare': { label: 'Downlink silent (free for data)', quantity: Q.share },
  'link.uplinkSilenceShare': { label: 'Uplink silent (free for data)', quantity: Q.share },
  'link.dataBlocksUp': { label: 'Radio blocks of data sent uplink', quantity: Q.count },
  'link.dataBlocksDown': { label: 'Radio blocks of data sent downlink', quantity: Q.count },
  'link.erasedBlocks': { label: 'Radio blocks erased (bler)', quantity: Q.count },
  'link.packetsLost': { label: 'Packets lost to erased blocks', quantity: Q.count },
  'link.maxBacklogUp': { label: 'Largest queue at the mobile', quantity: Q.bytes },
  'link.maxBacklogDown': { label: 'Largest queue at the base station', quantity: Q.bytes },
  'app.page': { label: 'Web page', quantity: Q.words },
  'app.objectsPerPage': { label: 'Objects per page', quantity: Q.count },
  'app.downloads': { label: 'Page downloads finished', quantity: Q.count },
  'app.objectsFetched': { label: 'Objects fetched (all downloads)', quantity: Q.count },
  'app.objectsFailed': { label: 'Objects that failed (all downloads)', quantity: Q.count },
  'app.bytes': { label: 'Bytes of the pages downloaded', quantity: Q.bytes },
  'app.transferTime': { label: 'Download time (first SYN to last byte)', quantity: Q.seconds },
  'app.throughputKbps': { label: 'Download rate', quantity: Q.kbps },
  'app.efficiency': { label: 'Efficiency (bytes / downlink silence × 3893 bytes/s)', quantity: Q.share },
  'app.efficiencyAvailability': {
    label: 'Efficiency against the mean silence (1 − activity)',
    quantity: Q.share,
  },
  'app.retransmissionShare': { label: 'Share lost to retransmissions', quantity: Q.share },
  'app.stallingShare': { label: 'Share lost to stalls (set-up, slow start, timeouts)', quantity: Q.share },
  'app.bestStretchKbps': { label: 'Best 5 s stretch', quantity: Q.kbps },
  'app.perDownload': { label: 'Each download’s figures', quantity: Q.words },
} satisfies FieldsOf<GeranSummaryPath>;
