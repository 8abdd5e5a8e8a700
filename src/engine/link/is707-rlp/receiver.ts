import { mutableFields } from '../../core/field-shape';
import type { ByteRangeSink } from '../ppp/stream';
import { Is707RlpCounters, RlpFrame, RlpFrameKind, type ResolvedRlpConfig } from './frame';

// Frame kinds as module constants: keeps the per-slot path free of cross-module property loads.
const K_NAK = RlpFrameKind.Nak;

/**
 * Receiving half of an IS-707 RLP endpoint (is707.md §Stack; IS-707 / IS-99
 * RLP lineage): V(R) = next new frame number expected, V(N) = oldest frame
 * still missing. Correct frames are never acknowledged; losses are found from
 * gaps and repaired by NAK rounds, and given up after the abort timer.
 *
 * Sequence-number reading (is707.md: "Document the choice in the code"):
 * the air carries SEQ mod 256. The receiver reads an 8-bit value relative to
 * V(R) within a half-space of 128: the reading is the number n ≡ SEQ (mod 256)
 * with V(R) − 128 ≤ n < V(R) + 128. Numbers at or beyond V(R) are new; below
 * V(R) they are retransmissions or duplicates. The same rule reads the V(S)
 * carried by idle and NAK frames.
 *
 * The engine keeps the true frame number alongside (`fn`). Each window
 * position records the true number it stands for, and the receiver's
 * alignment (reading − true number at V(R)) is tracked; a reading that
 * disagrees with them is counted in `seqAmbiguities`. Consequences follow
 * the real mechanism: a misread frame's bytes are placed at the wrong
 * position, so they are passed on as lost (PPP's FCS would reject the
 * packets around them); a frame misread as old is discarded as a duplicate.
 * After an outage longer than 128 frames, readings settle on an offset of
 * 256 with the sender; the protocol works modulo 256 from then on, so only
 * the junction is damaged and later readings are correct again (they agree
 * with the new alignment).
 */

const MISSING = 0;
const HELD = 1;
const MISREAD = 2;
const ABANDONED = 3;

/** One gap: frames [first, end) found missing together, with its NAK procedure. */
class Gap {
  first = 0;
  end = 0;
  /** Frames of the gap still missing. */
  missing = 0;
  /** 0-based NAK round. */
  round = 0;
  /** NAKs of this round not yet sent. */
  naksLeft = 0;
  /** Slot at which the running timer expires, or −1. */
  expiry = -1;
  /** The running timer is the abort timer (last round). */
  abortPhase = false;
}

export class Is707RlpReceiver {
  /** V(R): next new frame number expected (receiver numbering). */
  vr = 0;
  /** V(N): oldest frame not yet passed on (receiver numbering). */
  vn = 0;
  /** Reading minus true number at V(R). */
  private align = 0;
  private state: Uint8Array;
  private tn: Float64Array;
  private st: Float64Array;
  private en: Float64Array;
  private mask: number;
  /**
   * Open gaps, oldest first, in `gaps[0 .. gapCount)`. The array never shrinks (a shrinking
   * `length` makes V8 trim and later re-grow its backing store: an allocation per gap).
   */
  private readonly gaps: Gap[] = [];
  private gapCount = 0;
  private readonly pool: Gap[] = [];
  /** First frame of the most recent abort (for traces). */
  lastAbortFirst = 0;

  constructor(
    private readonly cfg: ResolvedRlpConfig,
    private readonly sink: ByteRangeSink,
    private readonly counters: Is707RlpCounters,
    capacity = 512,
  ) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.state = new Uint8Array(cap);
    this.tn = new Float64Array(cap);
    this.st = new Float64Array(cap);
    this.en = new Float64Array(cap);
    this.mask = cap - 1;
    mutableFields(this, ['lastAbortFirst']); // set by aborts only (core/field-shape.ts)
  }

  /** Read an 8-bit value relative to V(R) within a half-space of 128. */
  interpret(seq: number): number {
    let d = (seq - this.vr) & 255;
    if (d >= 128) d -= 256;
    return this.vr + d;
  }

  /** A data or retransmitted frame arrived intact. */
  onData(seq: number, fn: number, start: number, end: number): void {
    const c = this.counters;
    const ir = this.interpret(seq);
    const vr = this.vr;
    if (ir === vr && this.vn === vr) {
      // The common case — the next new frame with nothing missing before it — passed straight on:
      // the same outcome as the general path below (no gap opens, the frame is held at V(R) and
      // delivered at once, V(N) = V(R)), without writing the window it would leave at once.
      const misread = ir - this.align !== fn;
      this.align = ir - fn;
      this.vr = vr + 1;
      this.vn = vr + 1;
      if (misread) c.seqAmbiguities++;
      this.sink.receive(start, end, !misread);
      c.framesDelivered++;
      return;
    }
    let misread: boolean;
    if (ir >= vr) {
      // New: frames V(R)..ir−1 are missing (gap rule (a)).
      misread = ir - this.align !== fn;
      this.align = ir - fn;
      this.extend(ir + 1, ir);
    } else if (ir >= this.vn) {
      const i = ir & this.mask;
      misread = this.tn[i] !== fn;
      if (this.state[i] !== MISSING) {
        if (misread) c.seqAmbiguities++;
        c.duplicates++;
        return;
      }
      this.fill(ir);
    } else {
      if (ir - this.align !== fn) c.seqAmbiguities++;
      c.duplicates++;
      return;
    }
    if (misread) c.seqAmbiguities++;
    const i = ir & this.mask;
    this.state[i] = misread ? MISREAD : HELD;
    this.st[i] = start;
    this.en[i] = end;
    this.deliver();
  }

  /**
   * The peer's V(S) arrived on an idle frame (gap rule (b)) or a NAK frame
   * (gap rule (c)): every frame below it has been sent.
   */
  onPeerVs(seq: number, fn: number): void {
    const v = this.interpret(seq);
    if (v - this.align !== fn) this.counters.seqAmbiguities++;
    if (v > this.vr) {
      this.align = v - fn;
      this.extend(v, v);
    }
  }

  /** Run the NAK and abort timers due at `slot`. */
  tick(slot: number): void {
    const gaps = this.gaps;
    let aborted = false;
    for (let k = 0; k < this.gapCount; k++) {
      const g = gaps[k];
      if (g.expiry < 0 || slot < g.expiry) continue;
      if (g.abortPhase) {
        // Abort timer expired: give the missing frames up and move V(N) past them.
        this.abandon(g);
        this.removeGap(k);
        k--;
        aborted = true;
      } else {
        // Retransmission timer expired with frames still missing: next round.
        g.round++;
        g.naksLeft = this.cfg.nakRounds[g.round];
        g.expiry = -1;
        this.counters.nakTimeouts++;
      }
    }
    if (aborted) this.deliver();
  }

  /**
   * If a NAK is due, describe it in `frame` and return true. The oldest gap
   * with NAKs left in its round goes first; the NAK lists exactly the frames
   * of that gap still missing (is707.md §Slot rules). When the round's last
   * NAK is sent the retransmission timer starts, or in the last round the
   * abort timer.
   */
  pollNak(slot: number, frame: RlpFrame): boolean {
    const gaps = this.gaps;
    let g: Gap | undefined;
    for (let k = 0; k < this.gapCount; k++) {
      if (gaps[k].naksLeft > 0) {
        g = gaps[k];
        break;
      }
    }
    if (g === undefined) return false;
    frame.ensureNakCapacity(g.end - g.first);
    const list = frame.nakFrames;
    let n = 0;
    for (let q = g.first; q < g.end; q++) if (this.state[q & this.mask] === MISSING) list[n++] = q;
    frame.kind = K_NAK;
    frame.nakCount = n;
    frame.nakRound = g.round + 1;
    g.naksLeft--;
    if (g.naksLeft === 0) {
      const last = g.round === this.cfg.nakRounds.length - 1;
      g.abortPhase = last;
      g.expiry = slot + (last ? this.cfg.abortTimer : this.cfg.nakTimer);
    }
    return true;
  }

  /** Slot of the earliest running timer, or Infinity. */
  nextTimerSlot(): number {
    let t = Infinity;
    for (let k = 0; k < this.gapCount; k++) {
      const g = this.gaps[k];
      if (g.expiry >= 0 && g.expiry < t) t = g.expiry;
    }
    return t;
  }

  /** True when some gap still has NAKs to send in its current round. */
  get nakDue(): boolean {
    for (let k = 0; k < this.gapCount; k++) if (this.gaps[k].naksLeft > 0) return true;
    return false;
  }

  /** Gaps with a NAK procedure running. */
  get activeGaps(): number {
    return this.gapCount;
  }

  /** Frames currently missing in [V(N), V(R)). */
  get missingFrames(): number {
    let n = 0;
    for (let k = 0; k < this.gapCount; k++) n += this.gaps[k].missing;
    return n;
  }

  /** Advance V(R) to `to`; positions [V(R), gapEnd) form a new gap (a data frame fills `to − 1` itself). */
  private extend(to: number, gapEnd: number): void {
    const from = this.vr;
    if (to - this.vn > this.mask + 1) this.grow(to - this.vn);
    const m = this.mask;
    for (let q = from; q < to; q++) {
      const i = q & m;
      this.state[i] = MISSING;
      this.tn[i] = q - this.align;
    }
    this.vr = to;
    this.openGap(from, gapEnd);
  }

  private openGap(first: number, end: number): void {
    if (end <= first) return;
    const g = this.pool.pop() ?? new Gap();
    g.first = first;
    g.end = end;
    g.missing = end - first;
    g.round = 0;
    g.naksLeft = this.cfg.nakRounds[0];
    g.expiry = -1;
    g.abortPhase = false;
    this.gaps[this.gapCount++] = g;
    this.counters.gapsDetected++;
  }

  /** A missing frame arrived: update its gap, closing it when complete. */
  private fill(q: number): void {
    const gaps = this.gaps;
    for (let k = 0; k < this.gapCount; k++) {
      const g = gaps[k];
      if (q >= g.first && q < g.end) {
        if (--g.missing === 0) this.removeGap(k);
        return;
      }
    }
  }

  private abandon(g: Gap): void {
    const m = this.mask;
    let n = 0;
    for (let q = g.first; q < g.end; q++) {
      const i = q & m;
      if (this.state[i] === MISSING) {
        this.state[i] = ABANDONED;
        n++;
      }
    }
    this.counters.aborts++;
    this.counters.framesAbandoned += n;
    this.lastAbortFirst = g.first;
  }

  private removeGap(k: number): void {
    const gaps = this.gaps;
    const g = gaps[k];
    for (let j = k + 1; j < this.gapCount; j++) gaps[j - 1] = gaps[j];
    this.gapCount--;
    this.pool.push(g);
  }

  /** Pass frames on in order while V(N) is not missing. */
  private deliver(): void {
    const m = this.mask;
    const c = this.counters;
    while (this.vn < this.vr) {
      const i = this.vn & m;
      const s = this.state[i];
      if (s === MISSING) break;
      if (s === HELD) {
        this.sink.receive(this.st[i], this.en[i], true);
        c.framesDelivered++;
      } else if (s === MISREAD) {
        this.sink.receive(this.st[i], this.en[i], false);
        c.framesDelivered++;
      }
      this.vn++;
    }
  }

  private grow(need: number): void {
    let cap = this.mask + 1;
    while (cap < need) cap *= 2;
    const m = cap - 1;
    const state = new Uint8Array(cap);
    const tn = new Float64Array(cap);
    const st = new Float64Array(cap);
    const en = new Float64Array(cap);
    for (let q = this.vn; q < this.vr; q++) {
      const a = q & this.mask;
      const b = q & m;
      state[b] = this.state[a];
      tn[b] = this.tn[a];
      st[b] = this.st[a];
      en[b] = this.en[a];
    }
    this.state = state;
    this.tn = tn;
    this.st = st;
    this.en = en;
    this.mask = m;
  }
}
