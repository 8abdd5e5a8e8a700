import { doubleFields, mutableFields } from '../core/field-shape';
import type { CopyLedger } from '../core/packet';
import type { Nanos } from '../core/time';

/** How many timeouts still waiting for their verdict are remembered (the oldest is forgotten first). */
const OPEN_TIMEOUTS = 16;

/**
 * The ground truth of spurious timeouts (remedies.md, "Traces and summary": `tcp.spuriousTimeouts`,
 * counted in every run, remedies or not). Kept by the sending connection; every data or FIN segment
 * it sends is a numbered copy carrying this ledger (core/packet.ts `CopyLedger`), and the receiving
 * connection reports each copy that reaches it. Simulation bookkeeping only: no protocol rule reads it.
 *
 * Definition: a retransmission timeout in the data phase resends from SND.UNA. It is **spurious**
 * when a copy of that first octet sent before the timeout reaches the receiving TCP — before the
 * timeout (the ACK was lost or late) or after it (the segment was only delayed): the resend was not
 * needed for the receiver to get the data. It is decided at the timeout when the receiver already
 * holds the octet, else when such a copy arrives; a timeout whose earlier copies were all lost
 * stays genuine. Each timeout is judged on its own: when the original and the first resend are both
 * late, both timeouts that resent them are spurious. The last 16 timeouts without a verdict are
 * remembered (a verdict comes within one round trip of the resend in every model, whose links
 * deliver in order).
 */
export class SpuriousTruth implements CopyLedger {
  /** Copies sent so far (numbered from 1). */
  copies = 0;
  /** Spurious timeouts found. */
  count = 0;
  /** The receiver's `has`, known after its first report (null before). */
  private has: ((s: number) => boolean) | null = null;
  /** Open timeouts: octet resent, copies sent before the timeout, time of the timeout. */
  private readonly seqs = new Float64Array(OPEN_TIMEOUTS);
  private readonly before = new Float64Array(OPEN_TIMEOUTS);
  private readonly at = new Float64Array(OPEN_TIMEOUTS);
  private open = 0;

  constructor(
    /** Called for each spurious timeout found, at `now`: the octet resent and when the timeout fired. */
    private readonly onSpurious: (now: Nanos, seq: number, timeoutAt: Nanos) => void,
  ) {
    mutableFields(this, ['count', 'open']);
    doubleFields(this, ['copies']);
  }

  /** Number the next copy sent. */
  nextCopy(): number {
    return ++this.copies;
  }

  /** A data-phase timeout at `now` resends from octet `seq`. */
  timeout(now: Nanos, seq: number): void {
    if (this.has !== null && this.has(seq)) {
      this.found(now, seq, now);
      return;
    }
    if (this.open === OPEN_TIMEOUTS) this.forget(0);
    const i = this.open++;
    this.seqs[i] = seq;
    this.before[i] = this.copies;
    this.at[i] = now;
  }

  arrived(now: Nanos, seq: number, end: number, copy: number, has: (s: number) => boolean): void {
    this.has = has;
    for (let i = 0; i < this.open;) {
      const s = this.seqs[i];
      if (seq <= s && s < end && copy <= this.before[i]) {
        const at = this.at[i];
        this.forget(i);
        this.found(now, s, at);
      } else i++;
    }
  }

  private found(now: Nanos, seq: number, at: Nanos): void {
    this.count++;
    this.onSpurious(now, seq, at);
  }

  private forget(i: number): void {
    for (let k = i + 1; k < this.open; k++) {
      this.seqs[k - 1] = this.seqs[k];
      this.before[k - 1] = this.before[k];
      this.at[k - 1] = this.at[k];
    }
    this.open--;
  }
}
