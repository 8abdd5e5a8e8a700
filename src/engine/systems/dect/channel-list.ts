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
import {
  carrierOf,
  DECT_CARRIERS,
  DECT_CHANNELS,
  DECT_SLOTS,
  slotOf,
  type SlotGrid,
  type SlotWidth,
} from './air';

/**
 * The air's dimensions, read once into this module: the loops below run over the carriers at
 * every pick and refresh, and where imported names are live bindings read through getters (the
 * module runner Vitest runs the unit tests in) each read was a call — DECT ran 4–5× slower in the
 * unit tests than as a command, most of it here. Same values, same results.
 */
const CARRIERS = DECT_CARRIERS;
const SLOTS = DECT_SLOTS;

export const ChannelView = { QUIET: 0, INTERFERED: 1, BUSY: 2 } as const;
export type ChannelView = (typeof ChannelView)[keyof typeof ChannelView];

/** Probabilities of dect.md: P(Quiet | idle) and P(Interfered | reserved). */
export const P_QUIET_IF_IDLE = 0.8;
export const P_INTERFERED_IF_RESERVED = 0.5;

/**
 * The view of a cell by [3 × reserved + level], level = how many of P(Interfered | reserved) and
 * P(Quiet | idle) — 0.5 ≤ 0.8 — the draw is at or above: an idle cell is Quiet below 0.8, a
 * reserved one Interfered below 0.5.
 */
const VIEW_OF = Uint8Array.of(
  ChannelView.QUIET,
  ChannelView.QUIET,
  ChannelView.INTERFERED,
  ChannelView.INTERFERED,
  ChannelView.BUSY,
  ChannelView.BUSY,
);

/** Slots where a double-slot bearer may start (even slots), as a 12-bit mask. */
const EVEN_SLOTS = 0x555;
const ALL_SLOTS = (1 << SLOTS) - 1;
const TWO_POW_32 = 4294967296;

/** Set bits of every 12-bit mask, looked up (a pick counts candidates on ten carriers). */
const BIT_COUNT = Uint8Array.from({ length: 1 << SLOTS }, (_, m) => {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
});

/**
 * Scratch of {@link ChannelList.pick}: each carrier's candidate start slots in the view it
 * counted. One for all lists (a pick runs to its end before another starts): thousands of
 * background calls an hour each make a list, and a typed array apiece would cost more to make.
 */
const FOUND = new Uint16Array(CARRIERS);

export class ChannelList {
  /** The view of every channel (read-only outside: change it through {@link set}). */
  readonly view = new Uint8Array(DECT_CHANNELS);
  /**
   * The same view as one 12-bit slot mask per carrier and view kind ([kind × 10 + carrier]), so
   * that a pick looks at ten words instead of 120 channels; channel = carrier × 12 + slot, so the
   * candidates come in the same ascending order as a scan of `view`.
   */
  private readonly masks = new Uint16Array(3 * CARRIERS);
  /** Channels seen Quiet and Interfered (a pick with every slot free counts no masks). */
  private quietCount = 0;
  private interferedCount = 0;
  /** Refreshes so far. */
  refreshes = 0;

  constructor(private readonly rng: RandomStream) {}

  /** Look at every channel of `grid` again (one draw per channel, in channel order). */
  refresh(grid: SlotGrid): void {
    this.refreshes++;
    const rng = this.rng;
    const owner = grid.owner;
    const view = this.view;
    let quietCount = 0;
    let interferedCount = 0;
    const quietBelow = P_QUIET_IF_IDLE * TWO_POW_32;
    const interferedBelow = P_INTERFERED_IF_RESERVED * TWO_POW_32;
    for (let c = 0, ch = 0; c < CARRIERS; c++) {
      let quiet = 0;
      let interfered = 0;
      let busy = 0;
      for (let s = 0; s < SLOTS; s++, ch++) {
        // u / 2³² < p exactly when u < p · 2³²: the draw of next() without the multiplication.
        const u = rng.nextU32();
        // Without branches: whether a cell is reserved and where its draw falls are coin tosses
        // the processor cannot predict, and a mispredicted branch costs more than this arithmetic.
        const v = VIEW_OF[3 * +(owner[ch] !== -1) + +(u >= interferedBelow) + +(u >= quietBelow)];
        view[ch] = v;
        quiet |= +(v === ChannelView.QUIET) << s;
        interfered |= +(v === ChannelView.INTERFERED) << s;
        busy |= +(v === ChannelView.BUSY) << s;
      }
      this.masks[ChannelView.QUIET * CARRIERS + c] = quiet;
      this.masks[ChannelView.INTERFERED * CARRIERS + c] = interfered;
      this.masks[ChannelView.BUSY * CARRIERS + c] = busy;
      quietCount += BIT_COUNT[quiet];
      interferedCount += BIT_COUNT[interfered];
    }
    this.quietCount = quietCount;
    this.interferedCount = interferedCount;
  }

  /** See channel `ch` as `v` until the next refresh. */
  set(ch: number, v: ChannelView): void {
    const c = carrierOf(ch);
    const bit = 1 << slotOf(ch);
    this.count(this.view[ch], -1);
    this.masks[this.view[ch] * CARRIERS + c] &= ~bit;
    this.view[ch] = v;
    this.masks[v * CARRIERS + c] |= bit;
    this.count(v, 1);
  }

  private count(v: number, by: number): void {
    if (v === ChannelView.QUIET) this.quietCount += by;
    else if (v === ChannelView.INTERFERED) this.interferedCount += by;
  }

  /** The request on `ch` failed: do not ask for it again before the next refresh. */
  markBusy(ch: number): void {
    this.set(ch, ChannelView.BUSY);
  }

  /**
   * A channel for a bearer of `width` whose slots avoid `busySlots` (bit mask of the slots the
   * radio already uses), or −1 when the list offers none.
   */
  pick(busySlots: number, width: SlotWidth): number {
    // Start slots whose cells are all free in the radio: a double slot also needs the next slot.
    const free = ~busySlots & ALL_SLOTS;
    const starts = width === 1 ? free : free & (free >> 1) & EVEN_SLOTS;
    const found = FOUND;
    for (let wanted = ChannelView.QUIET as number; wanted <= ChannelView.INTERFERED; wanted++) {
      // A single-slot bearer on a radio with every slot free may take any channel seen `wanted`.
      const any = width === 1 && starts === ALL_SLOTS;
      let n = 0;
      if (any) n = wanted === ChannelView.QUIET ? this.quietCount : this.interferedCount;
      else
        for (let c = 0; c < CARRIERS; c++) {
          // Kept for the walk below, which then needs no second look at the masks.
          const m = this.candidates(wanted, c, starts, width);
          found[c] = m;
          n += BIT_COUNT[m];
        }
      if (n === 0) continue;
      let k = Math.min(n - 1, Math.floor(this.rng.next() * n));
      for (let c = 0; c < CARRIERS; c++) {
        let m = any ? this.masks[wanted * CARRIERS + c] : found[c];
        const here = BIT_COUNT[m];
        if (k >= here) {
          k -= here;
          continue;
        }
        for (; k > 0; k--) m &= m - 1;
        return c * SLOTS + (31 - Math.clz32(m & -m));
      }
    }
    return -1;
  }

  /** Start slots of carrier `c` seen as `wanted` (a double slot: its second cell not Busy). */
  private candidates(wanted: number, c: number, starts: number, width: SlotWidth): number {
    let m = this.masks[wanted * CARRIERS + c] & starts;
    if (width === 2) m &= ~(this.masks[ChannelView.BUSY * CARRIERS + c] >> 1);
    return m;
  }
}
