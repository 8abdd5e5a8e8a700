import { decodeDirKind, type FrameCategory, type FrameDecoder } from '../../charts/link-decoders';

const IS707_KINDS: readonly (FrameCategory | null)[] = [null, 'data', 'retx', 'idle', 'nak'];

/**
 * IS-707 RLP (is707.md): `link.frame` (dir, kind, seq, error) with kind 0 none, 1 data, 2 retx,
 * 3 idle, 4 nak; rows = dir (0 forward / downlink, 1 reverse / uplink); `channel.state` (dir, bad)
 * as the band; `link.abort` (dir…) and `link.nak` (dir, round…) as events; 20 ms frames.
 */
export const IS707_DECODER: FrameDecoder = {
  source: 'link.frame',
  fields: ['dir', 'kind'],
  optional: ['error'],
  decode: decodeDirKind(IS707_KINDS),
  rows: [0, 1],
  rowLabel: (r) => (r === 0 ? 'forward' : r === 1 ? 'reverse' : `dir ${r}`),
  frameS: 0.02,
  band: { source: 'channel.state', field: 'bad', rowField: 'dir', label: 'bad channel state' },
  abort: { source: 'link.abort', rowField: 'dir' },
  nak: { source: 'link.nak', rowField: 'dir', levelField: 'round', maxLevel: 3 },
  labels: { control: 'NAK / idle', abort: 'abort', nakRound: 'NAK round 1–3' },
};
