/**
 * What the lab observes of a DECT run beyond its traces (view.ts sends it with every view): each
 * RFP's slot/carrier grid as one compact string, the background terminals as flat arrays, and the
 * histogram of the delay D. Reading only: nothing here draws a random number or changes the
 * model, so the run, its summary and its trace hash are the same with or without a reader.
 */
import type { Nanos } from '../../core/time';
import { DECT_CHANNELS } from './air';
import { ChannelView } from './channel-list';
import type { DectState } from './state';
import { TCP_USER } from './tcp-user';
import { MacState } from './terminal';
import { GRID_CELL_KINDS, GridCode } from './contract';

export { GridCode } from './contract';

/** The grid of RFP `r` as a string of 120 code digits, and its counts per code. */
export function gridCodes(m: DectState, r: number): { cells: string; counts: number[] } {
  const term = m.user.terminal;
  const owner = m.cluster.grids[r].owner;
  const counts = GRID_CELL_KINDS.map(() => 0);
  // Channel → bearer of the TCP user on this RFP, and which of them are being handed over.
  const moving = new Set<number>();
  const mine = new Set<number>();
  for (let i = 0; i < term.ch.length; i++) {
    if (term.ch[i] < 0 || term.bearerRfp[i] !== r) continue;
    mine.add(term.ch[i]);
    const inConnectionHandover = term.state === MacState.CONNECTION_HANDOVER && r !== term.rfp;
    if (i === term.ho || inConnectionHandover) moving.add(term.ch[i]);
  }
  // The TCP user's list is its view of its serving RFP; it is refreshed at set-up, on entering a
  // handover and every 30 frames during one (channel-list.ts), so between refreshes it is stale.
  const list = r === term.rfp ? term.list.view : null;
  let s = '';
  for (let ch = 0; ch < DECT_CHANNELS; ch++) {
    const o = owner[ch];
    const code =
      o < 0
        ? list && list[ch] !== ChannelView.QUIET
          ? GridCode.INTERFERED
          : GridCode.FREE
        : o !== TCP_USER
          ? GridCode.BACKGROUND
          : moving.has(ch)
            ? GridCode.HANDOVER
            : mine.has(ch)
              ? GridCode.TCP
              : GridCode.BACKGROUND;
    counts[code]++;
    s += code;
  }
  return { cells: s, counts };
}

export { DELAY_BIN_S, DELAY_BINS } from './delay-stats';

/** The delay figures the lab's histogram draws (s): delivered and censored segments binned. */
export interface DelayHistogramData {
  /** Delivered segments per bin (trailing empty bins left out). */
  readonly delivered: number[];
  /** Segments still waiting at the view's time, binned by their age (a lower bound of their D). */
  readonly censored: number[];
  /** Mean over both, s: the summary's `app.delay.mean` (censored segments at their age). */
  readonly mean: number;
  readonly count: number;
  readonly censoredCount: number;
}

/**
 * The histogram of D at `now`: the delivered segments' bins as the model keeps them, the waiting
 * segments binned by age (delay-stats.ts: by binary search, whatever the run's length).
 */
export function delayHistogram(m: DectState, now: Nanos): DelayHistogramData {
  const f = m.delays.figures(m.flows, now);
  const total = m.delays.delivered + f.censored;
  return {
    delivered: trimmed(m.delays.linear),
    censored: trimmed(m.delays.censoredLinear(m.flows, now)),
    mean: total > 0 ? f.mean : 0,
    count: total,
    censoredCount: f.censored,
  };
}

function trimmed(a: Float64Array): number[] {
  let end = a.length;
  while (end > 0 && a[end - 1] === 0) end--;
  return Array.from(a.subarray(0, end));
}

/** The background terminals as flat arrays: x, y interleaved (m) and the serving RFP of each. */
export function backgroundCrowd(m: DectState): { xy: Float32Array; group: Uint8Array } {
  const calls = m.background.calls;
  const xy = new Float32Array(2 * calls.length);
  const group = new Uint8Array(calls.length);
  for (let i = 0; i < calls.length; i++) {
    xy[2 * i] = calls[i].x;
    xy[2 * i + 1] = calls[i].y;
    group[i] = calls[i].terminal.rfp;
  }
  return { xy, group };
}
