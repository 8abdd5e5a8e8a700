import { Q } from '../../quantity';
import type { FieldsOf, SummaryFields } from '../types';
import type { GsmSummaryPath } from '../../../engine/systems/gsm/contract';

const budget = (part: string) => ({ label: `Byte budget: ${part}`, quantity: Q.bytesps });

/**
 * GSM's summary fields for people (gsm.md "Stack"; engine/systems/gsm/summary.ts). Both RLP ends'
 * counts are summed; "reset" means one RLP reset procedure (SABM/UA), issue 20 item 7.
 */
export const GSM_SUMMARY_FIELDS: SummaryFields = {
  'link.radio': { label: 'Radio conditions', quantity: Q.words },
  'link.fer': { label: 'Frame error rate in force (Pe)', quantity: Q.ratio },
  'link.fdt': { label: 'Normalized Doppler f_dT', quantity: Q.ratio },
  'link.rlpFrames': { label: 'RLP frame slots (20 ms, each way)', quantity: Q.count },
  'link.iFrames': { label: 'RLP I frames sent', quantity: Q.count },
  'link.iFramesRetransmitted': { label: 'RLP I frames sent again', quantity: Q.count },
  'link.srej': { label: 'Selective rejects sent (SREJ)', quantity: Q.count },
  'link.rej': { label: 'Rejects sent (REJ, go back N)', quantity: Q.count },
  'link.t1Expiries': { label: 'RLP T1 expiries', quantity: Q.count },
  'link.polls': { label: 'RLP polls sent (RR with P = 1)', quantity: Q.count },
  'link.n2Exhausted': { label: 'N2 polls run out (each asks for a reset)', quantity: Q.count },
  'link.sabmReceived': { label: 'Resets the other end started (SABM received)', quantity: Q.count },
  'link.resetProcedures': { label: 'RLP resets (SABM/UA; both ends flush)', quantity: Q.count },
  'link.resetsPerMinute': { label: 'RLP resets per minute', quantity: Q.perMinute },
  'link.callDrops': { label: 'Call dropped', quantity: Q.count },
  'link.callDropReason': { label: 'Why the call dropped', quantity: Q.words },
  'link.seqAliases': { label: 'Sequence numbers read wrongly (modulo 62)', quantity: Q.count },
  'link.frameErrorsUp': { label: 'RLP frames lost uplink', quantity: Q.count },
  'link.frameErrorsDown': { label: 'RLP frames lost downlink', quantity: Q.count },
  'link.frameErrorRate': { label: 'RLP frame error rate, measured', quantity: Q.share },
  'link.rlpBytesFlushed': { label: 'Bytes flushed by RLP resets', quantity: Q.bytes },
  'link.pppFramesUp': { label: 'PPP frames sent uplink', quantity: Q.count },
  'link.pppFramesDown': { label: 'PPP frames sent downlink', quantity: Q.count },
  'link.pppEscapedBytes': { label: 'Bytes PPP escaped (stuffing)', quantity: Q.bytes },
  'link.pppLostFrames': { label: 'PPP frames lost (bad FCS)', quantity: Q.count },
  'link.vjCompressed': { label: 'Packets sent with VJ-compressed headers', quantity: Q.count },
  'link.vjUncompressed': { label: 'Packets sent with full headers (VJ)', quantity: Q.count },
  'link.vjTossed': { label: 'Packets the VJ decompressor tossed', quantity: Q.count },
  'link.vjBadChecksum': { label: 'VJ-rebuilt packets with a bad TCP checksum', quantity: Q.count },
  'link.v42Frames': { label: 'V.42 frames (IWF ↔ server modem)', quantity: Q.count },
  'link.v42OverheadBytes': { label: 'V.42 overhead', quantity: Q.bytes },
  'link.serialBacklogMax': { label: 'Largest serial-line backlog', quantity: Q.bytes },
  'link.budget.dir': { label: 'Byte budget: direction of the data', quantity: Q.words },
  'link.budget.payload': budget('payload'),
  'link.budget.headers': budget('TCP/IP headers'),
  'link.budget.pppFraming': budget('PPP framing'),
  'link.budget.pppStuffing': budget('PPP stuffing'),
  'link.budget.retransmissions': budget('retransmissions'),
  'link.budget.v42Overhead': budget('V.42 overhead'),
  'link.budget.spare': budget('spare'),
  'app.kbytesPerSecond': {
    label: 'Throughput in kbyte/s (1 kbyte = 1024 bytes, as the study counts)',
    quantity: Q.kbyteps,
  },
} satisfies FieldsOf<GsmSummaryPath>;
