/**
 * The DECT link timeline (dect.md "Views": MAC retransmissions): `dect.mac` (terminal, bearer,
 * carrier, slot, dir, kind, seq, attempt, errors) with kind 0 new, 1 retransmission, 2 given up;
 * one row per bearer of the TCP user, both directions in it; a packet with a bad subfield is marked
 * in error. The band is the bearer's Gilbert–Elliott bad state (`dect.bearerState`). 10 ms frames.
 */
import type { FrameDecoder } from '../../charts/link-decoders';

export const DECT_MAC_DECODER: FrameDecoder = {
  source: 'dect.mac',
  fields: ['bearer', 'kind', 'errors'],
  decode(cols, i, out) {
    const kind = cols[1]![i];
    out.row = cols[0]![i];
    out.kind = kind === 0 ? 'data' : kind === 1 ? 'retx' : null;
    out.error = kind === 2 || cols[2]![i] > 0;
    return true;
  },
  rowLabel: (r) => `bearer ${r + 1}`,
  frameS: 0.01,
  band: { source: 'dect.bearerState', field: 'bad', rowField: 'bearer', label: 'bearer in bad state' },
  labels: { error: 'subfield error / given up' },
  categories: ['data', 'retx'],
};
