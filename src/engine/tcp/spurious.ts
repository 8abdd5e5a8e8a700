import { doubleFields, mutableFields } from '../core/field-shape';
import type { Nanos } from '../core/time';
import type { RtoEstimator } from './rto';
import type { Sender } from './sender';

/** Which detector found a spurious timeout (trace labels: DETECTOR_NAMES). */
export const Detector = { Eifel: 0, Frto: 1 } as const;
export type Detector = (typeof Detector)[keyof typeof Detector];
export const DETECTOR_NAMES: readonly string[] = ['Eifel', 'F-RTO'];

/** No verdict on this ACK. */
export const NO_VERDICT = -1;

/** F-RTO's steps (RFC 5682 §2): waiting for the first ACK after the timeout's resend (2), then the second (3). */
const FRTO_IDLE = 0;
const FRTO_STEP2 = 2;
const FRTO_STEP3 = 3;

/**
 * Detection of spurious timeouts and the response to them (remedies.md: `eifel=1`, `frto=1`).
 *
 * - **Eifel detection** (RFC 3522 §3, timeouts only): RetransmitTS is the TSval of the timeout's
 *   resend of the oldest unacknowledged segment; the first acceptable ACK (one that advances
 *   SND.UNA) after it echoes a TSecr smaller than RetransmitTS ⇒ the original reached the receiver:
 *   spurious. Needs negotiated timestamps.
 * - **F-RTO, basic** (RFC 5682 §2): (1) at the timeout the segment at SND.UNA is resent, unless the
 *   sender is already in RTO recovery with `recover` at or above SND.UNA: then conventional recovery
 *   (a recurring timeout). (2) The first ACK after the resend: a duplicate ACK, an ACK of all that is
 *   outstanding or one not covering the resend ⇒ conventional (2a); else `recover` = SND.MAX and up to
 *   two new segments go out, beyond cwnd but within the receiver's window, Nagle overridden (2b) — or,
 *   with no new data or no room in the receiver's window, conventional. (3) The second ACK: a duplicate
 *   ⇒ cwnd ≤ 3·SMSS and go-back-N from SND.UNA (3a); an ACK that advances the window acknowledges data
 *   never resent ⇒ spurious, `recover` = SND.UNA (3b).
 * - With both on, whichever declares the timeout spurious first decides.
 * - **The Eifel response** (RFC 4015 §3) to a detected spurious timeout: (0) at the timeout, before
 *   ssthresh and cwnd change, pipe_prev = max(FlightSize, ssthresh), SRTT_prev = SRTT + 2·G and
 *   RTTVAR_prev = RTTVAR, G the profile's tick; on detection SND.NXT = SND.MAX (resume with new data,
 *   no go-back-N), cwnd = FlightSize + min(bytes acknowledged, IW), ssthresh = pipe_prev; the RTO is
 *   adapted to the delay spike on the first valid RTT sample (at once with timestamps, whose TSecr
 *   times the original): SRTT = max(SRTT_prev, sample), RTTVAR = max(RTTVAR_prev, sample/2),
 *   RTO = SRTT + max(G, 4·RTTVAR) (rto.ts `adapt`).
 * - With either detector on, the sender keeps RFC 6582's `recover` guard (reno.ts): duplicate ACKs
 *   for data sent before a timeout start no fast retransmit, so the duplicates the resend provokes at
 *   the receiver cannot start a spurious one.
 *
 * `recover` is Reno's `recover` (reno.ts): the number after the highest octet sent when it was set,
 * so RFC 5682's "recover ≥ SND.UNA" reads `recover > SND.UNA` here.
 */
export class SpuriousDetector {
  /** Eifel is waiting for the first acceptable ACK after the resend. */
  private eifelArmed = false;
  /** RFC 3522 RetransmitTS (0 until the resend went out). */
  private retransmitTs = 0;
  private frtoStep = FRTO_IDLE;
  /** End of the segment the timeout resent (0 until it went out). */
  private rtxEnd = 0;
  /** The octet the timeout resent from (for the traces). */
  seq = 0;
  /** In RTO recovery (RFC 5682 step 1): from a timeout until SND.UNA passes `recover`. */
  private rtoRecovery = false;
  /** RFC 4015 step (0). */
  private pipePrev = 0;
  private srttPrev = NaN;
  private rttvarPrev = NaN;
  /** The RTO adaptation waits for the next valid RTT sample (a detection without one). */
  adaptPending = false;

  constructor(
    readonly eifel: boolean,
    readonly frto: boolean,
    /** Clock granularity G, ns (the profile's tick). */
    private readonly granularity: Nanos,
  ) {
    mutableFields(this, ['eifelArmed', 'frtoStep', 'rtoRecovery', 'adaptPending']);
    doubleFields(this, ['retransmitTs', 'rtxEnd', 'seq', 'pipePrev', 'srttPrev', 'rttvarPrev']);
  }

  /** Detection in progress (an ACK may decide). */
  get active(): boolean {
    return this.eifelArmed || this.frtoStep !== FRTO_IDLE;
  }

  /**
   * A data-phase timeout, called before the sender's Reno reaction: save RFC 4015's step (0) and arm
   * the detectors, unless the timeout recurs within open RTO recovery (then conventional).
   */
  timeout(snd: Sender, rto: RtoEstimator, eifelUsable: boolean): void {
    const open = this.rtoRecovery && snd.cc.recover > snd.sndUna;
    this.rtoRecovery = true;
    this.eifelArmed = false;
    this.frtoStep = FRTO_IDLE;
    this.retransmitTs = 0;
    this.rtxEnd = 0;
    if (open) return;
    this.seq = snd.sndUna;
    this.pipePrev = Math.max(snd.flight, snd.cc.ssthresh);
    this.srttPrev = rto.hasSample ? rto.srtt + 2 * this.granularity : NaN;
    this.rttvarPrev = rto.hasSample ? rto.rttvar : NaN;
    this.eifelArmed = this.eifel && eifelUsable;
    if (this.frto) this.frtoStep = FRTO_STEP2;
  }

  /** A segment went out: the timeout's resend of `seq` fixes RetransmitTS and its end. */
  sent(seq: number, end: number, tsVal: number): void {
    if (this.rtxEnd !== 0 || seq !== this.seq || !this.active) return;
    this.rtxEnd = end;
    this.retransmitTs = tsVal;
  }

  /**
   * An ACK that advanced SND.UNA by `acked` bytes (already applied to `snd`), echoing `tsEcr`
   * (0: none). Returns the detector that declared the timeout spurious, or NO_VERDICT.
   */
  newAck(snd: Sender, tsEcr: number): number {
    if (this.rtoRecovery && snd.sndUna >= snd.cc.recover) this.rtoRecovery = false;
    if (!this.active || this.rtxEnd === 0) return NO_VERDICT;
    if (this.eifelArmed) {
      this.eifelArmed = false;
      if (tsEcr > 0 && tsEcr < this.retransmitTs) return this.declared(Detector.Eifel);
    }
    if (this.frtoStep === FRTO_STEP2) {
      // Step 2: a duplicate ACK is handled by `dupAck`; here the ACK advanced SND.UNA.
      if (snd.sndUna >= snd.sndMax || snd.sndUna < this.rtxEnd || !snd.canSendNew()) {
        this.frtoStep = FRTO_IDLE; // 2a, or 2b blocked: conventional
        return NO_VERDICT;
      }
      snd.cc.recover = snd.sndMax;
      snd.sndNxt = snd.sndMax;
      snd.frtoAllowance = 2;
      this.frtoStep = FRTO_STEP3;
      return NO_VERDICT;
    }
    if (this.frtoStep === FRTO_STEP3) {
      // 3b: the window advanced over data that was never resent.
      snd.cc.recover = snd.sndUna + 1;
      return this.declared(Detector.Frto);
    }
    return NO_VERDICT;
  }

  /** A duplicate ACK (RFC 5681 §2) while detecting. */
  dupAck(snd: Sender): void {
    if (this.rtxEnd === 0) return;
    if (this.frtoStep === FRTO_STEP2)
      this.frtoStep = FRTO_IDLE; // 2a: conventional
    else if (this.frtoStep === FRTO_STEP3) {
      // 3a: the timeout was genuine; slow start from SND.UNA with at most 3 segments.
      this.frtoStep = FRTO_IDLE;
      snd.frtoAllowance = 0;
      if (snd.cc.cwnd > 3 * snd.mss) snd.cc.cwnd = 3 * snd.mss;
      snd.sndNxt = snd.sndUna;
    }
  }

  /**
   * The Eifel response (RFC 4015 §3) after this ACK acknowledged `acked` bytes; `initialWindow` in
   * bytes. The RTO adaptation is the caller's (`adapt`), with this ACK's RTT sample or the next one.
   */
  respond(snd: Sender, acked: number, initialWindow: number): void {
    snd.sndNxt = snd.sndMax;
    snd.frtoAllowance = 0;
    const cc = snd.cc;
    cc.ssthresh = this.pipePrev;
    cc.cwnd = Math.min(snd.sndMax - snd.sndUna + Math.min(acked, initialWindow), snd.params.cwndCap);
    cc.inRecovery = false;
    cc.dupAcks = 0;
    if (snd.sack !== null) snd.sack.afterRto = false;
    this.adaptPending = true;
  }

  /** RFC 4015's RTO adaptation with a valid RTT sample (ns). */
  adapt(rto: RtoEstimator, sample: Nanos): void {
    this.adaptPending = false;
    rto.adapt(this.srttPrev, this.rttvarPrev, sample, this.granularity);
  }

  private declared(d: Detector): number {
    this.eifelArmed = false;
    this.frtoStep = FRTO_IDLE;
    return d;
  }
}
