/**
 * The upper face (contract.ts `LinkService`) of the link ends that carry a byte stream — IS-707
 * and GSM RLP, V.42, PIAFS: the layer above pushes packets onto the end's outgoing packet byte
 * stream (ppp/stream.ts) and polls those the reassembler of the peer's stream delivered whole.
 * The entity itself only takes bytes and hands on byte ranges (its `RlpByteSource` and
 * `ByteRangeSink`), so one service serves them all.
 */
import type { ByteRange, LinkRangeDelivery, LinkService } from './contract';
import type { ByteRangeSink, PacketByteStream, StreamPair, StreamReassembler } from './ppp/stream';

export class StreamService<P> implements LinkService<P> {
  constructor(
    /** The end's outgoing stream (its entity's byte source). */
    readonly tx: PacketByteStream<P>,
    /** The reassembler of the peer's stream (its entity's byte sink). */
    readonly rx: StreamReassembler<P>,
  ) {}

  push(sdu: P, bytes: number): void {
    this.tx.append(sdu, bytes);
  }

  pushFront(sdu: P, bytes: number): void {
    this.tx.pushFront(sdu, bytes);
  }

  pollDelivered(): P | null {
    return this.rx.pollDelivered();
  }

  get queuedUnits(): number {
    return this.tx.queuedPackets;
  }

  get queuedBytes(): number {
    return this.tx.pending;
  }
}

/** The services of both ends of a stream pair: A sends on `txA` and reads `rxA`, B likewise. */
export function streamServices<P>(pair: StreamPair<P>): readonly [StreamService<P>, StreamService<P>] {
  return [new StreamService(pair.txA, pair.rxA), new StreamService(pair.txB, pair.rxB)];
}

/**
 * Cut-through delivery held for polling: a `ByteRangeSink` an entity hands its in-order ranges
 * to, read by the layer above with {@link pollRange}. Adjacent ranges of the same fate merge, so
 * the queue holds at most one range per change of fate between polls.
 */
export class RangeQueue implements ByteRangeSink, LinkRangeDelivery {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly intact: boolean[] = [];
  private head = 0;

  receive(start: number, end: number, intact: boolean): void {
    const n = this.ends.length;
    if (n > this.head && this.ends[n - 1] === start && this.intact[n - 1] === intact) {
      this.ends[n - 1] = end;
      return;
    }
    this.starts.push(start);
    this.ends.push(end);
    this.intact.push(intact);
  }

  pollRange(out: ByteRange): boolean {
    if (this.head >= this.ends.length) return false;
    out.start = this.starts[this.head];
    out.end = this.ends[this.head];
    out.intact = this.intact[this.head];
    this.head++;
    if (this.head === this.ends.length) {
      this.starts.length = 0;
      this.ends.length = 0;
      this.intact.length = 0;
      this.head = 0;
    }
    return true;
  }
}
