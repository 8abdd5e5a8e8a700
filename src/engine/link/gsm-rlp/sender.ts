import type { RlpByteSource } from '../ppp/stream';
import { ResendMarks } from '../resend-marks';
import {
  RLP_MODULUS,
  RLP_USER_OCTETS,
  RlpKind,
  type GsmRlpCounters,
  type GsmRlpFrame,
  type ResolvedGsmRlpConfig,
} from './frame';

/**
 * The sending half of a GSM RLP entity (GSM 04.22 §5.3, gsm.md "recovery procedure"):
 * the send buffer of outstanding I frames, the state variables V(A) (oldest unacknowledged)
 * and V(S) (next new), the resend marks, timer T1 and the poll (checkpoint) exchange.
 *
 * Numbers are kept as true, unbounded integers; the air carries them modulo 62.
 *
 * Rules (gsm.md, followed exactly):
 * - frames named by SREJ (or, with REJ, every frame from N(R) on) are resent ahead of new ones;
 * - T1 runs whenever I frames are unacknowledged: started when one is sent with T1 idle,
 *   restarted by every acknowledgement that advances V(A), stopped when all are acknowledged;
 * - on expiry no I frames are sent any more; a poll (RR command, P = 1) goes out and restarts
 *   T1; the answer (F = 1) acknowledges up to its N(R) and every frame from N(R) to V(S) − 1
 *   is resent (checkpoint recovery, 04.22 Annex A: "V(S) := N(R)"), then sending resumes;
 * - each expiry without an advance of V(A) is one attempt; the expiry that finds N2 attempts
 *   already made asks the entity for a reset (the LAPB/LAPD reading of N2: N2 polls, then
 *   re-establishment), i.e. (N2 + 1) × T1 after the last progress.
 */
export class GsmRlpSender {
  /** V(A): oldest unacknowledged frame (true number). */
  va = 0;
  /** V(S): next new frame (true number). */
  vs = 0;
  /** T1 deadline (slot), or −1 when T1 is not running. */
  t1Deadline = -1;
  /** T1 expiries since the last advance of V(A). */
  attempts = 0;
  /** True from a T1 expiry until the poll's answer: no I frames are sent. */
  checkpoint = false;
  /** A poll must go out in the next frame. */
  pollDue = false;
  private readonly starts = new Float64Array(RLP_MODULUS);
  private readonly ends = new Float64Array(RLP_MODULUS);
  private readonly marks = new ResendMarks(RLP_MODULUS);

  constructor(
    private readonly cfg: ResolvedGsmRlpConfig,
    private readonly source: RlpByteSource,
    private readonly c: GsmRlpCounters,
  ) {}

  /** I frames sent and not yet acknowledged. */
  get outstanding(): number {
    return this.vs - this.va;
  }

  /** Frames marked for retransmission. */
  get marksPending(): number {
    return this.marks.count;
  }

  /**
   * Read an acknowledgement's N(R) against [V(A), V(S)] (04.22: N(R) must be a not yet
   * acknowledged frame or the next one). Returns the true number, or −1 when out of range.
   */
  readAck(nr: number, trueNr: number): number {
    return this.readNr(nr, trueNr, this.vs - this.va);
  }

  /** Read an SREJ's N(R) against the outstanding frames [V(A), V(S)); −1 when none matches. */
  readSrej(nr: number, trueNr: number): number {
    return this.readNr(nr, trueNr, this.vs - this.va - 1);
  }

  /** N(R) as V(A) + an offset of at most `maxOffset` (modulo 62), counted when it misreads the true number. */
  private readNr(nr: number, trueNr: number, maxOffset: number): number {
    const off = (nr - (this.va % RLP_MODULUS) + RLP_MODULUS) % RLP_MODULUS;
    if (off > maxOffset) return -1;
    const t = this.va + off;
    if (t !== trueNr) this.c.seqAliases++;
    return t;
  }

  /** Acknowledge every frame below `t` (true number within [V(A), V(S)]). */
  acknowledge(t: number, slot: number): void {
    if (t <= this.va) return;
    this.marks.clearRange(this.va, t);
    this.va = t;
    this.attempts = 0;
    if (this.va === this.vs) {
      // All acknowledged: T1 stops, and a checkpoint has nothing left to recover.
      this.t1Deadline = -1;
      this.checkpoint = false;
      this.pollDue = false;
    } else this.t1Deadline = slot + this.cfg.t1Slots;
  }

  /** SREJ: resend exactly frame `t` (ahead of new frames). */
  markOne(t: number): void {
    this.marks.mark(t);
  }

  /** Go back: resend every outstanding frame from `t` on (REJ, or the answer to a poll). */
  markFrom(t: number): void {
    this.marks.markRange(t, this.vs);
  }

  /** The F = 1 answer to our poll arrived (after its N(R) was applied). */
  pollAnswered(): void {
    if (!this.checkpoint || this.pollDue) return;
    this.checkpoint = false;
    this.markFrom(this.va);
  }

  /**
   * Check T1 at the start of `slot`. Returns 'poll' after arranging a poll, 'reset' when N2
   * attempts are exhausted, or null.
   */
  tick(slot: number): 'poll' | 'reset' | null {
    if (this.t1Deadline < 0 || slot < this.t1Deadline) return null;
    this.t1Deadline = -1;
    this.c.t1Expiries++;
    if (this.attempts >= this.cfg.n2) return 'reset';
    this.attempts++;
    this.checkpoint = true;
    this.pollDue = true;
    return 'poll';
  }

  /** The poll went out in `slot`: T1 restarts. */
  pollSent(slot: number): void {
    this.pollDue = false;
    this.t1Deadline = slot + this.cfg.t1Slots;
    this.c.polls++;
  }

  /**
   * Fill the I part of `f` for `slot`, if anything may be sent: the oldest frame marked for
   * retransmission, else a new frame of up to 24 octets when the window k allows.
   */
  fillI(f: GsmRlpFrame, slot: number): boolean {
    if (this.checkpoint) return false;
    let t = this.marks.takeOldest(this.va, this.vs);
    const c = this.c;
    if (t >= 0) {
      const i = t % RLP_MODULUS;
      f.retx = true;
      f.start = this.starts[i];
      f.end = this.ends[i];
      c.iFramesRetransmitted++;
      c.bytesRetransmitted += f.end - f.start;
    } else {
      if (this.vs - this.va >= this.cfg.window) return false;
      const n = this.source.take(RLP_USER_OCTETS);
      if (n <= 0) return false;
      t = this.vs++;
      const i = t % RLP_MODULUS;
      this.starts[i] = this.source.takenStart;
      this.ends[i] = this.source.takenStart + n;
      f.retx = false;
      f.start = this.starts[i];
      f.end = this.ends[i];
      c.bytesSent += n;
    }
    f.kind = RlpKind.IS;
    f.trueNs = t;
    f.ns = t % RLP_MODULUS;
    c.iFramesSent++;
    if (this.t1Deadline < 0) this.t1Deadline = slot + this.cfg.t1Slots;
    return true;
  }

  /** Reset (SABM/UA): the send buffer is flushed — its data is lost (gsm.md). */
  flush(): void {
    for (let u = this.va; u < this.vs; u++) {
      const i = u % RLP_MODULUS;
      this.c.bytesFlushed += this.ends[i] - this.starts[i];
    }
    this.marks.clear();
    this.va = 0;
    this.vs = 0;
    this.t1Deadline = -1;
    this.attempts = 0;
    this.checkpoint = false;
    this.pollDue = false;
  }
}
