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

/** The pattern's occurrences with CRC ERR rows at `side`: each stage found after the one before. */
function findForSide(rows: readonly PiafsMonitorRow[], side: number, o: PatternOptions): MonitorPattern[] {
  const minCrc = o.minCrcRows ?? 2;
  const minStuck = o.minStuckRows ?? 2;
  const minJump = o.minJump ?? 2;
  const out: MonitorPattern[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i].side !== side || rows[i].kind !== PiafsMonitorKind.CRC_ERR) {
      i++;
      continue;
    }
    const run = crcRun(rows, i, side);
    i = run.end;
    if (run.crcRows < minCrc) continue;
    const stuck = stuckUntilResent(rows, run.end, side);
    if (stuck.missing < 0 || stuck.resendSlot < 0 || stuck.stuckRows < minStuck || stuck.othersWhileStuck < 1)
      continue;
    const jump = reqJump(rows, stuck.end, side, stuck.missing, minJump);
    if (!jump) continue;
    out.push({
      side,
      crcFrom: run.crcFrom,
      crcTo: run.crcTo,
      crcRows: run.crcRows,
      missing: stuck.missing,
      stuckRows: stuck.stuckRows,
      othersWhileStuck: stuck.othersWhileStuck,
      resendSlot: stuck.resendSlot,
      creep: jump.creep,
      reqAfter: jump.reqAfter,
      jump: jump.jump,
    });
  }
  return out;
}

/**
 * A run of CRC ERR rows at `side` from row `i` (rows of the peer side may be interleaved): its
 * first and last slot, its rows, and the row after it (`end`: the first row of `side` that is not a CRC ERR).
 */
function crcRun(rows: readonly PiafsMonitorRow[], i: number, side: number) {
  const crcFrom = rows[i].slot;
  let crcTo = crcFrom;
  let crcRows = 0;
  let j = i;
  for (; j < rows.length; j++) {
    const r = rows[j];
    if (r.side !== side) continue;
    if (r.kind !== PiafsMonitorKind.CRC_ERR) break;
    crcRows++;
    crcTo = r.slot;
  }
  return { crcFrom, crcTo, crcRows, end: j };
}

/**
 * After the run, from row `j`: the REQ in the rows received at the peer (the request of the end
 * that receives at `side`) stays on the missing frame while other frames arrive at `side`, until
 * the missing frame does (`resendSlot`, at row `end`). `missing` or `resendSlot` −1: not seen.
 */
function stuckUntilResent(rows: readonly PiafsMonitorRow[], j: number, side: number) {
  const peer = 1 - side;
  let missing = -1;
  let stuckRows = 0;
  let othersWhileStuck = 0;
  let resendSlot = -1;
  let k = j;
  for (; k < rows.length; k++) {
    const r = rows[k];
    if (r.kind === PiafsMonitorKind.CRC_ERR) continue;
    if (r.side === peer) {
      if (missing < 0) missing = r.req;
      if (r.req === missing) stuckRows++;
      else break; // REQ moved before the re-sent frame showed: not the pattern
    } else if (r.kind === PiafsMonitorKind.DATA && missing >= 0) {
      if (r.num === missing) {
        resendSlot = r.slot;
        break;
      }
      othersWhileStuck++;
    }
  }
  return { missing, stuckRows, othersWhileStuck, resendSlot, end: k };
}

/**
 * Then REQ moves on, within MAX_FOLLOW_SLOTS of the re-sent frame at row `k`. Frames lost in the
 * same run are re-sent one per REQ round trip, so REQ may first creep by one; the pattern ends when
 * it jumps past frames held meanwhile (by `minJump` or more). Null: it did not.
 */
function reqJump(
  rows: readonly PiafsMonitorRow[],
  k: number,
  side: number,
  missing: number,
  minJump: number,
) {
  const peer = 1 - side;
  let current = missing;
  let creep = 0;
  for (let m = k + 1; m < rows.length && m < k + 2 * MAX_FOLLOW_SLOTS; m++) {
    const r = rows[m];
    if (r.side !== peer || r.kind === PiafsMonitorKind.CRC_ERR) continue;
    const d = (r.req - current + PIAFS_MODULUS) % PIAFS_MODULUS;
    if (d === 0) continue;
    if (d >= minJump && d < PIAFS_MODULUS / 2) return { creep, reqAfter: r.req, jump: d };
    if (d !== 1) return null;
    current = r.req;
    creep++;
  }
  return null;
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
