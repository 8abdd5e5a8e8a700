/**
 * The DECT link timeline (dect.md "Views": per-bearer good/bad strip, MAC retransmissions and DLC
 * timer events): `dect.mac` (terminal, bearer, carrier, slot, dir, kind, seq, attempt, errors) with
 * kind 0 new, 1 retransmission, 2 given up; one row per bearer of the TCP user, both directions in
 * it; a packet with a bad subfield is marked in error. The band is the bearer's Gilbert–Elliott bad
 * state (`dect.bearerState`), ended when the bearer is released or set up again (`dect.handover`:
 * the state is recorded on changes only, and a new bearer starts good). Two more rows, DLC down
 * and DLC up, carry the DLC LU2 events of `dect.dlc`: timer 1 expired (the receiver asks for the
 * missing fragments: go-back-N) +, timer 2 expired ▼, DLC frame given up ▲. 10 ms frames.
 */
import type { FrameDecoder } from '../../charts/link-decoders';
import { CHART_STYLE } from '../../theme/chart-style';

/** Rows of the DLC events: direction 0 (down) and 1 (up) after the twelve bearers. */
export const DLC_ROW = 100;
/** `dect.handover` kinds that end a bearer's band: failed (released), up (a new bearer), down. */
const BEARER_CHANGES = [2, 6, 7];

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
  rows: [DLC_ROW, DLC_ROW + 1],
  rowLabel: (r) => (r >= DLC_ROW ? `DLC ${r === DLC_ROW ? 'down' : 'up'}` : `bearer ${r + 1}`),
  frameS: 0.01,
  // Ten bearers and the two DLC rows at 28 px.
  height: CHART_STYLE.margin.top + CHART_STYLE.margin.bottom + 12 * 28,
  band: {
    source: 'dect.bearerState',
    field: 'bad',
    rowField: 'bearer',
    label: 'bearer in bad state',
    reset: { source: 'dect.handover', rowField: 'bearer', kindField: 'kind', kinds: BEARER_CHANGES },
  },
  marks: [
    {
      source: 'dect.dlc',
      rowField: 'dir',
      rowOffset: DLC_ROW,
      kindField: 'kind',
      marks: [
        { kind: 0, label: 'DLC timer 1 (go back)', marker: 'cross', meaning: 'ink' },
        { kind: 1, label: 'DLC timer 2', marker: 'triangleDown', meaning: 'timeout' },
        { kind: 2, label: 'DLC frame given up', marker: 'triangle', meaning: 'abort' },
      ],
    },
  ],
  labels: { error: 'subfield error / MAC packet given up' },
  categories: ['data', 'retx'],
};
