/**
 * Rows of the PIAFS monitor table (phs.md "Views"; the study's Figure 2) from the `piafs.monitor`
 * trace: one row per 10 ms slot, the frame the base station received and the frame the mobile
 * received side by side, each as NUM, REQ and DATA / IDLE / CRC ERR. Pure functions over the
 * trace columns, so the table and its tests share them.
 *
 * Annotations (what a student should see, ui.md "one meaning, one colour" — and a text marker):
 * - `resent`: a DATA frame whose NUM is behind the highest NUM that side has already received —
 *   the sender re-sent it (REQ named it) or repeated it in turn;
 * - `reqJump`: REQ moved forward by two or more since that side's previous row — the missing
 *   frame arrived and everything held behind it was delivered at once;
 * - `reqStuck`: REQ unchanged while its sender has lately taken in new DATA frames beyond it —
 *   the receiver keeps asking for the frame it misses while holding later ones.
 */
import {
  findMonitorPatterns,
  monitorRowsForLink,
  type MonitorPattern,
} from '../../../engine/systems/phs/monitor-pattern';
import { PIAFS_MODULUS, PIAFS_SLOT_NS } from '../../../engine/link/piafs/frame';
import { PIAFS_MONITOR_KIND_LABELS } from '../../../engine/link/piafs/monitor';

/** The columns of `piafs.monitor` as the lab keeps them (time in seconds). */
export interface MonitorColumns {
  readonly length: number;
  readonly t: Float64Array;
  readonly cols: Readonly<Record<string, Float64Array>>;
}

/** Slot length, seconds. */
export const SLOT_S = PIAFS_SLOT_NS / 1e9;
const SLOT_NS = PIAFS_SLOT_NS;
const MOD = PIAFS_MODULUS;

export type FrameWord = 'DATA' | 'IDLE' | 'CRC ERR';
/** The monitor's kind codes in words (the engine's labels of the `piafs.monitor` kinds). */
const WORDS = PIAFS_MONITOR_KIND_LABELS as readonly FrameWord[];

/** What one side received in one slot. */
export interface MonitorCell {
  readonly num: number;
  readonly req: number;
  readonly word: FrameWord;
  readonly resent: boolean;
  readonly reqJump: number;
  readonly reqStuck: boolean;
}

/** One slot: the BS's and the MS's received frame (null when that side received nothing). */
export interface MonitorRow {
  readonly slot: number;
  readonly bs: MonitorCell | null;
  readonly ms: MonitorCell | null;
}

/** First index with time ≥ t (the trace is in time order). */
function lowerBound(t: Float64Array, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Slots to read before the window so that the annotations know the history. */
const HISTORY_SLOTS = 64;

/**
 * The monitor rows of link `link` (0-based) for slots [fromSlot, toSlot], annotated. Slots in which
 * neither side received a frame (the link was down) are left out.
 */
export function monitorRows(
  data: MonitorColumns | undefined,
  link: number,
  fromSlot: number,
  toSlot: number,
): MonitorRow[] {
  if (!data || data.length === 0) return [];
  const { t, cols } = data;
  const L = cols.link;
  const N = cols.num;
  const R = cols.req;
  const SIDE = cols.side;
  const K = cols.kind;
  if (!L || !N || !R || !SIDE || !K) return [];
  const start = lowerBound(t, data.length, (fromSlot - HISTORY_SLOTS - 0.5) * SLOT_S);
  const end = lowerBound(t, data.length, (toSlot + 0.5) * SLOT_S);
  const bySlot = new Map<number, { bs: MonitorCell | null; ms: MonitorCell | null }>();
  // History per side: highest NUM received (unbounded reading), previous REQ.
  const maxNum = [-1, -1];
  const prevReq = [-1, -1];
  const rawKind: number[][] = [];
  for (let i = start; i < end; i++) {
    if (L[i] !== link) continue;
    const slot = Math.round(t[i] / SLOT_S);
    const side = SIDE[i];
    const kind = K[i];
    rawKind.push([slot, side, kind, N[i]]);
    let resent = false;
    let reqJump = 0;
    if (kind !== 2) {
      const num = N[i];
      if (kind === 0) {
        if (maxNum[side] >= 0) {
          const behind = (maxNum[side] - num + MOD) % MOD;
          if (behind > 0 && behind < MOD / 2) resent = true;
          else maxNum[side] = num;
        } else maxNum[side] = num;
      }
      const req = R[i];
      if (prevReq[side] >= 0) {
        const d = (req - prevReq[side] + MOD) % MOD;
        if (d >= 2 && d < MOD / 2) reqJump = d;
      }
      prevReq[side] = req;
    }
    if (slot < fromSlot) continue;
    const cell: MonitorCell = {
      num: kind === 2 ? -1 : N[i],
      req: kind === 2 ? -1 : R[i],
      word: WORDS[kind] ?? 'DATA',
      resent,
      reqJump,
      reqStuck: false,
    };
    const row = bySlot.get(slot) ?? { bs: null, ms: null };
    if (side === 1) row.bs = cell;
    else row.ms = cell;
    bySlot.set(slot, row);
  }
  // REQ stuck: a side's REQ (its peer's request) unchanged while the peer has lately been taking in
  // new DATA frames beyond it — out-of-order frames held while the missing one is awaited.
  const sorted = [...bySlot.entries()].sort((a, b) => a[0] - b[0]);
  const rows: MonitorRow[] = [];
  const prev: [number, number] = [-1, -1]; // previous REQ in the BS column, the MS column
  for (let k = 0; k < sorted.length; k++) {
    const [slot, r] = sorted[k];
    const cells: [MonitorCell | null, MonitorCell | null] = [r.bs, r.ms];
    for (let c = 0; c < 2; c++) {
      const cell = cells[c];
      if (!cell || cell.word === 'CRC ERR') continue;
      if (cell.req === prev[c] && newBeyond(sorted, k, 1 - c, cell.req))
        cells[c] = { ...cell, reqStuck: true };
      prev[c] = cell.req;
    }
    rows.push({ slot, bs: cells[0], ms: cells[1] });
  }
  return rows;
}

/** Slots looked back over for new DATA beyond a REQ. */
const STUCK_LOOKBACK = 6;
/**
 * A REQ received in slot s was sent `piafsDelay` (default 2) slots earlier, so frames its sender
 * took in during the last 2 slots cannot show in it yet.
 */
const REQ_LAG = 2;

/** Did column `col` (0 = BS, 1 = MS) receive a new DATA frame beyond `req` a few slots before row `k`? */
function newBeyond(
  sorted: readonly [number, { bs: MonitorCell | null; ms: MonitorCell | null }][],
  k: number,
  col: number,
  req: number,
): boolean {
  const slot = sorted[k][0];
  for (let j = Math.max(0, k - STUCK_LOOKBACK); j <= k; j++) {
    if (sorted[j][0] > slot - REQ_LAG) break;
    const c = col === 0 ? sorted[j][1].bs : sorted[j][1].ms;
    if (!c || c.word !== 'DATA' || c.resent) continue;
    const ahead = (c.num - req + MOD) % MOD;
    if (ahead > 0 && ahead < MOD / 2) return true;
  }
  return false;
}

/** Every Figure 2 pattern on link `link` (0-based) in the trace held so far. */
export function monitorPatterns(data: MonitorColumns | undefined, link: number): MonitorPattern[] {
  if (!data || data.length === 0) return [];
  const { t, cols } = data;
  if (!cols.link || !cols.side || !cols.num || !cols.req || !cols.kind) return [];
  // The trace keeps seconds; the detector reads nanoseconds.
  const ns = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) ns[i] = Math.round(t[i] * 1e9);
  const n = data.length;
  const rows = monitorRowsForLink(
    ns,
    cols.link.subarray(0, n),
    cols.side.subarray(0, n),
    cols.num.subarray(0, n),
    cols.req.subarray(0, n),
    cols.kind.subarray(0, n),
    link,
    SLOT_NS,
  );
  return findMonitorPatterns(rows);
}

/** The study's text form of one side's cell: `NUM REQ DATA` or `CRC ERR` (Figure 2). */
export function cellText(c: MonitorCell | null): string {
  if (!c) return '';
  return c.word === 'CRC ERR' ? 'CRC ERR' : `${c.num} ${c.req} ${c.word}`;
}
