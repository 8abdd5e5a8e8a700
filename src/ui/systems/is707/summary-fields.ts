import { Q } from '../../quantity';
import type { FieldsOf, SummaryFields } from '../types';
import type { Is707SummaryPath } from '../../../engine/systems/is707/contract';

/**
 * IS-707's summary fields for people (is707.md "Stack"; model.ts): forward means base station →
 * mobile, where the data flows; both ends' RLP counts are summed.
 */
export const IS707_SUMMARY_FIELDS: SummaryFields = {
  'link.framesSent': { label: 'RLP frames sent forward (to the mobile)', quantity: Q.count },
  'link.frameErrors': { label: 'Forward frames lost on the radio', quantity: Q.count },
  'link.frameErrorRate': { label: 'Forward frame error rate, measured', quantity: Q.share },
  'link.meanErrorBurst': {
    label: 'Mean run of bad-channel frames',
    quantity: { form: 'decimal', unit: 'frames' },
  },
  'link.channelBadFraction': { label: 'Time the channel was bad', quantity: Q.share },
  'link.naksSent': { label: 'RLP NAKs sent (both ends)', quantity: Q.count },
  'link.retransmittedFrames': { label: 'RLP frames sent again after a NAK', quantity: Q.count },
  'link.aborts': { label: 'RLP aborts (gaps given up after the NAK rounds)', quantity: Q.count },
  'link.framesAbandoned': { label: 'RLP frames given up in those aborts', quantity: Q.count },
  'link.idleFramesSent': { label: 'Idle frames sent', quantity: Q.count },
  'link.seqAmbiguities': { label: 'Sequence numbers read wrongly (8-bit wrap)', quantity: Q.count },
  'link.reverseFramesSent': { label: 'RLP frames sent in reverse (to the base station)', quantity: Q.count },
  'link.reverseFrameErrors': { label: 'Reverse frames lost on the radio', quantity: Q.count },
  'link.packetsDiscarded': { label: 'IP packets discarded (a byte lost inside)', quantity: Q.count },
  'link.apQueueDrops': { label: 'Packets dropped at the access point’s full queue', quantity: Q.count },
  'link.fer': { label: 'Frame error rate set (Pe)', quantity: Q.ratio },
  'link.fdt': { label: 'Normalized Doppler f_dT', quantity: Q.ratio },
} satisfies FieldsOf<Is707SummaryPath>;
