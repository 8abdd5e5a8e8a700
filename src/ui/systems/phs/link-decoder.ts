import type { FrameDecoder } from '../../charts/link-decoders';

/**
 * PIAFS monitor (phs.md "Views"): `piafs.monitor` (link, side, num, req, kind) with kind 0 DATA,
 * 1 IDLE, 2 CRC ERR and side 0 = received at the MS, 1 at the BS; rows = link × 2 + side; 10 ms
 * slots. The band is `channel.state` (link, dir, bad) as PHS records it: a link direction's CRC
 * verdict, recorded when it changes, drawn in row link × 2 + dir (dir 0 = received at the MS, as
 * side 0 here) — so runs of CRC errors are shaded as periods.
 */
export const PIAFS_DECODER: FrameDecoder = {
  source: 'piafs.monitor',
  fields: ['link', 'side', 'kind'],
  decode(cols, i, out) {
    const k = cols[2]![i];
    out.row = cols[0]![i] * 2 + cols[1]![i];
    out.kind = k === 0 ? 'data' : k === 1 ? 'idle' : null;
    out.error = k === 2;
    return true;
  },
  rowLabel: (r) => `L${Math.floor(r / 2) + 1} ${r % 2 === 0 ? 'MS' : 'BS'}`,
  frameS: 0.01,
  band: {
    source: 'channel.state',
    field: 'bad',
    rowField: 'link',
    subRow: { field: 'dir', count: 2 },
    label: 'CRC-error period',
  },
  labels: { control: 'idle (no data)', error: 'CRC ERR' },
  // The monitor does not mark re-sent frames (the PIAFS monitor panel finds them from NUM).
  categories: ['data', 'idle'],
};
