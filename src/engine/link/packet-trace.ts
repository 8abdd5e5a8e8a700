/**
 * `link.packet`: which link frames carried each IP datagram — the identity that lets a TCP event
 * be explained from the layers below (analysis/explain) instead of guessed from times.
 *
 * One record per datagram (or per PPP Multilink fragment) when its last byte has been put into a
 * frame for the first time: fields dir, id (the IP packet id, core/packet.ts), first and last
 * (the frames that carried its first and last byte, in the numbering of the link's own frame
 * source: IS-707's and GSM's true frame numbers in `link.frame`, PIAFS's NUM in `piafs.monitor`,
 * GERAN's block number, DECT's DLC fragment count; −1 and −1 for a Multilink fragment that went on
 * a released link and was never framed, recorded when it was lost), link (the member link or
 * bearer, 0 for a one-bearer link) and part (the Multilink fragment's sequence number, −1 for a
 * whole datagram).
 * Nothing is recorded per frame, so the per-frame path pays one call and two comparisons. A
 * frame-level source all the same (its framers are told of every frame): outside `traceHash`, and
 * not made at all when no reader keeps it (link-trace.ts `detailRecorder`).
 */
import type { Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';

const FIELDS = ['dir', 'id', 'first', 'last'] as const;
const MULTILINK_FIELDS = ['dir', 'id', 'first', 'last', 'link', 'part'] as const;

/**
 * The `link.packet` source of a one-bearer link: dir, id, first, last (declared once per
 * recorder; a second call returns the same source). Four fields, not six: a link of one bearer
 * has no member link or fragment to name.
 */
export function packetTraceSource(rec: TraceRecorder, dirLabels: readonly string[]): PacketTraceSource {
  return rec.source('link.packet', FIELDS, { dir: dirLabels }, { detail: true });
}

/** The `link.packet` source of a PPP Multilink bundle: dir, id, first, last, link, part. */
export function multilinkPacketTraceSource(
  rec: TraceRecorder,
  dirLabels: readonly string[],
): MultilinkPacketTraceSource {
  return rec.source('link.packet', MULTILINK_FIELDS, { dir: dirLabels }, { detail: true });
}

export type PacketTraceSource = TraceSource<typeof FIELDS>;
export type MultilinkPacketTraceSource = TraceSource<typeof MULTILINK_FIELDS>;

/** What a framer reads of a packet byte stream's ledger (ppp/stream.ts `PacketByteStream`). */
export interface PacketLedger<P> {
  readonly firstIndex: number;
  readonly endIndex: number;
  startOf(i: number): number;
  endOf(i: number): number;
  packetAt(i: number): P;
}

/** A link driver tells it of every new frame's byte range (retransmissions are ignored). */
export interface FramedSink {
  framed(t: Nanos, frame: number, start: number, end: number): void;
}

/**
 * Follows one direction of a byte-stream link (IS-707 RLP, GSM RLP, a PIAFS member link): told
 * which stream bytes each new frame carries, it records every datagram of the ledger once its
 * last byte is framed. Bytes that never reach a frame (an RLP reset flushed them) are passed
 * over: a datagram that lost its end so is not recorded.
 */
export class PacketFramer<P> implements FramedSink {
  /** Ledger index of the oldest datagram not yet completely framed. */
  private next: number;
  /** Frame that carried that datagram's first byte (−1: none yet). */
  private first = -1;
  /** Stream offset up to which bytes have been framed. */
  private covered = 0;

  constructor(
    private readonly source: PacketTraceSource | MultilinkPacketTraceSource,
    private readonly dir: number,
    private readonly link: number,
    private readonly ledger: PacketLedger<P>,
    private readonly idOf: (p: P) => number,
    private readonly partOf: ((p: P) => number) | null = null,
  ) {
    this.next = ledger.firstIndex;
  }

  framed(t: Nanos, frame: number, start: number, end: number): void {
    if (end <= this.covered) return; // bytes framed before: a retransmission
    this.covered = end;
    const l = this.ledger;
    if (this.next < l.firstIndex) {
      // The receiver passed datagrams this side never finished framing (their bytes were lost).
      this.next = l.firstIndex;
      this.first = -1;
    }
    while (this.next < l.endIndex) {
      const i = this.next;
      if (l.startOf(i) >= end) return;
      const pe = l.endOf(i);
      if (pe <= start) {
        // Its last bytes were skipped (flushed before they reached a frame): not carried whole.
        this.next++;
        this.first = -1;
        continue;
      }
      if (this.first < 0) this.first = frame;
      if (pe > end) return;
      const p = l.packetAt(i);
      this.source.record(
        t,
        this.dir,
        this.idOf(p),
        this.first,
        frame,
        this.link,
        this.partOf ? this.partOf(p) : -1,
      );
      this.next++;
      this.first = -1;
    }
  }

  /**
   * The link is gone at `t` (a PPP Multilink member released): every datagram of the ledger not
   * yet framed whole never will be. Each is recorded now with no frames (first = last = −1).
   */
  abandon(t: Nanos): void {
    const l = this.ledger;
    for (let i = Math.max(this.next, l.firstIndex); i < l.endIndex; i++) {
      const p = l.packetAt(i);
      this.source.record(t, this.dir, this.idOf(p), -1, -1, this.link, this.partOf ? this.partOf(p) : -1);
    }
    this.next = l.endIndex;
    this.first = -1;
  }
}
