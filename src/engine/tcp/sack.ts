import { mutableFields, objectElements } from '../core/field-shape';

/**
 * The SACK sender (remedies.md `sack=1`): the scoreboard of RFC 6675 §3 over the blocks of
 * RFC 2018, and the conservative loss recovery of RFC 6675 §4–§5 that reads it. Sequence numbers
 * are TCP's own (unbounded); where RFC 6675 names the highest octet of something (HighRxt,
 * RescueRxt, RecoveryPoint) this keeps the number after it, so every range is [start, end).
 *
 * - Update(): each block is clipped to [SND.UNA, SND.MAX) and merged into sorted, disjoint
 *   ranges; SACKed data stays in the retransmission buffer until cumulatively acknowledged.
 * - Duplicate ACK (RFC 6675 §2): data is outstanding and the ACK SACKs octets not SACKed before.
 * - IsLost(s): DupThresh discontiguous SACKed ranges above s, or more than (DupThresh − 1)·SMSS
 *   SACKed bytes above it. For an un-SACKed octet both counts are the same across its hole, so
 *   the scoreboard decides per hole.
 * - Entry (§5 steps 1–4): DupAcks ≥ DupThresh or IsLost(SND.UNA); RecoveryPoint = SND.MAX,
 *   ssthresh = cwnd = max(FlightSize/2, 2·SMSS) in whole segments (reno.ts `lossThreshold`), the
 *   segment at SND.UNA resent, HighRxt = RescueRxt = its end, SetPipe(). Limited Transmit (step 3,
 *   a MAY) is not done: the plain stacks have none either.
 * - In recovery (§5 A–C): an ACK at or beyond RecoveryPoint ends it; any other ACK updates the
 *   scoreboard and runs SetPipe(); while cwnd − pipe ≥ SMSS, NextSeg() picks what goes: (1) the
 *   first lost hole above HighRxt, (2) new data, (3) the first un-SACKed hole above HighRxt below
 *   the highest SACKed octet, (4) one rescue retransmission of the highest un-SACKed octet per
 *   recovery. cwnd does not grow in recovery.
 * - Timeout (§5.1): recovery ends; if it was in progress, no new recovery starts before SND.UNA
 *   reaches the data outstanding at the timeout. The scoreboard is kept (the receiver never
 *   reneges in this model) and the go-back-N resend after the timeout skips what is SACKed: until
 *   SND.UNA passes what was outstanding at the timeout, the window counts un-SACKed bytes only.
 */
export class SackSender {
  /** SACKed ranges above SND.UNA: sorted, disjoint, flat [left, right) pairs. */
  readonly blocks: number[] = [];
  /** In RFC 6675 loss recovery. */
  inRecovery = false;
  /** SND.MAX at entry: an ACK at or beyond it ends recovery (§5 A). */
  recoveryPoint = 0;
  /** End of the highest octet resent in this recovery (HighRxt + 1). */
  highRxt = 0;
  /** RescueRxt + 1; −1 while undefined. */
  rescueRxt = -1;
  /** Octets estimated in the network (SetPipe, §4, plus what went since). */
  pipe = 0;
  /** Duplicate ACKs (RFC 6675 §2 definition) since the last cumulative ACK. */
  dupAcks = 0;
  /** No recovery starts before SND.UNA reaches this (§5.1, after a timeout in recovery). */
  blockedUntil = 0;
  /** After a timeout, until SND.UNA reaches `rtoPoint`: the window counts un-SACKed bytes only. */
  afterRto = false;
  rtoPoint = 0;

  constructor(
    /** SMSS: the sender's full segment payload. */
    public mss: number,
    readonly dupThresh: number,
  ) {
    objectElements(this.blocks, 0);
    mutableFields(this, ['inRecovery', 'recoveryPoint', 'highRxt', 'rescueRxt', 'pipe', 'dupAcks']);
    mutableFields(this, ['blockedUntil', 'afterRto', 'rtoPoint']);
  }

  /**
   * Update() (§4): merge the ACK's blocks (flat pairs) into the scoreboard, clipped to
   * [una, max); returns the octets SACKed for the first time.
   */
  update(sack: readonly number[], una: number, max: number): number {
    let fresh = 0;
    for (let i = 0; i + 1 < sack.length; i += 2) {
      const l = Math.max(sack[i], una);
      const r = Math.min(sack[i + 1], max);
      if (r <= l) continue;
      fresh += r - l - this.sackedIn(l, r);
      this.merge(l, r);
    }
    return fresh;
  }

  /** A cumulative ACK moved SND.UNA to `una`: drop what it covers. */
  prune(una: number): void {
    const b = this.blocks;
    let k = 0;
    while (k < b.length && b[k + 1] <= una) k += 2;
    if (k > 0) b.splice(0, k);
    if (b.length > 0 && b[0] < una) b[0] = una;
  }

  /** Forget everything (the connection resynchronised). */
  clear(): void {
    this.blocks.length = 0;
    this.inRecovery = false;
    this.afterRto = false;
    this.dupAcks = 0;
    this.pipe = 0;
  }

  /** SACKed octets in [a, b). */
  sackedIn(a: number, b: number): number {
    const s = this.blocks;
    let n = 0;
    for (let i = 0; i < s.length; i += 2) {
      const l = Math.max(s[i], a);
      const r = Math.min(s[i + 1], b);
      if (r > l) n += r - l;
    }
    return n;
  }

  /** `seq`, or the end of the SACKed range it lies in. */
  skipSacked(seq: number): number {
    const s = this.blocks;
    for (let i = 0; i < s.length; i += 2) if (seq >= s[i] && seq < s[i + 1]) return s[i + 1];
    return seq;
  }

  /** Left edge of the first SACKed range above `seq` (Infinity: none). */
  nextSackedAbove(seq: number): number {
    const s = this.blocks;
    for (let i = 0; i < s.length; i += 2) if (s[i] > seq) return s[i];
    return Infinity;
  }

  /** End of the highest SACKed range (−1: nothing SACKed). */
  get highestSacked(): number {
    const s = this.blocks;
    return s.length > 0 ? s[s.length - 1] : -1;
  }

  /** IsLost(seq) (§4) for an un-SACKed octet `seq`. */
  isLost(seq: number): boolean {
    const s = this.blocks;
    let ranges = 0;
    let bytes = 0;
    for (let i = 0; i < s.length; i += 2) {
      if (s[i + 1] <= seq) continue;
      ranges++;
      bytes += s[i + 1] - Math.max(s[i], seq + 1);
    }
    return ranges >= this.dupThresh || bytes > (this.dupThresh - 1) * this.mss;
  }

  /** SetPipe() (§4) over the un-SACKed octets of [una, max). */
  setPipe(una: number, max: number): void {
    const s = this.blocks;
    let pipe = 0;
    let pos = una;
    for (let i = 0; i <= s.length; i += 2) {
      const end = i < s.length ? Math.min(s[i], max) : max;
      if (end > pos) {
        // A hole [pos, end): not lost ⇒ in the network; resent (below HighRxt) ⇒ in it again.
        if (!this.isLost(pos)) pipe += end - pos;
        if (this.highRxt > pos) pipe += Math.min(end, this.highRxt) - pos;
      }
      if (i < s.length) pos = Math.max(pos, s[i + 1]);
    }
    this.pipe = pipe;
  }

  /**
   * Enter loss recovery (§5 step 4) with SND.UNA = `una`, SND.MAX = `max`; `rtxEnd` is the end of
   * the segment resent at once. (The caller sets ssthresh and cwnd.)
   */
  enter(una: number, max: number, rtxEnd: number): void {
    this.inRecovery = true;
    this.recoveryPoint = max;
    this.highRxt = rtxEnd;
    this.rescueRxt = rtxEnd;
    this.setPipe(una, max);
  }

  /**
   * NextSeg() rules (1), (3) and (4) (§4): the start of the hole to resend and its rule, or −1.
   * Rule (2), new data, sits between (1) and (3): the sender tries it when this returns rule 3 or 4
   * (`lostOnly` asks for rule 1 alone).
   */
  nextHole(una: number, max: number, lostOnly: boolean): { seq: number; rule: number } | null {
    const top = this.highestSacked;
    if (top < 0) return null;
    const from = Math.max(una, this.highRxt);
    let firstUnsacked = -1;
    let pos = from;
    const s = this.blocks;
    for (let i = 0; i <= s.length && pos < top; i += 2) {
      const end = i < s.length ? s[i] : top;
      if (end > pos) {
        if (this.isLost(pos)) return { seq: pos, rule: 1 };
        if (firstUnsacked < 0) firstUnsacked = pos;
      }
      if (i < s.length) pos = Math.max(pos, s[i + 1]);
    }
    if (lostOnly) return null;
    if (firstUnsacked >= 0) return { seq: firstUnsacked, rule: 3 };
    // (4) Rescue: once per recovery, when HighACK passed RescueRxt; the segment ends at the highest
    // un-SACKed octet below SND.MAX, within its hole.
    if (this.rescueRxt >= 0 && una <= this.rescueRxt) return null;
    const n = s.length;
    const toMax = s[n - 1] >= max;
    const last = toMax ? s[n - 2] : max;
    const holeStart = toMax ? (n >= 4 ? s[n - 3] : una) : s[n - 1];
    const start = Math.max(una, holeStart, last - this.mss);
    return last > start ? { seq: start, rule: 4 } : null;
  }

  private merge(l: number, r: number): void {
    const b = this.blocks;
    let i = 0;
    while (i < b.length && b[i + 1] < l) i += 2;
    let s = l;
    let e = r;
    let j = i;
    while (j < b.length && b[j] <= e) {
      s = Math.min(s, b[j]);
      e = Math.max(e, b[j + 1]);
      j += 2;
    }
    b.splice(i, j - i, s, e);
  }
}
