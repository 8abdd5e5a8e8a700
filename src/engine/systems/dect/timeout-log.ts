/**
 * What the TCP user's link did while each TCP retransmission timer ran to expiry (dect.md must
 * reproduce 4: "at load=high timeouts after a dropped connection may appear: the summary and the
 * lab say which drop caused each"). The link reports its stretches without any bearer — with the
 * drop that began one, the Connection_Handover that led to that drop (its bearers and how full
 * the cell it moved into was) and the re-set-ups blocked in it — and the model reports each
 * timeout with the moment its timer had been armed. A timeout's record is the time without any
 * bearer in its wait and the stretch behind it.
 */
import { toSeconds, type Nanos } from '../../core/time';
import type { DectTimeout, DectTimeoutSummary } from './contract';

export type { DectTimeout, DectTimeoutSummary } from './contract';

/** Timeouts listed in the summary (the count says how many there were). */
export const LISTED = 50;
/** Stretches remembered: enough to cover the longest wait (rtoMax 64 s). */
const KEPT = 16;

interface Stretch {
  start: Nanos;
  /** Infinity while it lasts. */
  end: Nanos;
  dropAt: Nanos | null;
  handoverAt: Nanos | null;
  handoverBearers: number;
  cellHeld: number;
  blocked: Nanos[];
}

export class TimeoutLog {
  private readonly stretches: Stretch[] = [];
  private handover: { at: Nanos; bearers: number; cellHeld: number } | null = null;
  private readonly records: DectTimeout[] = [];
  /** The stretch behind each listed record (null: none), for its length at summary time. */
  private readonly causes: (Stretch | null)[] = [];
  private count = 0;
  /** Per sender, the stretch behind its last timeout (null: none). */
  private readonly lastCause: Record<DectTimeout['end'], Stretch | null> = { phone: null, host: null };
  private withoutBearer = 0;
  private afterDrop = 0;

  /** A Connection_Handover starts with `bearers`, into a cell holding `cellHeld` channels. */
  connectionHandover(t: Nanos, bearers: number, cellHeld: number): void {
    this.handover = { at: t, bearers, cellHeld };
  }

  /** The last bearer went down; `inHandover`: a Connection_Handover lost it (moving none in time). */
  noBearer(t: Nanos, inHandover: boolean): void {
    const h = inHandover ? this.handover : null;
    this.stretches.push({
      start: t,
      end: Infinity,
      dropAt: null,
      handoverAt: h ? h.at : null,
      handoverBearers: h ? h.bearers : 0,
      cellHeld: h ? h.cellHeld : 0,
      blocked: [],
    });
    if (this.stretches.length > KEPT) this.stretches.shift();
  }

  /** A bearer came up again. */
  bearerBack(t: Nanos): void {
    const s = this.current();
    if (s) s.end = t;
  }

  /** The connection dropped (fewer than the minimum of 1 bearer). */
  drop(t: Nanos): void {
    const s = this.current();
    if (s && s.dropAt === null) s.dropAt = t;
  }

  /** A set-up of the TCP user blocked. */
  blocked(t: Nanos): void {
    this.current()?.blocked.push(t);
  }

  /**
   * A TCP sender's retransmission timer, armed at `armedAt`, expired at `t`; `backedOff`: the
   * timer that fired was already doubled by earlier timeouts (no valid RTT sample since).
   */
  timeout(t: Nanos, armedAt: Nanos, end: DectTimeout['end'], backedOff: boolean): void {
    this.count++;
    let noBearer = 0;
    let cause: Stretch | null = null;
    for (const s of this.stretches) {
      const lo = Math.max(s.start, armedAt);
      const hi = Math.min(s.end, t);
      if (hi <= lo) continue;
      noBearer += hi - lo;
      cause = s;
    }
    const carried = noBearer === 0 && backedOff && this.lastCause[end] !== null;
    if (carried) cause = this.lastCause[end];
    this.lastCause[end] = cause;
    if (noBearer > 0) this.withoutBearer++;
    if (cause?.dropAt != null) this.afterDrop++;
    if (this.records.length >= LISTED) return;
    const s = (x: Nanos | null): number | null => (x === null ? null : toSeconds(x));
    this.causes.push(cause);
    this.records.push({
      at: toSeconds(t),
      end,
      waitS: toSeconds(t - armedAt),
      noBearerS: toSeconds(noBearer),
      stretchS: 0,
      dropAt: s(cause?.dropAt ?? null),
      handoverAt: s(cause?.handoverAt ?? null),
      handoverBearers: cause?.handoverBearers ?? 0,
      cellHeld: cause?.cellHeld ?? 0,
      blockedSetups: cause ? cause.blocked.filter((b) => b <= t).length : 0,
      carriedBackoff: carried,
    });
  }

  /** The summary at `now` (a stretch still lasting counts up to `now`). */
  summary(now: Nanos): DectTimeoutSummary {
    const list = this.records.map((r, k) => {
      const c = this.causes[k];
      return { ...r, stretchS: c ? toSeconds(Math.min(c.end, now) - c.start) : 0 };
    });
    return {
      count: this.count,
      withoutBearer: this.withoutBearer,
      afterDrop: this.afterDrop,
      firstNoBearerS: list.length > 0 ? list[0].noBearerS : 0,
      firstStretchS: list.length > 0 ? list[0].stretchS : 0,
      list,
    };
  }

  private current(): Stretch | null {
    const s = this.stretches[this.stretches.length - 1];
    return s && s.end === Infinity ? s : null;
  }
}
