/**
 * The RLP frame strip of the GSM panel: what each 20 ms RLP frame carried in one direction over
 * a window of slots, from `link.frame` (dir, kind, seq, error) and `channel.state` (dir, bad).
 */
import { lowerBound } from '../../charts/data';
import { GSM_FRAME_KIND as K } from './rlp-decoder';

export const RLP_SLOT_S = 0.02;

/** Trace columns as the lab holds them (times in seconds). */
export interface StripColumns {
  readonly length: number;
  readonly t: Float64Array;
  readonly cols: Readonly<Record<string, Float64Array>>;
}

export interface RlpCell {
  readonly slot: number;
  /** `link.frame` kind code (GSM_FRAME_KIND). */
  readonly kind: number;
  /** True N(S) of an I frame, true N(R) otherwise. */
  readonly seq: number;
  readonly error: boolean;
  /** The channel was in its bad state. */
  readonly bad: boolean;
}

/**
 * Short symbol and words of each frame kind (never colour alone, ui.md); `legend` is the name under
 * the strip. GSM 04.22 §5.2: a poll is a supervisory frame with the P bit set after T1 expired; the
 * peer answers with the F (final) bit set.
 */
export const KIND_TEXT: Readonly<Record<number, { sym: string; words: string; legend: string }>> = {
  [K.I]: { sym: 'I', words: 'I frame', legend: 'data (I frame)' },
  [K.IRetx]: { sym: '↺', words: 'I frame sent again', legend: 'I frame sent again' },
  [K.RR]: { sym: '·', words: 'RR (acknowledgement only)', legend: 'RR (acknowledgement only)' },
  [K.SREJ]: { sym: 'S', words: 'SREJ (asks for one frame)', legend: 'SREJ (asks for one frame)' },
  [K.REJ]: { sym: 'J', words: 'REJ (go back)', legend: 'REJ (go back)' },
  [K.poll]: { sym: 'P', words: 'poll: T1 expired', legend: 'poll (T1 expired)' },
  [K.pollAnswer]: {
    sym: 'F',
    words: 'answer to a poll (F bit)',
    legend: 'answer to a poll (final bit)',
  },
  [K.SABM]: { sym: 'R', words: 'SABM: reset', legend: 'SABM (reset)' },
  [K.UA]: { sym: 'U', words: 'UA: reset acknowledged', legend: 'UA (reset acknowledged)' },
  [K.NULL]: { sym: '–', words: 'nothing to send (resetting)', legend: 'nothing to send (resetting)' },
};

/** Directions in the order of the link-layer chart's rows: uplink (0) first, then downlink (1). */
export const STRIP_DIRECTIONS: readonly { readonly dir: number; readonly label: string }[] = [
  { dir: 0, label: 'uplink' },
  { dir: 1, label: 'downlink' },
];

/** Cells of direction `dir` (0 up, 1 down) for slots [from, to]; null where nothing was sent. */
export function rlpStrip(
  frames: StripColumns | undefined,
  channel: StripColumns | undefined,
  dir: number,
  from: number,
  to: number,
): (RlpCell | null)[] {
  const out: (RlpCell | null)[] = new Array<RlpCell | null>(Math.max(0, to - from + 1)).fill(null);
  if (!frames || frames.length === 0) return out;
  const d = frames.cols.dir;
  const kind = frames.cols.kind;
  const seq = frames.cols.seq;
  const err = frames.cols.error;
  // Channel state per slot (recorded when it changes).
  const bad = new Uint8Array(out.length);
  if (channel && channel.length > 0) {
    const cd = channel.cols.dir;
    const cb = channel.cols.bad;
    let k = lowerBound(channel.t, channel.length, (from + 0.5) * RLP_SLOT_S);
    let state = 0;
    for (let j = k - 1; j >= 0; j--)
      if (cd[j] === dir) {
        state = cb[j];
        break;
      }
    for (let slot = from; slot <= to; slot++) {
      const t = (slot + 0.5) * RLP_SLOT_S;
      while (k < channel.length && channel.t[k] <= t) {
        if (cd[k] === dir) state = cb[k];
        k++;
      }
      bad[slot - from] = state;
    }
  }
  const i0 = lowerBound(frames.t, frames.length, (from - 0.5) * RLP_SLOT_S);
  for (let i = i0; i < frames.length; i++) {
    const slot = Math.round(frames.t[i] / RLP_SLOT_S);
    if (slot > to) break;
    if (slot < from || d[i] !== dir) continue;
    out[slot - from] = {
      slot,
      kind: kind[i],
      seq: seq ? seq[i] : 0,
      error: err ? err[i] > 0 : false,
      bad: bad[slot - from] === 1,
    };
  }
  return out;
}
