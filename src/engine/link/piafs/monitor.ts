/**
 * The PIAFS monitor (phs.md "Views"; the study's Figure 2): one row per slot and side for the
 * frame that side received — TIME in slots, NUM, REQ, and DATA / IDLE / CRC ERR. A CRC-failed
 * frame shows no NUM or REQ (the receiver cannot read them). Both sides side by side give the
 * study's picture: a run of CRC ERR rows on one side, the REQ the other side keeps sending stuck
 * on the missing frame, the missing NUM arriving among new ones, then REQ jumping forward.
 *
 * The hook is an object with one method so that entities call it without allocating;
 * `PiafsMonitorRing` keeps the last rows in typed arrays for the UI and tests, and
 * `PiafsMonitorTrace` writes rows to the named trace source `piafs.monitor`.
 */
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { PIAFS_SLOT_NS } from './frame';

/** What the receiving side saw in a slot. */
export const PiafsMonitorKind = {
  DATA: 0,
  IDLE: 1,
  CRC_ERR: 2,
} as const;
export type PiafsMonitorKind = (typeof PiafsMonitorKind)[keyof typeof PiafsMonitorKind];

/** Labels of `PiafsMonitorKind`, as the study's monitor prints them. */
export const PIAFS_MONITOR_KIND_LABELS: readonly string[] = ['DATA', 'IDLE', 'CRC ERR'];

/** The two ends of a PIAFS link. */
export const PiafsSide = {
  /** Mobile-station end (handset + terminal adapter). */
  MS: 0,
  /** Network end (base-station unit + terminal adapter at the control terminal). */
  BS: 1,
} as const;
export type PiafsSide = (typeof PiafsSide)[keyof typeof PiafsSide];

/**
 * Receiver of monitor rows; called once per slot and side. num/req are −1 for CRC ERR rows.
 * `frame` is the simulator's bookkeeping, not what the monitor shows: the unbounded count of the
 * DATA frame the peer sent (also for a CRC ERR row, whose NUM the receiver cannot read), −1 for
 * an IDLE frame.
 */
export interface PiafsMonitorSink {
  row(slot: number, side: PiafsSide, num: number, req: number, kind: PiafsMonitorKind, frame: number): void;
}

/** One monitor row, as read back for display or tests. */
export interface PiafsMonitorRow {
  slot: number;
  side: PiafsSide;
  num: number;
  req: number;
  kind: PiafsMonitorKind;
}

/** Bounded ring of the last `capacity` monitor rows (both sides interleaved in slot order). */
export class PiafsMonitorRing implements PiafsMonitorSink {
  private readonly slots: Float64Array;
  private readonly sides: Uint8Array;
  private readonly nums: Int16Array;
  private readonly reqs: Int16Array;
  private readonly kinds: Uint8Array;
  /** Rows ever written. */
  total = 0;

  constructor(readonly capacity = 4096) {
    this.slots = new Float64Array(capacity);
    this.sides = new Uint8Array(capacity);
    this.nums = new Int16Array(capacity);
    this.reqs = new Int16Array(capacity);
    this.kinds = new Uint8Array(capacity);
  }

  row(slot: number, side: PiafsSide, num: number, req: number, kind: PiafsMonitorKind): void {
    const i = this.total % this.capacity;
    this.slots[i] = slot;
    this.sides[i] = side;
    this.nums[i] = num;
    this.reqs[i] = req;
    this.kinds[i] = kind;
    this.total++;
  }

  /** Absolute index of the oldest row still held. */
  get oldest(): number {
    return Math.max(0, this.total - this.capacity);
  }

  /** Row by absolute index (allocates; for display and tests, not per slot). */
  get(index: number): PiafsMonitorRow {
    if (index < this.oldest || index >= this.total) throw new RangeError(`monitor row ${index} not held`);
    const i = index % this.capacity;
    return {
      slot: this.slots[i],
      side: this.sides[i] as PiafsSide,
      num: this.nums[i],
      req: this.reqs[i],
      kind: this.kinds[i] as PiafsMonitorKind,
    };
  }

  /** Rows still held from absolute index `from`, optionally only one side's. */
  rows(from = 0, side?: PiafsSide): PiafsMonitorRow[] {
    const out: PiafsMonitorRow[] = [];
    for (let k = Math.max(from, this.oldest); k < this.total; k++) {
      const r = this.get(k);
      if (side === undefined || r.side === side) out.push(r);
    }
    return out;
  }
}

/** One row in the study's text format: `TIME NUM REQ DATA` or `TIME CRC ERR`. */
export function formatPiafsMonitorRow(r: PiafsMonitorRow): string {
  if (r.kind === PiafsMonitorKind.CRC_ERR) return `${r.slot} CRC ERR`;
  return `${r.slot} ${r.num} ${r.req} ${PIAFS_MONITOR_KIND_LABELS[r.kind]}`;
}

/** Name of the monitor trace source. */
export const PIAFS_MONITOR_TRACE = 'piafs.monitor';

/**
 * Declare the `piafs.monitor` trace source: fields link (0-based), side (where the row was
 * recorded: MS or BS receiver), num, req (−1 on CRC ERR), kind (DATA / IDLE / CRC ERR) and frame
 * (the sent frame's unbounded count, also on CRC ERR; −1 for IDLE — bookkeeping that names the
 * frames `link.packet` lists). Frame-level: outside `traceHash` (core/trace.ts).
 */
export function declarePiafsMonitorTrace(traces: TraceRecorder): TraceSource {
  return traces.source(
    PIAFS_MONITOR_TRACE,
    ['link', 'side', 'num', 'req', 'kind', 'frame'],
    { side: ['MS', 'BS'], kind: PIAFS_MONITOR_KIND_LABELS },
    { detail: true },
  );
}

/** Writes one link's monitor rows into the `piafs.monitor` trace source (time = start of the slot). */
export class PiafsMonitorTrace implements PiafsMonitorSink {
  constructor(
    private readonly source: TraceSource,
    private readonly link: number,
    /** Simulated time of slot 0, in nanoseconds. */
    private readonly slotZero = 0,
  ) {}

  row(slot: number, side: PiafsSide, num: number, req: number, kind: PiafsMonitorKind, frame: number): void {
    const t = this.slotZero + slot * PIAFS_SLOT_NS;
    this.source.record(t, this.link, side, num, req, kind, frame);
  }
}
