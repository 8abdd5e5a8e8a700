/**
 * The DECT air interface of the cluster (dect.md "Air interface"): 10 ms TDMA frames of 12
 * duplex slot pairs on 10 carriers; a physical channel is a (carrier, slot) pair; three RFPs at
 * (−40, 0), (0, 0) and (40, 0) m, each able to use the whole TDMA capacity, so each keeps its own
 * grid of 120 channels. A mobile has one radio: it never holds two bearers in one slot.
 *
 * Slot widths (our reading of the terminal types): a full-slot bearer (P32, Data, the TCP user)
 * reserves one (carrier, slot); a double-slot bearer (P80) reserves two adjacent slots of one
 * carrier (an even slot and the next, as DECT pairs them); a half-slot bearer (P08j) uses half a
 * slot's time but still makes the physical channel unusable for a full-slot bearer, so on the
 * grid it reserves the whole (carrier, slot).
 */
import type { TraceSource } from '../../core/trace';
import { DECT_CARRIERS, DECT_SLOTS } from './contract';

export { DECT_CARRIERS, DECT_SLOTS };
/** Physical channels per RFP: index = carrier × 12 + slot. */
export const DECT_CHANNELS = DECT_CARRIERS * DECT_SLOTS;
/** RFP positions on the map, metres. */
export const DECT_RFPS: readonly { readonly x: number; readonly y: number }[] = [
  { x: -40, y: 0 },
  { x: 0, y: 0 },
  { x: 40, y: 0 },
];
/** A phone changes RFP only when the new one is nearer by more than this, m (dect.md). */
export const DECT_HYSTERESIS_M = 5;

export const slotOf = (ch: number): number => ch % DECT_SLOTS;
export const carrierOf = (ch: number): number => Math.floor(ch / DECT_SLOTS);

/** Bearer widths on the grid: cells reserved per bearer. */
export type SlotWidth = 1 | 2;

/** Slots (bit mask over the 12) a bearer of `width` on channel `ch` occupies. */
export function slotMaskOf(ch: number, width: SlotWidth): number {
  const s = slotOf(ch);
  return width === 2 ? (3 << s) & 0xfff : 1 << s;
}

/** Can a bearer of `width` start on channel `ch` at all (a double slot needs an even slot)? */
export function validStart(ch: number, width: SlotWidth): boolean {
  return width === 1 || slotOf(ch) % 2 === 0;
}

/**
 * The RFP serving a phone at (x, y): the nearest, but the current one is kept unless another is
 * nearer by more than the hysteresis (dect.md "the nearest (5 m hysteresis)").
 */
export function servingRfp(x: number, y: number, current: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let r = 0; r < DECT_RFPS.length; r++) {
    const d = Math.hypot(x - DECT_RFPS[r].x, y - DECT_RFPS[r].y);
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  if (current < 0 || current >= DECT_RFPS.length || best === current) return best;
  const dCur = Math.hypot(x - DECT_RFPS[current].x, y - DECT_RFPS[current].y);
  return dCur - bestD > DECT_HYSTERESIS_M ? best : current;
}

/** Grid trace kinds (`dect.slot`). */
export const SlotTraceKind = { RESERVE: 0, RELEASE: 1 } as const;

/**
 * One RFP's grid: which terminal holds each physical channel (−1 = idle). Reservations are made
 * only through {@link DectCluster.grant}, after the frame's requests have been arbitrated.
 */
export class SlotGrid {
  readonly owner = new Int32Array(DECT_CHANNELS).fill(-1);
  /** Reserved channels. */
  used = 0;

  constructor(readonly rfp: number) {}

  /** Is every cell a bearer of `width` on `ch` needs idle? */
  free(ch: number, width: SlotWidth): boolean {
    if (!validStart(ch, width)) return false;
    if (this.owner[ch] !== -1) return false;
    return width === 1 || this.owner[ch + 1] === -1;
  }

  reserved(ch: number): boolean {
    return this.owner[ch] !== -1;
  }
}

/** The three grids and the `dect.slot` trace (rfp, terminal, carrier, slot, kind). */
export class DectCluster {
  readonly grids: readonly SlotGrid[] = DECT_RFPS.map((_, r) => new SlotGrid(r));
  /** Σ over the frames tallied of the channels reserved on each RFP (all terminals), and the frames. */
  readonly heldFrames = new Float64Array(DECT_RFPS.length);
  tallied = 0;

  constructor(private readonly trace: TraceSource | null) {}

  reserve(rfp: number, ch: number, width: SlotWidth, terminal: number, t: number): void {
    const g = this.grids[rfp];
    for (let k = 0; k < width; k++) {
      if (g.owner[ch + k] !== -1)
        throw new Error(`DECT: channel ${ch + k} of RFP ${rfp} is already reserved`);
      g.owner[ch + k] = terminal;
      g.used++;
      this.trace?.record(t, rfp, terminal, carrierOf(ch + k), slotOf(ch + k), SlotTraceKind.RESERVE);
    }
  }

  /** Once per frame, after the frame's grants: add each RFP's reserved channels to its tally. */
  tally(): void {
    for (let r = 0; r < this.grids.length; r++) this.heldFrames[r] += this.grids[r].used;
    this.tallied++;
  }

  /** Mean channels reserved on RFP `r` over the frames tallied (of its 120). */
  meanHeld(r: number): number {
    return this.tallied > 0 ? this.heldFrames[r] / this.tallied : 0;
  }

  release(rfp: number, ch: number, width: SlotWidth, terminal: number, t: number): void {
    const g = this.grids[rfp];
    for (let k = 0; k < width; k++) {
      if (g.owner[ch + k] !== terminal)
        throw new Error(`DECT: channel ${ch + k} of RFP ${rfp} is not terminal ${terminal}'s`);
      g.owner[ch + k] = -1;
      g.used--;
      this.trace?.record(t, rfp, terminal, carrierOf(ch + k), slotOf(ch + k), SlotTraceKind.RELEASE);
    }
  }
}
