import type { ByteRangeSink } from '../ppp/stream';
import { RLP_MODULUS, type GsmRlpCounters, type ResolvedGsmRlpConfig } from './frame';

/** State of a receive-buffer slot. */
const EMPTY = 0;
/** Received correctly, waiting for the frames before it. */
const HELD = 1;
/** Received under a misread number: its octets are not the frame's (delivered as a gap). */
const ALIASED = 2;
/** Detected missing, SREJ not yet sent. */
const MISSING = 3;
/** Detected missing, SREJ sent (never asked again: gsm.md "asks … once"). */
const ASKED = 4;

/**
 * The receiving half of a GSM RLP entity (GSM 04.22 §5.3; gsm.md "recovery procedure").
 *
 * V(R) is the oldest frame not yet received (everything below it has been delivered); the
 * acknowledgement N(R) sent back is V(R).
 *
 * - Selective reject (default): frames after a gap are kept; every newly detected missing
 *   frame is asked for once with SREJ (04.22 §5.2.3.8), oldest first, one per slot.
 * - REJ (`recovery: 'rej'`): go-back-N — an out-of-sequence frame is discarded and, once per
 *   gap, a REJ with N(R) = V(R) asks for everything from V(R) on (04.22 §5.2.3.6).
 *
 * Reading N(S): it is taken relative to V(R) within the receive window k
 * ((N(S) − V(R)) mod 62 < k is a frame at V(R) + offset); anything else is an old duplicate.
 * With k = 61 and modulo 62 that reading is ambiguous: a copy of a frame already delivered
 * more than one frame ago is read as a new frame up to 60 ahead. The engine compares the
 * reading with the true number carried alongside, counts a mismatch (`seqAliases`) and treats
 * the octets so misread as lost: the slot is "aliased", delivers nothing, and the real frame
 * of that number, arriving later, is a duplicate — exactly the data a real receiver would have
 * corrupted; the PPP FCS then rejects the packets concerned (the stream reassembler sees
 * the gap).
 *
 * Polls: the sender answers a poll's reply by going back to N(R), so on a poll the frames held
 * beyond the gap are released ({@link releaseHeld}, as in 04.22 Annex A); without that, the
 * go-back copies of frames already held would arrive after V(R) had jumped past them and be
 * misread — on every poll, not only after long outages.
 *
 * Delivery: in order, as byte ranges of the peer's stream ({@link ByteRangeSink.receive} with
 * `intact` true); ranges lost to a reset or an alias show as a jump in offsets.
 */
export class GsmRlpReceiver {
  /** V(R), true number. */
  vr = 0;
  /** Highest true frame number received since the last gap closed (≥ V(R) − 1). */
  highest = -1;
  /** A poll arrived: the next frame answers it (RR response, F = 1). */
  pollAnswerDue = false;
  /** REJ mode: a REJ must be sent. */
  rejDue = false;
  /** REJ mode: the REJ exception condition (one REJ per gap). */
  private rejCondition = false;
  private readonly state = new Uint8Array(RLP_MODULUS);
  private readonly starts = new Float64Array(RLP_MODULUS);
  private readonly ends = new Float64Array(RLP_MODULUS);
  private srejDue = 0;

  constructor(
    private readonly cfg: ResolvedGsmRlpConfig,
    private readonly sink: ByteRangeSink,
    private readonly c: GsmRlpCounters,
  ) {}

  /** SREJs waiting to be sent. */
  get srejsPending(): number {
    return this.srejDue;
  }

  /** An I frame arrived intact. */
  receiveI(ns: number, trueNs: number, start: number, end: number): void {
    const off = (ns - (this.vr % RLP_MODULUS) + RLP_MODULUS) % RLP_MODULUS;
    if (off >= this.cfg.window) {
      // Outside the window: read as an old duplicate. A frame the sender never sent before
      // would be misread here; with V(A) ≤ V(R) and k ≤ 61 that cannot happen, but count it.
      if (trueNs >= this.vr) this.c.seqAliases++;
      return;
    }
    const t = this.vr + off;
    const aliased = t !== trueNs;
    if (aliased) this.c.seqAliases++;
    if (this.cfg.recovery === 'rej') {
      if (t !== this.vr) {
        // Go-back-N receiver: discard, and ask once for everything from V(R) on.
        if (!this.rejCondition) {
          this.rejCondition = true;
          this.rejDue = true;
        }
        return;
      }
      this.rejCondition = false;
      this.rejDue = false;
    }
    const i = t % RLP_MODULUS;
    const st = this.state[i];
    if (st === HELD || st === ALIASED) return; // duplicate
    if (st === MISSING) this.srejDue--;
    this.state[i] = aliased ? ALIASED : HELD;
    this.starts[i] = start;
    this.ends[i] = end;
    if (t > this.highest) {
      // Frames skipped over are newly detected missing: each gets one SREJ.
      for (let u = this.highest + 1; u < t; u++) {
        const j = u % RLP_MODULUS;
        if (this.state[j] === EMPTY) {
          this.state[j] = MISSING;
          this.srejDue++;
        }
      }
      this.highest = t;
    }
    if (t === this.vr) this.deliverRun();
  }

  /** Oldest frame still to be asked for with SREJ (true number); marks it asked. −1 if none. */
  nextSrej(): number {
    if (this.srejDue === 0) return -1;
    for (let u = this.vr; u <= this.highest; u++) {
      const j = u % RLP_MODULUS;
      if (this.state[j] === MISSING) {
        this.state[j] = ASKED;
        this.srejDue--;
        return u;
      }
    }
    this.srejDue = 0;
    return -1;
  }

  private deliverRun(): void {
    for (;;) {
      const i = this.vr % RLP_MODULUS;
      const st = this.state[i];
      if (st !== HELD && st !== ALIASED) break;
      if (st === HELD) {
        const s = this.starts[i];
        const e = this.ends[i];
        this.c.bytesDelivered += e - s;
        this.sink.receive(s, e, true);
      }
      this.state[i] = EMPTY;
      this.vr++;
    }
    if (this.highest < this.vr - 1) this.highest = this.vr - 1;
  }

  /**
   * A poll arrived: the sender will go back to our N(R) and resend everything from it, so the
   * frames held beyond the gap are released (04.22 Annex A: on a poll command every receive
   * slot is set idle). Keeping them would let V(R) jump past the resent copies, which a
   * modulo-62 receiver with k = 61 then misreads as new frames.
   */
  releaseHeld(): void {
    for (let u = this.vr; u <= this.highest; u++) this.state[u % RLP_MODULUS] = EMPTY;
    this.highest = this.vr - 1;
    this.srejDue = 0;
  }

  /** Reset (SABM/UA): out-of-sequence frames are flushed — their data is lost (gsm.md). */
  flush(): void {
    this.state.fill(EMPTY);
    this.vr = 0;
    this.highest = -1;
    this.srejDue = 0;
    this.rejDue = false;
    this.rejCondition = false;
    this.pollAnswerDue = false;
  }
}
