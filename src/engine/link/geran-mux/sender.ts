/**
 * The sending end of one direction of the GERAN shared slot (geran.md "Slot"): an unlimited FIFO
 * at the sender (the base station for the downlink, the mobile for the uplink), drained as one
 * byte stream into the blocks speech leaves silent. Sans-IO (link/contract.ts): the driver polls
 * it only for blocks that carry data — a speech block is not the data entity's to send.
 */
import type { LinkEntity, LinkTime } from '../contract';
import { GERAN_BLOCK_BYTES, type MuxBlock } from './block';

export class MuxSender<P> implements LinkEntity<MuxBlock<P>, never> {
  private readonly queue: P[] = [];
  private readonly sizes: number[] = [];
  private head = 0;
  /** Bytes of the head packet already sent. */
  private sentOfHead = 0;
  /** Bytes queued and not yet sent. */
  backlog = 0;
  /** Most bytes ever queued at once. */
  maxBacklog = 0;
  /** Data blocks sent. */
  blocks = 0;

  /** Queue a packet of `bytes` bytes (its whole IP datagram). */
  enqueue(packet: P, bytes: number): void {
    if (!(bytes >= 1)) throw new RangeError('GERAN mux: a packet has at least one byte');
    this.queue.push(packet);
    this.sizes.push(bytes);
    this.backlog += bytes;
    if (this.backlog > this.maxBacklog) this.maxBacklog = this.backlog;
  }

  /**
   * Queue a packet at the head (link/contract.ts `LinkService.pushFront`): next after the packet
   * part-sent, if any, which is never cut.
   */
  enqueueFront(packet: P, bytes: number): void {
    if (!(bytes >= 1)) throw new RangeError('GERAN mux: a packet has at least one byte');
    const at = this.sentOfHead > 0 ? this.head + 1 : this.head;
    this.queue.splice(at, 0, packet);
    this.sizes.splice(at, 0, bytes);
    this.backlog += bytes;
    if (this.backlog > this.maxBacklog) this.maxBacklog = this.backlog;
  }

  /** Packets waiting (the head one included, even partly sent). */
  get queued(): number {
    return this.queue.length - this.head;
  }

  handleFrame(): void {
    // One-way: the shared slot has no feedback (no link-layer recovery, geran.md "Channel").
  }

  /** Fill block `now` with up to 80 bytes of the stream; false when nothing is queued. */
  pollTransmit(_now: LinkTime, out: MuxBlock<P>): boolean {
    out.clear();
    let room = GERAN_BLOCK_BYTES;
    while (room > 0 && this.head < this.queue.length) {
      const size = this.sizes[this.head];
      const first = this.sentOfHead === 0;
      const n = Math.min(room, size - this.sentOfHead);
      const last = this.sentOfHead + n === size;
      out.push(this.queue[this.head], n, first, last);
      room -= n;
      this.backlog -= n;
      if (last) {
        this.head++;
        this.sentOfHead = 0;
      } else {
        this.sentOfHead += n;
      }
    }
    this.compact();
    if (out.count === 0) return false;
    this.blocks++;
    return true;
  }

  pollEvent(): null {
    return null;
  }

  get eventsWaiting(): boolean {
    return false;
  }

  pollTimeout(): LinkTime {
    return Infinity;
  }

  /** Drop sent entries once the queue empties or the sent prefix grows long (no per-packet splice). */
  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.sizes.length = 0;
      this.head = 0;
    } else if (this.head > 1024) {
      this.queue.splice(0, this.head);
      this.sizes.splice(0, this.head);
      this.head = 0;
    }
  }
}
