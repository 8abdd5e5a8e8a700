/**
 * The radio block of the GERAN shared slot (geran.md "Slot"): one timeslot per direction in
 * 20 ms blocks; a block that speech does not own carries 80 bytes of data (32 kbit/s). Data is a
 * byte stream across blocks, so one block holds the end of one packet and the start of the next:
 * a block is a list of pieces, each a run of one packet's bytes.
 */
import { millis, type Nanos } from '../../core/time';

/** Duration of one radio block. */
export const GERAN_BLOCK_NS: Nanos = millis(20);
/** Data bytes a silent block carries (32 kbit/s × 20 ms). */
export const GERAN_BLOCK_BYTES = 80;

/** Most pieces one block can hold: 80 bytes of packets of at least 40 (IP + TCP headers) → 3. */
const MAX_PIECES = 4;

/**
 * One data block: up to MAX_PIECES runs of packet bytes, in stream order. Reused block after
 * block (the arrays are fixed), so the per-block path allocates nothing.
 */
export class MuxBlock<P> {
  /** Pieces in use. */
  count = 0;
  readonly packets: (P | null)[] = new Array<P | null>(MAX_PIECES).fill(null);
  readonly bytes = new Int32Array(MAX_PIECES);
  /** 1 when the piece holds the packet's first byte. */
  readonly first = new Uint8Array(MAX_PIECES);
  /** 1 when the piece holds the packet's last byte. */
  readonly last = new Uint8Array(MAX_PIECES);

  clear(): void {
    for (let i = 0; i < this.count; i++) this.packets[i] = null;
    this.count = 0;
  }

  push(packet: P, bytes: number, first: boolean, last: boolean): void {
    const i = this.count++;
    this.packets[i] = packet;
    this.bytes[i] = bytes;
    this.first[i] = first ? 1 : 0;
    this.last[i] = last ? 1 : 0;
  }

  /** Data bytes carried. */
  get used(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) n += this.bytes[i];
    return n;
  }
}

/** Start time of block k. */
export function blockStart(k: number): Nanos {
  return k * GERAN_BLOCK_NS;
}

/** Index of the first block starting at or after t. */
export function blockAtOrAfter(t: Nanos): number {
  return Math.ceil(t / GERAN_BLOCK_NS);
}
