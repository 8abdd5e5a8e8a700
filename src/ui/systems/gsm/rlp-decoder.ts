/**
 * The GSM RLP view on the generic link-layer timeline (gsm.md "Views": "an RLP view (I-frames,
 * SREJ/REJ, T1 expiries, resets) aligned with the channel state"). It reads `link.frame`
 * (dir, kind, seq, error) as the GSM RLP link records it (link/gsm-rlp/link.ts): one row per
 * direction, I frames as data, resent I frames as retransmissions, SREJ / REJ / polls (a poll is
 * what a T1 expiry sends) / SABM / UA in the control lane, RR and NULL frames as idle; frames the
 * channel erased as errors; `channel.state` as the bad-channel band; `link.reset` as ▲.
 */
import { decodeDirKind, type FrameCategory, type FrameDecoder } from '../../charts/link-decoders';

/** `link.frame` kind codes of the GSM RLP link (GSM_RLP_FRAME_CLASS_LABELS). */
export const GSM_FRAME_KIND = {
  none: 0,
  I: 1,
  IRetx: 2,
  RR: 3,
  SREJ: 4,
  REJ: 5,
  poll: 6,
  pollAnswer: 7,
  SABM: 8,
  UA: 9,
  NULL: 10,
} as const;

const CATEGORY: readonly (FrameCategory | null)[] = [
  null, // none
  'data', // I
  'retx', // I resent
  'idle', // RR
  'nak', // SREJ
  'nak', // REJ
  'nak', // poll (T1 expired)
  'idle', // poll answer
  'nak', // SABM (reset)
  'nak', // UA
  'idle', // NULL (while resetting)
];

export const GSM_RLP_DECODER: FrameDecoder = {
  source: 'link.frame',
  fields: ['dir', 'kind'],
  optional: ['error'],
  // Rows are the directions themselves (0 uplink, 1 downlink), as the band and reset sources name them.
  decode: decodeDirKind(CATEGORY),
  rows: [0, 1],
  rowLabel: (r) => (r === 0 ? 'uplink' : r === 1 ? 'downlink' : `dir ${r}`),
  frameS: 0.02,
  band: { source: 'channel.state', field: 'bad', rowField: 'dir', label: 'bad channel state' },
  abort: { source: 'link.reset', rowField: 'dir' },
  labels: { control: 'SREJ · REJ · poll / RR', abort: 'RLP reset' },
};
