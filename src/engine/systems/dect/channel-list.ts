/**
 * A terminal's channel list (dect.md "Channel list"): its own view of every physical channel of
 * its RFP as Quiet, Interfered or Busy. At each refresh an idle channel is seen Quiet with
 * probability 0.8 and Interfered with 0.2; a reserved channel Interfered or Busy with 0.5 each.
 * Between refreshes the list goes stale — a channel reserved since still looks Quiet — which,
 * with simultaneous picks, is where set-ups and handovers fail under load.
 *
 * Picking (our rule where dect.md says only "pick channels from the list"): a random Quiet
 * channel in a slot the terminal's radio has free; when none is Quiet, a random Interfered one
 * (a reserved channel may be among them: the request then fails); never a Busy one. A channel
 * whose request failed is marked Busy until the next refresh, so the terminal does not ask for
 * it again at once.
 */
import type { RandomStream } from '../../core/rng';
import { DECT_CHANNELS, slotMaskOf, validStart, type SlotGrid, type SlotWidth } from './air';

export const ChannelView = { QUIET: 0, INTERFERED: 1, BUSY: 2 } as const;
export type ChannelView = (typeof ChannelView)[keyof typeof ChannelView];

/** Probabilities of dect.md: P(Quiet | idle) and P(Interfered | reserved). */
export const P_QUIET_IF_IDLE = 0.8;
export const P_INTERFERED_IF_RESERVED = 0.5;

export class ChannelList {
  readonly view = new Uint8Array(DECT_CHANNELS);
  /** Refreshes so far. */
  refreshes = 0;
  private readonly candidates = new Int16Array(DECT_CHANNELS);

  constructor(private readonly rng: RandomStream) {}

  /** Look at every channel of `grid` again (one draw per channel). */
  refresh(grid: SlotGrid): void {
    this.refreshes++;
    const rng = this.rng;
    for (let ch = 0; ch < DECT_CHANNELS; ch++) {
      const u = rng.next();
      if (!grid.reserved(ch))
        this.view[ch] = u < P_QUIET_IF_IDLE ? ChannelView.QUIET : ChannelView.INTERFERED;
      else this.view[ch] = u < P_INTERFERED_IF_RESERVED ? ChannelView.INTERFERED : ChannelView.BUSY;
    }
  }

  /** The request on `ch` failed: do not ask for it again before the next refresh. */
  markBusy(ch: number): void {
    this.view[ch] = ChannelView.BUSY;
  }

  /**
   * A channel for a bearer of `width` whose slots avoid `busySlots` (bit mask of the slots the
   * radio already uses), or −1 when the list offers none.
   */
  pick(busySlots: number, width: SlotWidth): number {
    for (const wanted of [ChannelView.QUIET, ChannelView.INTERFERED]) {
      let n = 0;
      for (let ch = 0; ch < DECT_CHANNELS; ch++) {
        if (!validStart(ch, width) || (slotMaskOf(ch, width) & busySlots) !== 0) continue;
        if (this.view[ch] !== wanted) continue;
        if (width === 2 && this.view[ch + 1] === ChannelView.BUSY) continue;
        this.candidates[n++] = ch;
      }
      if (n > 0) return this.candidates[Math.min(n - 1, Math.floor(this.rng.next() * n))];
    }
    return -1;
  }
}
