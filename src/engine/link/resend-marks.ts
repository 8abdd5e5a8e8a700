/**
 * The frames an HDLC-family sender has marked to send again, by true (unbounded) frame number:
 * one mark per sequence number, which is enough because the send window never spans the whole
 * sequence space (k < modulus). GSM RLP marks the frame an SREJ names, every frame from N(R) on
 * for REJ or a checkpoint (GSM 04.22 §5.2.3.6, §5.2.3.8, Annex A); V.42 LAPM likewise for REJ
 * and, in this model, every outstanding frame on T401 expiry (V.42 §8.4.2, §8.4.4). The oldest
 * marked frame goes first.
 */
export class ResendMarks {
  private readonly marks: Uint8Array;
  /** Frames marked. */
  count = 0;

  constructor(private readonly modulus: number) {
    this.marks = new Uint8Array(modulus);
  }

  /** Mark frame `n` (marking it twice keeps one mark). */
  mark(n: number): void {
    const i = n % this.modulus;
    if (this.marks[i] === 0) {
      this.marks[i] = 1;
      this.count++;
    }
  }

  /** Mark frames [from, to). */
  markRange(from: number, to: number): void {
    for (let n = from; n < to; n++) this.mark(n);
  }

  /** Frames [from, to) were acknowledged: none of them is sent again. */
  clearRange(from: number, to: number): void {
    for (let n = from; n < to; n++) {
      const i = n % this.modulus;
      if (this.marks[i] !== 0) {
        this.marks[i] = 0;
        this.count--;
      }
    }
  }

  /** The oldest marked frame of [from, to), its mark taken off; −1 when none is marked there. */
  takeOldest(from: number, to: number): number {
    if (this.count === 0) return -1;
    for (let n = from; n < to; n++) {
      const i = n % this.modulus;
      if (this.marks[i] !== 0) {
        this.marks[i] = 0;
        this.count--;
        return n;
      }
    }
    return -1;
  }

  /** Forget every mark (a reset flushes the send buffer). */
  clear(): void {
    this.marks.fill(0);
    this.count = 0;
  }
}
