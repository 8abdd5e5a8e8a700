/**
 * The study's Figure 2 pattern in the PIAFS monitor (phs.md "Must reproduce" 5): on one link,
 * a run of CRC ERR rows on the side that receives the data, the REQ the other side keeps
 * getting back stuck on the missing frame while new frames still arrive, the sender re-sending
 * the missing frame among new ones, then REQ jumping forward past every frame held meanwhile.
 *
 * Rows are those of the `piafs.monitor` trace for one link (slot, side, num, req, kind), in slot
 * order. Side 0 = received at the MS (the BS's frames: NUM is the BS sender's number, REQ the
 * BS's request), side 1 = received at the BS (the MS's frames: their REQ is the MS's request for
 * the downlink). For the downlink (FTP Get data), the pattern reads: CRC ERR rows at side 0;
 * side-1 rows with REQ = x (stuck) while side-0 rows bring other NUMs; a side-0 row with NUM = x;
 * then a side-1 row with REQ moved on by two or more. The uplink reading swaps the sides.
 */
import { PIAFS_MODULUS, PiafsMonitorKind, type PiafsMonitorRow, type PiafsSide } from '../../link/piafs';

/** One occurrence of the pattern. */
export interface MonitorPattern {
  /** Side whose received frames failed (0 = MS, 1 = BS). */
  readonly side: number;
  /** Slots of the first and last CRC ERR row of the run. */
  readonly crcFrom: number;
  readonly crcTo: number;
  readonly crcRows: number;
  /** The missing frame (REQ while stuck). */
  readonly missing: number;
  /** Peer rows showing REQ stuck on `missing` after the run. */
  readonly stuckRows: number;
  /** Other DATA frames that arrived while REQ was stuck (new frames among which it is re-sent). */
  readonly othersWhileStuck: number;
  /** Slot at which the missing frame arrived. */
  readonly resendSlot: number;
  /** Steps of one by which REQ crept before the jump (each a re-sent frame of the same run). */
  readonly creep: number;
  /** REQ after the jump, and how far it moved (modulo 128). */
  readonly reqAfter: number;
  readonly jump: number;
}

/** How many slots after the re-sent frame the jump is looked for. */
const MAX_FOLLOW_SLOTS = 200;

/** Minimum rows for each stage of the pattern. */
export interface PatternOptions {
  readonly minCrcRows?: number;
  readonly minStuckRows?: number;
  readonly minJump?: number;
}

/** Find every occurrence of the pattern in one link's rows, for both directions. */
export function findMonitorPatterns(
  rows: readonly PiafsMonitorRow[],
  o: PatternOptions = {},
): MonitorPattern[] {
  const out: MonitorPattern[] = [];
  for (const side of [0, 1]) out.push(...findForSide(rows, side, o));
  return out;
}

function findForSide(rows: readonly PiafsMonitorRow[], side: number, o: PatternOptions): MonitorPattern[] {
  const minCrc = o.minCrcRows ?? 2;
  const minStuck = o.minStuckRows ?? 2;
  const minJump = o.minJump ?? 2;
  const peer = 1 - side;
  const out: MonitorPattern[] = [];
  let i = 0;
  while (i < rows.length) {
    // A run of CRC ERR rows at `side` (rows of the peer side may be interleaved).
    if (rows[i].side !== side || rows[i].kind !== PiafsMonitorKind.CRC_ERR) {
      i++;
      continue;
    }
    const from = rows[i].slot;
    let to = from;
    let crcRows = 0;
    let j = i;
    for (; j < rows.length; j++) {
      const r = rows[j];
      if (r.side !== side) continue;
      if (r.kind !== PiafsMonitorKind.CRC_ERR) break;
      crcRows++;
      to = r.slot;
    }
    i = j;
    if (crcRows < minCrc) continue;
    // After the run: the REQ in the rows received at `peer` (the request of the end that receives
    // at `side`) stays on the missing frame while other frames arrive at `side`.
    let missing = -1;
    let stuck = 0;
    let others = 0;
    let resendSlot = -1;
    let k = j;
    for (; k < rows.length; k++) {
      const r = rows[k];
      if (r.kind === PiafsMonitorKind.CRC_ERR) continue;
      if (r.side === peer) {
        if (missing < 0) missing = r.req;
        if (r.req === missing) stuck++;
        else break; // REQ moved before the re-sent frame showed: not the pattern
      } else if (r.kind === PiafsMonitorKind.DATA && missing >= 0) {
        if (r.num === missing) {
          resendSlot = r.slot;
          break;
        }
        others++;
      }
    }
    if (missing < 0 || resendSlot < 0 || stuck < minStuck || others < 1) continue;
    // Then REQ moves on. Frames lost in the same run are re-sent one per REQ round trip, so REQ
    // may first creep by one; the pattern ends when it jumps past frames held meanwhile.
    let current = missing;
    let creep = 0;
    for (let m = k + 1; m < rows.length && m < k + 2 * MAX_FOLLOW_SLOTS; m++) {
      const r = rows[m];
      if (r.side !== peer || r.kind === PiafsMonitorKind.CRC_ERR) continue;
      const d = (r.req - current + PIAFS_MODULUS) % PIAFS_MODULUS;
      if (d === 0) continue;
      if (d >= minJump && d < PIAFS_MODULUS / 2) {
        out.push({
          side,
          crcFrom: from,
          crcTo: to,
          crcRows,
          missing,
          stuckRows: stuck,
          othersWhileStuck: others,
          resendSlot,
          creep,
          reqAfter: r.req,
          jump: d,
        });
        break;
      }
      if (d !== 1) break;
      current = r.req;
      creep++;
    }
  }
  return out;
}

/** Rows of `piafs.monitor` columns (link, side, num, req, kind) for one link, as monitor rows. */
export function monitorRowsForLink(
  time: ArrayLike<number>,
  link: ArrayLike<number>,
  side: ArrayLike<number>,
  num: ArrayLike<number>,
  req: ArrayLike<number>,
  kind: ArrayLike<number>,
  which: number,
  slotNs: number,
): PiafsMonitorRow[] {
  const rows: PiafsMonitorRow[] = [];
  for (let i = 0; i < time.length; i++) {
    if (link[i] !== which) continue;
    rows.push({
      slot: Math.round(time[i] / slotNs),
      side: side[i] as PiafsSide,
      num: num[i],
      req: req[i],
      kind: kind[i] as PiafsMonitorKind,
    });
  }
  return rows;
}
