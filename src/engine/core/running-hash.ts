/**
 * The running hash behind a run's `traceHash` (core/trace.ts): two 32-bit lanes with FNV-1a's
 * prime and MurmurHash2's constant as multipliers, folding 32-bit words. A record folds as its
 * source's id, then its time and each field value as the two 32-bit halves of the IEEE double
 * (low word first), so a value means the same in every JavaScript engine and on every platform.
 * Each word w: lane 1 ← (lane 1 ⊕ w) · LANE1, lane 2 ← ((lane 2 ⊕ w) · LANE2) ⊕ (lane 2 >>> 15), all
 * mod 2^32. The blocks below repeat that fold word by word on purpose: with both lanes in locals
 * (no call, no field store per word) a DECT hour's or an IS-707 run's records hash in a fraction of
 * the time (pinned by golden tests in tests/engine/core/trace*.test.ts).
 */

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);
/** Multipliers of the two lanes (FNV-1a's prime; MurmurHash2's constant). */
const LANE1 = 0x01000193;
const LANE2 = 0x5bd1e995;

/**
 * A source's id in the hash: the 32-bit FNV-1a hash of its name. By name, not by the order of
 * declaration, so that a source the run does not declare (a frame-level source no reader keeps)
 * leaves every other source's records folding the same words.
 */
export function sourceHashId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), LANE1);
  return h >>> 0;
}

export class RunningHash {
  private h1 = 0x811c9dc5;
  private h2 = 0x01234567;

  /** Fingerprint of every record folded so far, as 16 hex digits. */
  hex(): string {
    return (this.h1 >>> 0).toString(16).padStart(8, '0') + (this.h2 >>> 0).toString(16).padStart(8, '0');
  }

  /**
   * Fold one record's source, time and first four fields (of its `n`), with both lanes held in
   * locals for the whole record and written back once — a call, field load and store per word cost
   * about as much again as the hashing itself.
   */
  mix(id: number, t: number, a: number, b: number, c: number, d: number, n: number): void {
    // Straight-line, one block per word (a loop choosing the value by index cost a third more). In
    // lane 2 the shifted term is the lane's value before the word is folded in.
    let h1 = this.h1;
    let h2 = this.h2;
    let w = id;
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    scratch[0] = t;
    w = scratchWords[0];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    w = scratchWords[1];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    if (n > 0) {
      scratch[0] = a;
      w = scratchWords[0];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      w = scratchWords[1];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      if (n > 1) {
        scratch[0] = b;
        w = scratchWords[0];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        w = scratchWords[1];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        if (n > 2) {
          scratch[0] = c;
          w = scratchWords[0];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          w = scratchWords[1];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          if (n > 3) {
            scratch[0] = d;
            w = scratchWords[0];
            h1 = Math.imul(h1 ^ w, LANE1);
            h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
            w = scratchWords[1];
            h1 = Math.imul(h1 ^ w, LANE1);
            h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          }
        }
      }
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /**
   * Fold the fifth to the `n`-th field (n of 5–8) of a record whose first four {@link mix} folded,
   * with the lanes in locals (`ip.packet`, eight fields, is made for every datagram).
   */
  mixTail(e: number, f: number, g: number, h: number, n: number): void {
    let h1 = this.h1;
    let h2 = this.h2;
    let w: number;
    scratch[0] = e;
    w = scratchWords[0];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    w = scratchWords[1];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    if (n > 5) {
      scratch[0] = f;
      w = scratchWords[0];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      w = scratchWords[1];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      if (n > 6) {
        scratch[0] = g;
        w = scratchWords[0];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        w = scratchWords[1];
        h1 = Math.imul(h1 ^ w, LANE1);
        h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        if (n > 7) {
          scratch[0] = h;
          w = scratchWords[0];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
          w = scratchWords[1];
          h1 = Math.imul(h1 ^ w, LANE1);
          h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
        }
      }
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /**
   * Fold one record given as a row — its source, time and `n` fields, a missing one as 0 — with
   * the lanes in locals as in {@link mix}.
   */
  mixRow(id: number, t: number, row: ArrayLike<number>, n: number): void {
    let h1 = this.h1;
    let h2 = this.h2;
    let w = id;
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    scratch[0] = t;
    w = scratchWords[0];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    w = scratchWords[1];
    h1 = Math.imul(h1 ^ w, LANE1);
    h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    const len = row.length;
    for (let k = 0; k < n; k++) {
      scratch[0] = k < len ? row[k] : 0;
      w = scratchWords[0];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
      w = scratchWords[1];
      h1 = Math.imul(h1 ^ w, LANE1);
      h2 = Math.imul(h2 ^ w, LANE2) ^ (h2 >>> 15);
    }
    this.h1 = h1;
    this.h2 = h2;
  }
}
